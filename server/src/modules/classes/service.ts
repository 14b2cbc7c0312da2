import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  ClassMsg,
  ClassText,
  Role,
  currentMinute,
  formatClassTime,
  parseClassTime,
  validityProblem,
  type ClassBook,
  type ClassRow,
  type OwnBookResult,
  type PageQuery,
  type Paged,
  type classCreate,
  type classUpdate,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { coverUrl } from '../books/index.js';
import { activeEntries, revokeShelfEntry } from '../shelf/index.js';
import { notify } from '../notice/index.js';
import * as q from './queries.js';

/** Class codes: no 0/O, 1/I/L look-alikes; 31^6 ≈ 887 million codes. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return code;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /unique/i.test(e.message ?? '');
}

/** Runs `write` with fresh codes until one is free (a collision is rare; the unique index decides). */
async function withFreshCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write(generateCode());
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 8) throw error;
    }
  }
}

export function presentClass(c: q.ClassRecord): ClassRow {
  return {
    id: c.id,
    bookId: c.bookId,
    bookName: c.bookName,
    cover: coverUrl(c.cover),
    name: c.name,
    code: c.code,
    codeOpen: Boolean(c.codeOpen),
    isReview: c.isReview,
    remark: c.remark,
    startTime: formatClassTime(c.startTime),
    endTime: formatClassTime(c.endTime),
    studentCount: Number(c.studentCount ?? 0),
    pendingCount: Number(c.pendingCount ?? 0),
    collegeName: c.collegeName,
    createTime: c.createdAt,
  };
}

/** The teacher's current college (a teacher role is always of a college). */
function collegeOf(actor: MemberActor): number {
  if (actor.collegeId === null) throw refused(ClassMsg.NOT_OWN_BOOK);
  return actor.collegeId;
}

/** Loads a class or answers 404; the route authorizes on what it returns. */
export async function loadClass(ctx: AppContext, id: number): Promise<q.ClassRecord> {
  const found = await q.findClass(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

/** Books the teacher may teach with: those they hold (not through a class), and those they have classes of. */
export async function classBooks(ctx: AppContext, actor: MemberActor): Promise<ClassBook[]> {
  const collegeId = collegeOf(actor);
  const [owned, withClasses] = await Promise.all([
    q.ownedBooks(ctx.db, actor.memberId, collegeId, Date.now()),
    q.classBookCounts(ctx.db, actor.memberId, collegeId),
  ]);
  const out = new Map<number, ClassBook>();
  for (const b of owned) out.set(b.bookId, { ...b, cover: coverUrl(b.cover), classCount: 0, own: true });
  for (const b of withClasses) {
    const seen = out.get(b.bookId);
    out.set(b.bookId, { ...b, cover: coverUrl(b.cover), classCount: Number(b.classCount), own: seen?.own ?? false });
  }
  return [...out.values()].sort((a, b) => a.bookId - b.bookId);
}

export async function classPage(
  ctx: AppContext,
  actor: MemberActor,
  query: PageQuery & { bookId?: number; name?: string },
): Promise<Paged<ClassRow>> {
  const { rows, total } = await q.classPage(
    ctx.db,
    { teacherId: actor.memberId, collegeId: collegeOf(actor), bookId: query.bookId, name: query.name },
    pageWindow(query),
  );
  return pageOf(rows.map(presentClass), total);
}

export async function bookClasses(ctx: AppContext, actor: MemberActor, bookId: number) {
  const rows = await q.classesOf(ctx.db, { teacherId: actor.memberId, collegeId: collegeOf(actor), bookId });
  return rows.map((c) => ({ id: c.id, name: c.name, bookId: c.bookId }));
}

/** The caller's classes of a book by their role: a teacher's own classes, a student's approved ones. */
export async function bookClassesByRole(ctx: AppContext, actor: MemberActor, bookId: number) {
  if (actor.roles.includes(Role.TEACHER) && actor.collegeId !== null) return bookClasses(ctx, actor, bookId);
  return q.studentClassesOfBook(ctx.db, actor.memberId, bookId, [1]);
}

export async function classRole(ctx: AppContext, actor: MemberActor, bookId: number) {
  const teacherClasses =
    actor.roles.includes(Role.TEACHER) && actor.collegeId !== null ? await bookClasses(ctx, actor, bookId) : [];
  const studentClasses = await q.studentClassesOfBook(ctx.db, actor.memberId, bookId, [1]);
  return {
    teacher: teacherClasses.length > 0,
    student: studentClasses.length > 0,
    teacherClassIds: teacherClasses.map((c) => c.id),
    studentClassIds: studentClasses.map((c) => c.id),
  };
}

export type OwnBookAnswer = { warning: false; result: OwnBookResult } | { warning: true; result: OwnBookResult };

/**
 * The own-book check (spec §5). No grant: a warning without tag (blocks), with goApply for a teacher who may
 * ask for a sample copy. With `endMs`, a grant that ends before the class does: a warning with tag 'expire'
 * (the teacher may confirm anyway).
 */
export async function ownBook(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
  endMs?: number,
): Promise<OwnBookAnswer> {
  const book = await q.findBook(ctx.db, bookId);
  if (!book) throw notFound();
  const entries = (await activeEntries(ctx.db, actor.memberId, bookId)).filter(
    (e) => e.source !== 'class' && (e.collegeId === null || e.collegeId === actor.collegeId),
  );
  if (!book.published || entries.length === 0) {
    return {
      warning: true,
      result: {
        msg: ClassMsg.NOT_OWN_BOOK,
        tag: '',
        goApply: Boolean(book.published) && actor.roles.includes(Role.TEACHER),
      },
    };
  }
  if (endMs !== undefined && entries.every((e) => e.expiresAt !== null && e.expiresAt < endMs)) {
    const until = Math.max(...entries.map((e) => e.expiresAt ?? 0));
    return {
      warning: true,
      result: { msg: ClassMsg.OWN_BOOK_EXPIRING(formatClassTime(until)), tag: 'expire', goApply: false },
    };
  }
  return { warning: false, result: { msg: '', tag: '', goApply: false } };
}

type CreateInput = z.output<typeof classCreate>;
type UpdateInput = z.output<typeof classUpdate>;

export async function createClass(ctx: AppContext, actor: MemberActor, input: CreateInput): Promise<ClassRow> {
  const collegeId = collegeOf(actor);
  const own = await ownBook(ctx, actor, input.bookId);
  if (own.warning && !own.result.tag) throw refused(own.result.msg);
  const now = Date.now();
  const { id } = await withFreshCode((code) =>
    q.insertClass(ctx.db, {
      college_id: collegeId,
      teacher_id: actor.memberId,
      book_id: input.bookId,
      name: input.name,
      remark: input.remark,
      code,
      is_review: input.isReview,
      start_time: parseClassTime(input.startTime)!,
      end_time: parseClassTime(input.endTime)!,
      created_at: now,
      updated_at: now,
    }),
  );
  return presentClass(await loadClass(ctx, id));
}

/** The one way a class's fields change: the cached reads that show the class (its students' lists, the join's code look-up) drop it. */
async function writeClass(ctx: AppContext, classId: number, set: Parameters<typeof q.updateClass>[2]): Promise<void> {
  await q.updateClass(ctx.db, classId, set);
  invalidate(ctx, tag.class(classId));
}

export async function updateClass(ctx: AppContext, cls: q.ClassRecord, input: UpdateInput): Promise<ClassRow> {
  if (input.bookId !== undefined && input.bookId !== cls.bookId) throw refused(ClassMsg.BOOK_LOCKED);
  const start = parseClassTime(input.startTime)!;
  if (start !== currentMinute(cls.startTime)) {
    const problem = validityProblem(input.startTime, input.endTime);
    if (problem) throw refused(problem);
  }
  await writeClass(ctx, cls.id, {
    name: input.name,
    remark: input.remark,
    is_review: input.isReview,
    start_time: start,
    end_time: parseClassTime(input.endTime)!,
    updated_at: Date.now(),
  });
  return presentClass(await loadClass(ctx, cls.id));
}

/** A new code: the old one stops working at once. */
export async function resetCode(ctx: AppContext, cls: q.ClassRecord): Promise<ClassRow> {
  await withFreshCode((code) => writeClass(ctx, cls.id, { code, code_open: 1, updated_at: Date.now() }));
  return presentClass(await loadClass(ctx, cls.id));
}

export async function setCodeOpen(ctx: AppContext, cls: q.ClassRecord, open: boolean): Promise<ClassRow> {
  await writeClass(ctx, cls.id, { code_open: open ? 1 : 0, updated_at: Date.now() });
  return presentClass(await loadClass(ctx, cls.id));
}

/**
 * Deletes the class: its students leave it, and the shelf entries the class gave go (a book granted by
 * another source stays on the student's shelf). Approved students are told.
 */
export async function deleteClass(ctx: AppContext, cls: q.ClassRecord): Promise<void> {
  const students = await ctx.db.transaction().execute(async (trx) => {
    const rows = await q.membersOfClass(trx, cls.id);
    for (const r of rows) {
      await revokeShelfEntry(ctx, trx, {
        memberId: r.memberId,
        bookId: cls.bookId,
        source: 'class',
        sourceRef: cls.id,
      });
    }
    await q.deleteClass(trx, cls.id);
    return rows;
  });
  invalidate(ctx, tag.class(cls.id));
  await notify(
    ctx,
    students
      .filter((s) => s.status === 1)
      .map((s) => ({
        member_id: s.memberId,
        type: 'class',
        title: ClassText.DISSOLVED_NOTICE(cls.name),
        content: ClassText.DISSOLVED_NOTICE_BODY(cls.name),
        book_id: cls.bookId,
      })),
  );
}

/** Approved students of some classes (reports): class, member, name and student id as they joined. */
export function classRosters(ctx: AppContext, classIds: number[]) {
  return q.rosters(ctx.db, classIds);
}

/** Classes by teacher, college and book (reports), with book and college names. */
export function classesWhere(ctx: AppContext, filter: { teacherId?: number; collegeId?: number; bookId?: number }) {
  return q.classesWhere(ctx.db, filter);
}
