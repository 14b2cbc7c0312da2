import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChapterContent,
  ClassBook,
  ClassRow,
  ClassStudentRow,
  MyClassRow,
  Paged,
  ShelfBook,
} from '@textbook/contracts';
import { call, expectOk, useTestApp } from '../../test/helpers.js';
import { bookStorage } from '../modules/books/index.js';
import { openSession } from '../modules/session/index.js';
import { seedIfEmpty } from './index.js';
import { seedDemoTeaching } from './demo-teaching.js';

/** The demo as `npm start` makes it on an empty database: site, books, members, then the teaching side. */
describe('demo teaching seed', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-teaching-'));
  const t = useTestApp({ dataDir });
  const tokens: Record<string, string> = {};
  const get = <T>(url: string, phone: string) => call<T>(t.app, { url, token: tokens[phone] });
  const post = <T>(url: string, phone: string, payload: object = {}) =>
    call<T>(t.app, { method: 'POST', url, payload, token: tokens[phone] });

  beforeAll(async () => {
    const seeded = await seedIfEmpty(t.ctx.db, {
      dialect: t.ctx.dialect,
      storage: bookStorage(t.ctx.config),
      caches: t.ctx.caches,
    });
    expect(seeded).toBe(true);
    await seedDemoTeaching(t.ctx);
    const members = await t.ctx.db.selectFrom('members').select(['id', 'phone']).execute();
    for (const m of members) tokens[m.phone!] = await openSession(t.ctx.db, m.id);
  }, 90_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const TEACHER = '13800000002';
  const STUDENT = '13800000003';
  const WAITING = '13800000004';
  const COMMON = '13800000000';

  it("lists the college's authorized books and the class in the teacher's teaching space", async () => {
    const books = expectOk(await get<ClassBook[]>('/api/class/getClassBooks', TEACHER));
    expect(books.map((b) => [b.bookName, b.classCount, b.own])).toEqual([
      ['高等数学（上册）', 1, true],
      ['线性代数', 0, true],
      ['概率论与数理统计', 0, true],
    ]);
    const classes = expectOk(await get<Paged<ClassRow>>(`/api/class/page?bookId=${books[0]!.bookId}`, TEACHER));
    expect(classes.rows).toHaveLength(1);
    expect(classes.rows[0]).toMatchObject({
      name: '高数一班',
      bookName: '高等数学（上册）',
      isReview: '0',
      codeOpen: true,
      studentCount: 1,
      pendingCount: 1,
      collegeName: '示范大学',
    });
    expect(classes.rows[0]!.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    // Covers are addresses the browser can load, like the catalogue's.
    for (const cover of [books[0]!.cover, classes.rows[0]!.cover]) {
      expect(cover).toMatch(/^\/api\/book\/asset\//);
      expect((await t.app.inject({ url: cover })).statusCode).toBe(200);
    }
    const waiting = expectOk(
      await get<ClassStudentRow[]>(`/api/class/student/getApprove?classId=${classes.rows[0]!.id}`, TEACHER),
    );
    expect(waiting.map((s) => [s.name, s.studentId])).toEqual([['陈思远', '2026002']]);
    // The authorization is the college's: the teacher's shelf holds the three books from it.
    const shelf = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page?pageSize=50', TEACHER));
    expect(shelf.rows.map((b) => b.sources)).toEqual([['authorization'], ['authorization'], ['authorization']]);
  });

  it("puts the class's book on the approved student's shelf and the class in his classes", async () => {
    const shelf = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page', STUDENT));
    // Joining the class of a college-authorized book took one of the college's seats (one pool, issue 16).
    expect(shelf.rows.map((b) => [b.title, [...b.sources].sort()])).toEqual([
      ['高等数学（上册）', ['authorization', 'class']],
    ]);
    const mine = expectOk(await post<Paged<MyClassRow>>('/api/class/student/myClass', STUDENT));
    expect(mine.rows.map((c) => [c.className, c.bookName, c.status, c.teacherName])).toEqual([
      ['高数一班', '高等数学（上册）', 1, expect.any(String)],
    ]);
    expect(mine.rows[0]!.cover).toBe(shelf.rows[0]!.cover);
    // The waiting student has the class (pending) but not the book.
    const waiting = expectOk(await post<Paged<MyClassRow>>('/api/class/student/myClass', WAITING));
    expect(waiting.rows.map((c) => [c.className, c.status])).toEqual([['高数一班', 0]]);
    expect(expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page', WAITING)).total).toBe(0);
  });

  it('lets the approved student read a chapter beyond the free preview, and nobody else', async () => {
    const book = await t.ctx.db
      .selectFrom('books')
      .select('id')
      .where('title', '=', '高等数学（上册）')
      .executeTakeFirstOrThrow();
    const paid = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', book.id)
      .where('free', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/api/book/chapter?bookId=${book.id}&chapterId=${paid.id}`;
    const chapter = expectOk(await get<ChapterContent>(url, STUDENT));
    expect(chapter.free).toBe(false);
    expect(chapter.html.length).toBeGreaterThan(0);
    // The demo course book is a real textbook chapter: formulas, figures, tables, printed page breaks, exercises.
    for (const part of ['<math', '<figure><svg', '<table>', 'epub:type="pagebreak"', '<ol class="exercises">'])
      expect(chapter.html).toContain(part);
    expect((await get(url, WAITING)).status).toBe(403);
    expect((await get(url, COMMON)).status).toBe(403);
  });
  it('ships a fixed-layout textbook and a PDF textbook with print page numbers (issue 32)', async () => {
    const { db } = t.ctx;
    const fixed = await db.selectFrom('books').selectAll().where('title', '=', '微积分图解').executeTakeFirstOrThrow();
    expect(fixed).toMatchObject({ format: 'epub', layout: 'pre-paginated', spread: 'auto', published: 1 });
    const pages = await db.selectFrom('book_chapters').select('layout').where('book_id', '=', fixed.id).execute();
    expect(pages.map((p) => (JSON.parse(p.layout) as { kind: string }).kind)).toEqual(pages.map(() => 'fixed'));
    const pdf = await db.selectFrom('books').selectAll().where('format', '=', 'pdf').executeTakeFirstOrThrow();
    expect(pdf.title).toBe('大学语文（印刷版 PDF）');
    const labels = await db
      .selectFrom('book_pages')
      .select('label')
      .where('book_id', '=', pdf.id)
      .orderBy('seq')
      .execute();
    expect(labels.slice(0, 3).map((l) => l.label)).toEqual(['i', 'ii', '1']);
    const sections = await db.selectFrom('book_sections').select('title').where('book_id', '=', pdf.id).execute();
    expect(sections.map((s) => s.title)).toContain('第一单元 诗词鉴赏');
  });
});
