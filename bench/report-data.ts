// The reports' data generator (issue 18): one college, one teacher, 10 classes of 50 students (500), a 12-chapter
// book, and 90 days of reading events up to today: reading time per chapter and day, notes and highlights,
// positions with per-chapter reads. Raw events and the rollups the reader keeps (report_daily, report_books) are
// written together in bulk, exactly as the reader's hooks would sum them; the homework (released, most students
// submitting) goes through the homework services (report-homework.ts). Deterministic (seeded random).
import { addDays, chinaDay } from '@textbook/contracts';
import type { Db } from '../server/src/db/connection.js';
import type { AppContext } from '../server/src/http/context.js';
import { openSession } from '../server/src/modules/session/index.js';
import { buildCollege, buildMember } from '../server/test/factories.js';
import { generateHomework } from './report-homework.js';

export interface ReportWorld {
  teacherToken: string;
  classIds: number[];
  bookId: number;
  start: string;
  end: string;
  events: number;
  /** Released homework, and the submissions of it. */
  homework: number;
  submitted: number;
}

export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function insertAll<T extends keyof import('../server/src/db/schema.js').Database>(
  db: Db,
  table: T,
  rows: Record<string, unknown>[],
  batch = 400,
) {
  for (let i = 0; i < rows.length; i += batch) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
  }
}

/**
 * A published 12-chapter book with a section per chapter (homework is set on a section), written in bulk: its
 * chapters (id and path, in order) and sections.
 */
export async function insertBenchBook(db: Db, identifier: string, title: string) {
  const now = Date.now();
  const { id: bookId } = await db
    .insertInto('books')
    .values({ identifier, title, published: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chapters = Array.from({ length: 12 }, (_, i) => ({
    book_id: bookId,
    seq: i,
    path: `OEBPS/ch${i + 1}.xhtml`,
    title: `第${i + 1}章`,
    html: '<p>…</p>',
    text: '学'.repeat(3000 + i * 250),
  }));
  await insertAll(db, 'book_chapters', chapters);
  const chapterRows = await db
    .selectFrom('book_chapters')
    .select(['id', 'path'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
  await insertAll(
    db,
    'book_sections',
    chapterRows.map((c, seq) => ({ book_id: bookId, seq, level: 1, title: `第${seq + 1}章`, chapter_id: c.id })),
  );
  const sectionIds = (
    await db.selectFrom('book_sections').select('id').where('book_id', '=', bookId).orderBy('seq').execute()
  ).map((r) => Number(r.id));
  return { bookId, chapterRows, sectionIds };
}

export async function generateReportData(
  ctx: AppContext,
  o: { students?: number; classes?: number; days?: number } = {},
): Promise<ReportWorld> {
  const db = ctx.db;
  const students = o.students ?? 500;
  const classCount = o.classes ?? 10;
  const days = o.days ?? 90;
  const rnd = random(18);
  const now = Date.now();
  const college = await buildCollege(db);
  const teacher = await buildMember(db, { college, roles: '2' });
  const { bookId, chapterRows, sectionIds } = await insertBenchBook(db, `urn:bench:reports:${now}`, '报告基准教材');

  const classIds: number[] = [];
  for (let c = 0; c < classCount; c++) {
    const { id } = await db
      .insertInto('classes')
      .values({
        college_id: college.id,
        teacher_id: teacher.id,
        book_id: bookId,
        name: `基准${c + 1}班`,
        code: `BR${String(c).padStart(4, '0')}${now % 1000}`,
        is_review: '1',
        start_time: now - days * 86_400_000,
        end_time: now + 86_400_000,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    classIds.push(id);
  }
  const memberRows = Array.from({ length: students }, (_, i) => ({
    phone: `19${String(now).slice(-5)}${String(i).padStart(4, '0')}`,
    user_name: `基准学生${i}`,
    created_at: now,
    updated_at: now,
  }));
  await insertAll(db, 'members', memberRows);
  const members = await db
    .selectFrom('members')
    .select('id')
    .where('user_name', 'like', '基准学生%')
    .orderBy('id', 'desc')
    .limit(students)
    .execute();
  const memberIds = members.map((m) => m.id).reverse();
  await insertAll(
    db,
    'class_students',
    memberIds.map((memberId, i) => ({
      class_id: classIds[i % classCount]!,
      member_id: memberId,
      student_id: `S${String(i).padStart(5, '0')}`,
      name: `学生${i}`,
      status: 1,
      created_at: now,
      reviewed_at: now,
    })),
  );

  const end = chinaDay(now);
  const start = addDays(end, -(days - 1));
  const times: Record<string, unknown>[] = [];
  const notes: Record<string, unknown>[] = [];
  const daily: Record<string, unknown>[] = [];
  const positions: Record<string, unknown>[] = [];
  const books: Record<string, unknown>[] = [];
  memberIds.forEach((memberId, i) => {
    if (i % 25 === 24) return; // a few never open the book
    const diligence = 0.3 + rnd() * 0.6;
    const reads: Record<string, number> = {};
    let at = 0;
    for (let d = 0; d < days; d++) {
      if (rnd() > diligence) continue;
      const day = addDays(start, d);
      const ch = Math.min(11, Math.floor((d / days) * 12 + rnd() * 2));
      for (const k of [...new Set([ch, Math.min(11, ch + 1)])].slice(0, rnd() < 0.5 ? 1 : 2)) {
        const seconds = 60 + Math.floor(rnd() * 1500);
        const c = chapterRows[k]!;
        const n = rnd() < 0.1 ? 1 : 0;
        const h = rnd() < 0.25 ? 1 + Math.floor(rnd() * 3) : 0;
        times.push({ member_id: memberId, book_id: bookId, chapter_id: c.id, day, seconds });
        daily.push({
          member_id: memberId,
          book_id: bookId,
          chapter_path: c.path,
          day,
          seconds,
          notes: n,
          highlights: h,
        });
        const created = Date.parse(`${day}T04:00:00Z`);
        for (let j = 0; j < n + h; j++) {
          notes.push({
            member_id: memberId,
            book_id: bookId,
            chapter_id: c.id,
            chapter_path: c.path,
            quote: '学学学',
            content: j < n ? '这里不懂' : '',
            created_at: created,
            updated_at: created,
          });
        }
        reads[c.path] = Math.max(reads[c.path] ?? 0, Math.floor(300 + rnd() * 700));
        at = Date.parse(`${day}T12:00:00Z`);
      }
    }
    if (!at) return;
    const progress = Math.floor((Object.values(reads).reduce((s, r) => s + r, 0) / 1000 / chapterRows.length) * 1000);
    const json = JSON.stringify(reads);
    positions.push({
      member_id: memberId,
      book_id: bookId,
      chapter_id: chapterRows[0]!.id,
      chapter_path: chapterRows[0]!.path,
      progress,
      reads: json,
      updated_at: at,
    });
    books.push({ member_id: memberId, book_id: bookId, progress, reads: json, first_at: at, last_at: at });
  });
  await insertAll(db, 'reading_time', times);
  await insertAll(db, 'reader_notes', notes, 200);
  await insertAll(db, 'report_daily', daily);
  await insertAll(db, 'reading_positions', positions);
  await insertAll(db, 'report_books', books);
  const set = await generateHomework(ctx, {
    collegeId: college.id,
    teacherId: teacher.id,
    bookId,
    sectionIds,
    classes: classIds.map((id, c) => ({ id, memberIds: memberIds.filter((_, i) => i % classCount === c) })),
    from: Date.parse(`${start}T00:00:00+08:00`),
    days,
    rnd,
  });
  return {
    teacherToken: await openSession(db, teacher.id),
    classIds,
    bookId,
    start,
    end,
    events: times.length + notes.length,
    homework: set.homework,
    submitted: set.submitted,
  };
}
