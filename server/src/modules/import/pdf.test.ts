import fs from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { chapterContent, Msg, type ChapterContent, type InBookHit, type SectionNode } from '@textbook/contracts';
import { REPO_ROOT } from '../../../test/epub-corpus.js';
import { buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { passwordPdf } from '../../../test/locked-pdf.js';
import { multipart } from '../../../test/multipart.js';
import { tempDataDir } from '../../../test/reader-fixtures.js';
import { wordsOf } from '../catalog/index.js';
import { bookStorage } from '../books/index.js';
import { ImportRefusal } from './errors.js';
import { importPdf } from './pdf-import.js';

const PDF_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'pdf');
const pdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(PDF_DIR, name)));

/** Issue 32: PDF textbooks imported as per-section documents, page labels, outline and searchable text. */
describe('PDF import', () => {
  const dataDir = tempDataDir();
  const t = useTestApp({ dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const deps = () => ({
    db: t.ctx.db,
    dialect: t.ctx.dialect,
    storage: t.ctx.files.books,
    words: wordsOf(t.ctx),
    caches: t.ctx.caches,
    workers: t.ctx.workers,
  });
  const importFile = (name: string, options = {}) =>
    importPdf(deps(), pdf(name), { published: true, fileName: path.basename(name), ...options });

  const chapters = (bookId: number) =>
    t.ctx.db
      .selectFrom('book_chapters')
      .select(['id', 'seq', 'title', 'text', 'html', 'free', 'layout'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
  const pages = (bookId: number) =>
    t.ctx.db
      .selectFrom('book_pages')
      .select(['label', 'chapter_id', 'anchor', 'page_index'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
  const tree = async (bookId: number) =>
    expectOk(await call<SectionNode[]>(t.app, { url: `/api/book/sectionTree?bookId=${bookId}` }));
  const chapterAs = (bookId: number, chapterId: number, token?: string) =>
    call<ChapterContent>(t.app, { url: `/api/book/chapter?bookId=${bookId}&chapterId=${chapterId}`, token });

  it('freeculture.pdf: the outline is the contents, one chapter per top-level entry, text searchable', async () => {
    const result = await importFile('books/freeculture.pdf');
    expect(result).toMatchObject({ title: 'Free Culture', chapters: 13, tocSource: 'outline' });
    const book = await t.ctx.db
      .selectFrom('books')
      .select(['format', 'layout', 'authors', 'cover'])
      .where('id', '=', result.bookId)
      .executeTakeFirstOrThrow();
    expect(book).toMatchObject({ format: 'pdf', layout: 'pre-paginated', authors: 'Lawrence Lessig' });
    expect(book.cover).toMatch(/\.jpg$/);

    const rows = await chapters(result.bookId);
    expect(rows.map((r) => r.title).slice(0, 5)).toEqual(['COVER', 'CONTENTS', 'PREFACE', 'INTRODUCTION', '"PIRACY"']);
    expect(rows.map((r) => r.free)).toEqual([1, ...Array(12).fill(0)]);
    // Every page in exactly one chapter, in order, and each page's text where textStart says.
    const all = await pages(result.bookId);
    expect(all).toHaveLength(352);
    let counted = 0;
    for (const row of rows) {
      const layout = JSON.parse(row.layout) as { kind: string; file: string; pages: { textStart: number }[] };
      expect(layout.kind).toBe('pdf');
      counted += layout.pages.length;
      const own = all.filter((p) => p.chapter_id === row.id);
      expect(own.map((p) => p.page_index)).toEqual(layout.pages.map((_p, i) => i));
      expect(row.text.split('\n').length).toBeGreaterThanOrEqual(layout.pages.length);
      for (const [i, p] of layout.pages.entries()) {
        if (i > 0) expect(row.text[p.textStart - 1]).toBe('\n');
        expect(row.html).toContain(`id="pdf-page-${i}"`);
      }
    }
    expect(counted).toBe(352);

    const toc = await tree(result.bookId);
    expect(toc.map((s) => s.title)).toContain('INTRODUCTION');
    expect(toc[0]).toMatchObject({ free: true, anchor: '' });

    const hits = expectOk(
      await call<{ rows: InBookHit[]; total: number }>(t.app, {
        url: `/api/book/searchInBook?bookId=${result.bookId}&q=${encodeURIComponent('Disney')}`,
      }),
    );
    expect(hits.total).toBeGreaterThan(0);
    expect(hits.rows.some((r) => r.chapterTitle === '"PIRACY"' || r.locked)).toBe(true);
  }, 180_000);

  it("a visitor's free chapter is a PDF of only its pages; a locked chapter and its file are refused", async () => {
    const { bookId } = await importFile('structure/nested_outline.pdf');
    const rows = await chapters(bookId);
    expect(rows.map((r) => r.title)).toEqual(['1. Introduction', '2. Main Content', '3. Conclusion']);
    const free = chapterContent.parse(expectOk(await chapterAs(bookId, rows[0]!.id)));
    expect(free.layout.kind).toBe('pdf');
    if (free.layout.kind !== 'pdf') return;
    const file = await t.app.inject({ url: free.layout.file });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const doc = await PDFDocument.load(file.rawPayload);
    expect(doc.getPageCount()).toBe(free.layout.pages.length);
    expect(doc.getPageCount()).toBe(3);
    // No page object of another chapter is in the file, reachable or not.
    const pageObjects = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Page'));
    expect(pageObjects).toHaveLength(3);
    expect(free.html).toContain('Content for Introduction');
    expect(free.html).not.toContain('Conclusion');

    const locked = await chapterAs(bookId, rows[1]!.id);
    expect(locked.status).toBeGreaterThanOrEqual(401);
    const lockedLayout = JSON.parse(rows[1]!.layout) as { file: string };
    const lockedFile = await t.app.inject({ url: lockedLayout.file });
    expect(lockedFile.statusCode).toBeGreaterThanOrEqual(401);

    const toc = await tree(bookId);
    const nested = toc.flatMap((s) => s.children);
    expect(nested.length).toBeGreaterThan(0);
    for (const s of nested) expect(s.anchor).toMatch(/^(pdf-page-\d+)?$/);
  }, 60_000);

  it('page labels become print page numbers (labelled_pages.pdf, TAMReview.pdf); a bad PageLabels tree imports', async () => {
    const labelled = await importFile('structure/labelled_pages.pdf');
    expect((await pages(labelled.bookId)).map((p) => p.label)).toEqual([
      'i',
      'ii',
      'iii',
      'iv',
      '1',
      '2',
      '3',
      'a',
      'b',
      '4',
      '5',
    ]);
    const tam = await importFile('books/TAMReview.pdf');
    expect(tam.title).toContain('Technology Acceptance Model');
    const tamPages = await pages(tam.bookId);
    expect(tamPages).toHaveLength(23);
    expect(tamPages[0]).toMatchObject({ label: '1', anchor: 'pdf-page-0', page_index: 0 });
    // One outline entry for the whole paper: pages in tens, so the free preview is not the whole paper.
    expect((await chapters(tam.bookId)).map((c) => c.title)).toEqual(['第 1–10 页', '第 11–20 页', '第 21–23 页']);
    const bad = await importFile('structure/bad-PageLabels.pdf');
    expect((await pages(bad.bookId)).map((p) => p.label)).toHaveLength(1);
  }, 120_000);

  it('no outline: one chapter per ten pages, named by page labels (tracemonkey.pdf)', async () => {
    const result = await importFile('books/tracemonkey.pdf');
    expect(result).toMatchObject({ chapters: 2, tocSource: 'pages', title: 'tracemonkey' });
    expect((await tree(result.bookId)).map((s) => s.title)).toEqual(['第 1–10 页', '第 11–14 页']);
    const hits = expectOk(
      await call<{ rows: InBookHit[]; total: number }>(t.app, {
        url: `/api/book/searchInBook?bookId=${result.bookId}&q=${encodeURIComponent('TraceMonkey')}`,
      }),
    );
    expect(hits.rows.length).toBeGreaterThan(0);
  }, 60_000);

  it('encrypted PDFs are refused in plain words: one needing a password, and ones with an owner password', async () => {
    const locked = await importPdf(deps(), passwordPdf()).catch((e: unknown) => e);
    expect(locked).toBeInstanceOf(ImportRefusal);
    expect((locked as ImportRefusal).zh).toBe('该PDF文件已加密，需要密码才能打开，请上传未加密的文件');
    for (const name of ['protected/empty_protected.pdf', 'protected/issue19484_1.pdf']) {
      const err = await importFile(name).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportRefusal);
      expect((err as ImportRefusal).zh).toBe('该PDF文件已加密（设有权限密码），无法拆分为章节，请上传未加密的文件');
    }
  }, 60_000);

  it('Chinese and Japanese text is searchable word by word (CMap fonts, vertical text)', async () => {
    for (const [name, word] of [
      ['scripts/issue6286.pdf', '好酸球'],
      ['scripts/vertical.pdf', '日本語'],
    ] as const) {
      const { bookId } = await importFile(name);
      const hits = expectOk(
        await call<{ rows: InBookHit[]; total: number }>(t.app, {
          url: `/api/book/searchInBook?bookId=${bookId}&q=${encodeURIComponent(word)}`,
        }),
      );
      expect(hits.rows.length, name).toBeGreaterThan(0);
      expect(hits.rows[0]!.snippet).toContain(word);
    }
  }, 60_000);

  it('broken files are refused or imported, never stalling the server (a request meanwhile answers at once)', async () => {
    const broken = fs.readdirSync(path.join(PDF_DIR, 'broken'));
    expect(broken.length).toBeGreaterThanOrEqual(7);
    for (const name of broken) {
      let finished = false;
      const running = importFile(`broken/${name}`).then(
        (r) => ({ ok: true as const, r }),
        (e: unknown) => ({ ok: false as const, e }),
      );
      void running.then(() => (finished = true));
      // While the file is read (a content cycle runs until its thread is stopped), the server answers at once.
      let slowest = 0;
      do {
        const started = Date.now();
        expect((await call(t.app, { url: '/api/health' })).status).toBe(200);
        slowest = Math.max(slowest, Date.now() - started);
        await new Promise((r) => setTimeout(r, 250));
      } while (!finished);
      expect(slowest, name).toBeLessThan(1000);
      const outcome = await running;
      if (!outcome.ok) expect(outcome.e, name).toBeInstanceOf(ImportRefusal);
      else expect(outcome.r.chapters, name).toBeGreaterThan(0);
    }
  }, 300_000);

  it('the console upload takes a PDF by its header, as a new book or a new edition; a fake .pdf is refused', async () => {
    const staff = await buildStaff(t.ctx.db);
    const upload = (name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
      call<{ jobId: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/book/import',
        token: staff.token,
        ...multipart({ bytes, name, type: 'application/octet-stream' }, fields),
      });
    const poll = async (jobId: number) => {
      for (let i = 0; i < 600; i++) {
        const job = expectOk(
          await call<{ status: string; message: string; bookId: number | null }>(t.app, {
            url: `/api/admin/book/import/job/${jobId}`,
            token: staff.token,
          }),
        );
        if (job.status !== 'running') return job;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('job did not finish');
    };
    expectRefused(await upload('fake.pdf', new TextEncoder().encode('not a pdf')), Msg.PDF_INVALID);
    expectRefused(await upload('notes.txt', new TextEncoder().encode('text')), Msg.EPUB_REQUIRED);

    // Named .bin, known by its header.
    const first = await poll(expectOk(await upload('outlines.bin', pdf('structure/outlines_se.pdf'))).jobId);
    expect(first).toMatchObject({ status: 'done' });
    expect(first.message).toContain('导入成功');
    const next = await poll(
      expectOk(await upload('nested.pdf', pdf('structure/nested_outline.pdf'), { bookId: String(first.bookId) })).jobId,
    );
    expect(next).toMatchObject({ status: 'done', bookId: first.bookId });
    expect(next.message).toContain('已更新为新版本');
    expect((await chapters(first.bookId!)).map((c) => c.title)).toEqual([
      '1. Introduction',
      '2. Main Content',
      '3. Conclusion',
    ]);

    const locked = await poll(expectOk(await upload('locked.pdf', pdf('protected/empty_protected.pdf'))).jobId);
    expect(locked).toMatchObject({ status: 'failed' });
    expect(locked.message).toContain('该PDF文件已加密');
  }, 120_000);

  it('the command line imports a PDF too', async () => {
    const { runImportCli } = await import('./cli.js');
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const code = await runImportCli(
      [path.join(PDF_DIR, 'structure/outlines_se.pdf')],
      { ...deps(), storage: bookStorage(t.ctx.config) },
      out,
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(lines.pop()).toMatch(/Imported as a new book: .* \(2 chapters, 3 table-of-contents entries from outline/);
    expect(await runImportCli([path.join(PDF_DIR, 'protected/empty_protected.pdf')], deps(), out)).toBe(1);
    expect(lines.pop()).toMatch(/^Refused: The PDF is encrypted/);
  }, 60_000);
});
