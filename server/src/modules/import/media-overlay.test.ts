// Media overlays (issue 33): SMIL clock values, the SMIL structure (nesting, epub:type, escapable structures), the
// overlays the importer keeps per chapter over the W3C mol-* books, and who may fetch a narration's audio.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Limits, mediaOverlay, parseClock } from '@textbook/contracts';
import { buildMember } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from '../shelf/service.js';
import { parseSmil } from './smil.js';

const W3C = path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'data', 'w3c-layout-media-tests');
const smil = (body: string) =>
  new TextEncoder().encode(
    `<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0"><body>${body}</body></smil>`,
  );

describe('SMIL clock values', () => {
  it('reads full and partial clocks, timecounts with and without a unit', () => {
    expect(parseClock('1:02:03.5')).toBeCloseTo(3723.5);
    expect(parseClock('0:00:29.268')).toBeCloseTo(29.268);
    expect(parseClock('00:01:46.35')).toBeCloseTo(106.35);
    expect(parseClock('0:03')).toBe(3);
    expect(parseClock('02:30.5')).toBeCloseTo(150.5);
    expect(parseClock('12.5s')).toBe(12.5);
    expect(parseClock('500ms')).toBe(0.5);
    expect(parseClock('2min')).toBe(120);
    expect(parseClock('1.5h')).toBe(5400);
    expect(parseClock('7')).toBe(7);
  });
  it('gives null for what is not a clock value', () => {
    for (const v of ['', '  ', 'abc', '1:2:3', '0:61', '-3s', '3 s', '1:00:60']) expect(parseClock(v)).toBeNull();
    expect(parseClock(null)).toBeNull();
  });
});

describe('a SMIL document', () => {
  const P = 'EPUB/mo/a.smil';
  it('reads pars in order through nested seqs, resolving text and audio against the SMIL', () => {
    const pars = parseSmil(
      smil(`<seq epub:textref="../a.xhtml#s"><par id="p1"><text src="../a.xhtml#one"/>
        <audio src="../audio/a.mp3" clipBegin="1.5s" clipEnd="0:00:03"/></par>
        <seq epub:type="table" epub:textref="../a.xhtml#t"><seq epub:type="table-row">
          <par><text src="../a.xhtml#cell"/><audio src="../audio/b.mp3" clipBegin="3s"/></par></seq></seq>
        <par epub:type="pagebreak"><text src="../a.xhtml#pb"/><audio src="../audio/a.mp3" clipEnd="9s"/></par>
        <par><text src="../a.xhtml#silent"/></par></seq>`),
      P,
    )!;
    expect(pars.map((p) => p.textId)).toEqual(['one', 'cell', 'pb', 'silent']);
    expect(pars[0]).toMatchObject({
      textPath: 'EPUB/a.xhtml',
      audioPath: 'EPUB/audio/a.mp3',
      clipBegin: 1.5,
      clipEnd: 3,
    });
    expect(pars[0]!.escape).toBe('');
    // The escapable structure is the outermost table, named by its place; its row's type is kept too.
    expect(pars[1]).toMatchObject({ clipBegin: 3, clipEnd: null, escape: '0.1', epubTypes: ['table', 'table-row'] });
    expect(pars[2]).toMatchObject({ clipBegin: 0, clipEnd: 9, epubTypes: ['pagebreak'] });
    expect(pars[3]).toMatchObject({ audioPath: null, clipBegin: 0, clipEnd: null });
  });
  it('plays a clip that ends before it begins to the end of its file', () => {
    const [par] = parseSmil(
      smil(`<par><text src="a.xhtml#x"/><audio src="a.mp3" clipBegin="5s" clipEnd="2s"/></par>`),
      P,
    )!;
    expect(par!.clipEnd).toBeNull();
  });
  it('leaves out a SMIL that is not well-formed, refuses one too large or with too many pars', () => {
    expect(parseSmil(new TextEncoder().encode('<smil><body><par>'), P)).toBeNull();
    expect(() => parseSmil(new Uint8Array(Limits.SMIL_MAX_BYTES + 1), P)).toThrow(/media overlay/);
    const many = '<par><text src="a.xhtml#x"/></par>'.repeat(Limits.OVERLAY_PARS_MAX + 1);
    expect(() => parseSmil(smil(many), P)).toThrow(/more than/);
  });
});

describe('importing books with media overlays', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  const load = (name: string) =>
    importBook(t.ctx, new Uint8Array(fs.readFileSync(path.join(W3C, `${name}.epub`))), { price: 10 });
  const overlays = async (bookId: number) =>
    (
      await t.ctx.db
        .selectFrom('book_chapters')
        .select(['path', 'overlay'])
        .where('book_id', '=', bookId)
        .orderBy('seq')
        .execute()
    ).map((r) => ({ path: r.path, overlay: r.overlay ? mediaOverlay.parse(JSON.parse(r.overlay)) : null }));

  it('keeps each chapter’s pars, the active classes and durations; a SMIL shared by two documents is split', async () => {
    const { bookId } = await load('mol-support_xhtml-load');
    const [intro, first, second] = await overlays(bookId);
    expect(intro!.overlay).toBeNull();
    expect(first!.overlay).toMatchObject({ activeClass: 'active-item', playbackActiveClass: 'rendered-with-mo' });
    expect(first!.overlay!.duration).toBeGreaterThan(60);
    expect(first!.overlay!.pars[0]).toMatchObject({ textId: 'c01w00001', clipBegin: 29.268, clipEnd: 29.441 });
    expect(first!.overlay!.pars[0]!.audio).toMatch(/^\/api\/book\/asset\/[\w-]+\.(m4a|mp4)$/);
    expect(second!.overlay!.pars.map((p) => p.textId)).toContain('c01p0002');
    expect(first!.overlay!.pars.some((p) => p.textId === 'c01p0002')).toBe(false);
  });

  it('marks a par without audio as silent (the reader speaks it)', async () => {
    const { bookId } = await load('mol-tts_single');
    const [, chapter] = await overlays(bookId);
    expect(chapter!.overlay!.pars).toEqual([
      expect.objectContaining({ textId: 'mobyexcerpt', audio: null, clipBegin: 0, clipEnd: null }),
    ]);
  });

  it('serves a locked chapter’s narration only to those who may read it, with byte ranges', async () => {
    const { bookId } = await load('mol-audio');
    const [, chapter] = await overlays(bookId);
    const url = chapter!.overlay!.pars[0]!.audio!;
    const get = (headers: Record<string, string> = {}) => t.app.inject({ url, headers });
    // The narration is heard only in the second, locked chapter: a visitor is refused, so is a member without it.
    expect((await get()).statusCode).toBe(401);
    expect((await get({ range: 'bytes=0-1' })).statusCode).toBe(401);
    const reader = await buildMember(t.ctx.db);
    const auth = { authorization: `Bearer ${reader.token}` };
    expect((await get(auth)).statusCode).toBe(403);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: reader.id, bookId, source: 'purchase', sourceRef: 1 });
    const whole = await get(auth);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['cache-control']).toBe('private, max-age=86400');
    const part = await get({ ...auth, range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.rawPayload.length}`);
  });

  it('serves a free chapter’s narration to a visitor, and answers it with the chapter', async () => {
    const { bookId } = await load('mol-audio');
    const rows = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    await t.ctx.db.updateTable('book_chapters').set({ free: 1 }).where('book_id', '=', bookId).execute();
    const res = await t.app.inject({ url: `/api/book/chapter?bookId=${bookId}&chapterId=${rows[1]!.id}` });
    const overlay = mediaOverlay.parse(res.json().data.overlay);
    expect(overlay.activeClass).toBe('my-active-class');
    expect((await t.app.inject({ url: overlay.pars[0]!.audio! })).statusCode).toBe(200);
  });
});
