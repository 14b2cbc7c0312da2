// Fixed-layout EPUB import (issue 32): the package's rendition properties, per-item overrides, each page's
// viewport, images in the spine, print pages. Over the W3C layout tests and the real books of the shared corpus.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chapterLayout } from '@textbook/contracts';
import { useTestApp } from '../../../test/helpers.js';
import { bookStorage } from '../books/index.js';
import { wordsOf } from '../catalog/index.js';
import { importEpub } from './importer.js';
import { itemLayout, pageListOf, svgViewport, xhtmlViewport } from './fixed-pages.js';
import type { PackageDoc } from './package-doc.js';

const DATA = path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'data');
const W3C = path.join(DATA, 'w3c-layout-media-tests');
const REAL = path.join(DATA, 'epub', 'fixed-layout');

describe('a page viewport as reading systems read it', () => {
  const meta = (content: string, more = '') =>
    `<html><head><meta name="viewport" content="${content}"/>${more}</head><body></body></html>`;
  it('reads width and height, ignoring units, a malformed rest, a repeated key and a second meta', () => {
    expect(xhtmlViewport(meta('width=900, height=600'))).toEqual({ width: 900, height: 600 });
    expect(xhtmlViewport(meta('width=900px, height=600px'))).toEqual({ width: 900, height: 600 });
    expect(xhtmlViewport(meta('width=900, height=600, something, foo'))).toEqual({ width: 900, height: 600 });
    expect(xhtmlViewport(meta('width=900, height=600, width=1000, height=1000'))).toEqual({ width: 900, height: 600 });
    expect(
      xhtmlViewport(meta('width=1000, height=600', '<meta name="viewport" content="width=500, height=300"/>')),
    ).toEqual({ width: 1000, height: 600 });
    expect(xhtmlViewport(meta('width=device-width, height=device-height'))).toMatchObject({ device: true });
    expect(xhtmlViewport('<html><head></head><body/></html>')).toBeNull();
  });
  it('reads an SVG page from its width and height, else its viewBox', () => {
    expect(svgViewport('<svg width="600" height="800"/>')).toEqual({ width: 600, height: 800 });
    expect(svgViewport('<svg viewBox="0 0 1200 900" width="100%"/>')).toEqual({ width: 1200, height: 900 });
  });
  it("takes an item's rendition:orientation before the book's; auto wants neither", () => {
    const pkg = (orientation: string) =>
      ({ rendition: { layout: 'pre-paginated', spread: '', orientation } }) as unknown as PackageDoc;
    const item = (...properties: string[]) => ({ idref: 'p', linear: true, properties });
    expect(itemLayout(pkg('landscape'), item()).orientation).toBe('landscape');
    expect(itemLayout(pkg('landscape'), item('rendition:orientation-portrait')).orientation).toBe('portrait');
    expect(itemLayout(pkg('portrait'), item('rendition:orientation-auto')).orientation).toBe('');
    expect(itemLayout(pkg('auto'), item()).orientation).toBe('');
    expect(
      itemLayout(pkg(''), item('rendition:orientation-landscape', 'rendition:orientation-portrait')).orientation,
    ).toBe('landscape');
  });

  it('reads a page-list by the page it names', () => {
    const nav = `<nav epub:type="page-list"><ol><li><a href="p1.xhtml">i</a></li><li><a href="p2.xhtml#x">2</a></li></ol></nav>`;
    const names = pageListOf(`<html><body>${nav}</body></html>`, 'EPUB/nav.xhtml');
    expect(names.get('EPUB/p1.xhtml')).toBe('i');
    expect(names.get('EPUB/p2.xhtml')).toBe('2');
  });
});

describe('importing fixed-layout books', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fxl-import-'));
  const t = useTestApp({ dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const load = (file: string) =>
    importEpub(
      {
        db: t.ctx.db,
        dialect: t.ctx.dialect,
        storage: bookStorage(t.ctx.config),
        caches: t.ctx.caches,
        words: wordsOf(t.ctx),
      },
      new Uint8Array(fs.readFileSync(file)),
    );
  const chaptersOf = async (bookId: number) =>
    (
      await t.ctx.db
        .selectFrom('book_chapters')
        .select(['id', 'path', 'html', 'text', 'layout'])
        .where('book_id', '=', bookId)
        .orderBy('seq')
        .execute()
    ).map((c) => ({ ...c, layout: chapterLayout.parse(JSON.parse(c.layout)) }));
  const bookOf = (bookId: number) =>
    t.ctx.db
      .selectFrom('books')
      .select(['layout', 'spread', 'orientation', 'direction'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
  const pagesOf = (bookId: number) =>
    t.ctx.db
      .selectFrom('book_pages')
      .select(['seq', 'label', 'chapter_id', 'anchor'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();

  it('keeps the package rendition, each page at its viewport, and one print page per page', async () => {
    const r = await load(path.join(W3C, 'lay-pp-layout-pre-paginated.epub'));
    expect(await bookOf(r.bookId)).toMatchObject({ layout: 'pre-paginated', spread: '' });
    const chapters = await chaptersOf(r.bookId);
    expect(chapters.map((c) => c.layout)).toEqual(
      Array(4).fill({ kind: 'fixed', width: 900, height: 600, spread: '', thumb: '', device: false, orientation: '' }),
    );
    // The page's body keeps its id (the book's CSS colours pages by it); nothing runs.
    const pages = await pagesOf(r.bookId);
    expect(pages.map((p) => p.label)).toEqual(['1', '2', '3', '4']);
    expect(pages.map((p) => p.chapter_id)).toEqual(chapters.map((c) => c.id));
  });

  it('keeps page-spread-left/right, the package spread and orientation', async () => {
    const left = await chaptersOf((await load(path.join(W3C, 'lay-pp-page-spread-left.epub'))).bookId);
    expect(left.map((c) => (c.layout.kind === 'fixed' ? c.layout.spread : 'reflow'))).toEqual(['', 'left', '', '']);
    const right = await chaptersOf((await load(path.join(W3C, 'lay-pp-page-spread-right.epub'))).bookId);
    expect(right[0]!.layout).toMatchObject({ kind: 'fixed', spread: 'right' });
    const r = await load(path.join(W3C, 'lay-pp-xhtml-icb_multi_declarations.epub'));
    expect(await bookOf(r.bookId)).toMatchObject({ spread: 'none', orientation: 'landscape' });
    // Each page wants the book's orientation (the reader asks a phone held upright to turn).
    expect((await chaptersOf(r.bookId)).map((c) => c.layout)).toEqual(
      Array(2).fill(expect.objectContaining({ kind: 'fixed', orientation: 'landscape' })),
    );
    const centre = await chaptersOf((await load(path.join(W3C, 'lay-pp-embedded-images.epub'))).bookId);
    expect(centre[0]!.layout).toMatchObject({ spread: 'center', width: 1674, height: 1378 });
  });

  it('reads each page its own viewport: the first of repeated declarations and meta tags', async () => {
    const sizes = async (file: string) =>
      (await chaptersOf((await load(path.join(W3C, file))).bookId)).map((c) =>
        c.layout.kind === 'fixed' ? `${c.layout.width}x${c.layout.height}` : 'reflow',
      );
    expect(await sizes('lay-pp-xhtml-icb_multi.epub')).toEqual(['900x600', '1400x600']);
    expect(await sizes('lay-pp-xhtml-icb_repeated-in-meta.epub')).toEqual(['900x600', '900x600']);
    expect(await sizes('lay-pp-xhtml-icb_multi_declarations.epub')).toEqual(['1000x600', '1000x600']);
    expect(await sizes('lay-pp-xhtml-icb_invalid_meta.epub')).toEqual(['900x600', '900x600']);
  });

  it('takes per-item layout overrides both ways; a repeated override keeps its first value', async () => {
    const kinds = async (file: string) =>
      (await chaptersOf((await load(path.join(W3C, file))).bookId)).map((c) => c.layout.kind);
    expect(await kinds('lay-pp-spine-overrides_behave-as-global.epub')).toEqual(['fixed', 'reflow']);
    expect(await kinds('lay-pp-spine-overrides_behave-as-global-bis.epub')).toEqual(['reflow', 'fixed', 'reflow']);
    expect(await kinds('lay-page-layout-both.epub')).toEqual(['fixed', 'reflow', 'fixed', 'fixed']);
    expect(await kinds('fxl-spine-overrides_duplicate.epub')).toEqual(['fixed', 'reflow']);
    expect(await kinds('lay-pp-layout-default.epub')).toEqual(['reflow']);
    // rendition:layout said twice: the first (pre-paginated) holds.
    expect(await kinds('lay-pp-layout-duplication.epub')).toEqual(Array(4).fill('fixed'));
  });

  it('makes an image in the spine a page of its own at its natural size, its fallback text as description', async () => {
    const r = await load(path.join(W3C, 'lay-pp-images-in-spine.epub'));
    const chapters = await chaptersOf(r.bookId);
    expect(chapters).toHaveLength(9);
    for (const c of chapters) {
      expect(c.layout.kind).toBe('fixed');
      expect(c.html).toMatch(/<img src="\/api\/book\/asset\/[\w-]+\.png"/);
      expect(c.html).not.toMatch(/<script/i);
    }
    expect(chapters[1]!.html).toContain('A APPLE PIE');
    expect(chapters[1]!.path).toMatch(/\.png$/);
  });

  it('imports the five real fixed-layout books with every page sized and no script', async () => {
    for (const file of fs.readdirSync(REAL).filter((f) => f.endsWith('.epub'))) {
      const r = await load(path.join(REAL, file));
      const chapters = await chaptersOf(r.bookId);
      const fixed = chapters.filter((c) => c.layout.kind === 'fixed');
      expect(fixed.length, file).toBeGreaterThan(0);
      for (const c of chapters) expect(c.html, file).not.toMatch(/<script|\son\w+=/i);
      // One print page per pre-paginated page (a reflowable chapter has those its page list gives: haruko's 14).
      const fixedIds = new Set(fixed.map((c) => c.id));
      expect((await pagesOf(r.bookId)).filter((p) => fixedIds.has(p.chapter_id)).length, file).toBe(fixed.length);
    }
    const svg = await chaptersOf((await load(path.join(REAL, 'svg-in-spine.epub'))).bookId);
    expect(svg[0]!.html).toContain('epub-svg-page');
  });
});
