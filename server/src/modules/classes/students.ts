import {
  ClassMsg,
  ClassText,
  CollegeMsg,
  MemberStatus,
  formatClassTime,
  type ClassStudentRow,
  type MyClassRow,
  type PageQuery,
  type Paged,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { invalidate, memberRead, tag } from '../../http/read-cache.js';
import { coverUrl } from '../books/index.js';
import { notify } from '../notice/index.js';
import { grantShelfEntry, revokeShelfEntry } from '../shelf/index.js';
import * as q from './queries.js';
import { seatPool } from './seat-pool.js';

export type StudentRecord = Awaited<ReturnType<typeof q.findStudentRows>>[number];

export async function studentPage(
  ctx: AppContext,
  classId: number,
  query: PageQuery & { status?: number; keyword?: string },
): Promise<Paged<ClassStudentRow>> {
  const { rows, total } = await q.studentPage(
    ctx.db,
    { classId, status: query.status, keyword: query.keyword },
    pageWindow(query),
  );
  return pageOf(rows, total);
}

/** Students waiting for the teacher's approval. */
export async function pending(ctx: AppContext, classId: number): Promise<ClassStudentRow[]> {
  return q.allStudents(ctx.db, { classId, status: MemberStatus.PENDING });
}

/** Loads student rows by id; every id must exist (the route authorizes each row's class). */
export async function loadStudents(ctx: AppContext, ids: number[]): Promise<StudentRecord[]> {
  const unique = [...new Set(ids)];
  const rows = await q.findStudentRows(ctx.db, unique);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export async function updateStudent(ctx: AppContext, row: StudentRecord, input: { studentId: string; name: string }) {
  await q.updateStudent(ctx.db, row.id, { student_id: input.studentId, name: input.name });
}

/**
 * Approves or rejects pending students in one go. Only pending rows change, so a second press changes (and
 * notifies) nothing. Approved students get the class's book on their shelf; each student is told.
 */
export async function decide(ctx: AppContext, rows: StudentRecord[], status: 1 | 2): Promise<number> {
  const now = Date.now();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const decided = await ctx.db.transaction().execute(async (trx) => {
    const changed = await q.decidePending(trx, [...byId.keys()], status, now);
    if (status === MemberStatus.APPROVED) {
      for (const c of changed) {
        const r = byId.get(c.id)!;
        // An approved student takes a seat of the college's book (one pool with authorizations and codes).
        const seat = { collegeId: r.collegeId, bookId: r.bookId, memberIds: [r.memberId], className: r.className };
        await seatPool(ctx).take(ctx, trx, seat, now, CollegeMsg.APPROVE_NO_SEATS);
        await grantShelfEntry(
          ctx,
          trx,
          { memberId: r.memberId, bookId: r.bookId, source: 'class', sourceRef: r.classId, collegeId: r.collegeId },
          now,
        );
      }
    }
    return changed;
  });
  rosterChanged(
    ctx,
    decided.map((c) => ({ classId: byId.get(c.id)!.classId, memberId: c.memberId })),
  );
  await notify(
    ctx,
    decided.map((c) => {
      const r = byId.get(c.id)!;
      return status === MemberStatus.APPROVED
        ? {
            member_id: r.memberId,
            type: 'class',
            title: ClassText.APPROVED_NOTICE(r.className),
            content: ClassText.APPROVED_NOTICE_BODY,
            book_id: r.bookId,
            link: `/bookPreview?bookId=${r.bookId}`,
          }
        : {
            member_id: r.memberId,
            type: 'class',
            title: ClassText.REJECTED_NOTICE(r.className),
            content: ClassText.REJECTED_NOTICE_BODY,
            book_id: r.bookId,
          };
    }),
    now,
  );
  return decided.length;
}

/** Takes students out of their classes, with the shelf entries those classes gave. */
export async function removeStudents(ctx: AppContext, rows: StudentRecord[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    for (const r of rows) {
      await revokeShelfEntry(ctx, trx, {
        memberId: r.memberId,
        bookId: r.bookId,
        source: 'class',
        sourceRef: r.classId,
      });
    }
    await q.deleteStudents(
      trx,
      rows.map((r) => r.id),
    );
  });
  rosterChanged(
    ctx,
    rows.map((r) => ({ classId: r.classId, memberId: r.memberId })),
  );
}

/** Students joined, were decided on or left: their lists of classes and the classes' counts read again. */
export function rosterChanged(ctx: AppContext, changes: { classId: number; memberId: number }[]): void {
  if (!changes.length) return;
  invalidate(
    ctx,
    ...new Set([...changes.map((c) => tag.classesOf(c.memberId)), ...changes.map((c) => tag.roster(c.classId))]),
  );
}

/** The student leaves the class; the book stays on the shelf only when another source still grants it. */
export async function exitClass(ctx: AppContext, actor: MemberActor, classId: number): Promise<void> {
  const cls = await q.findClass(ctx.db, classId);
  if (!cls) throw notFound();
  const row = await q.findMembership(ctx.db, classId, actor.memberId);
  if (!row) throw refused(ClassMsg.NOT_IN_CLASS);
  await removeStudents(ctx, [
    {
      id: row.id,
      classId,
      memberId: actor.memberId,
      status: row.status,
      teacherId: cls.teacherId,
      collegeId: cls.collegeId,
      bookId: cls.bookId,
      className: cls.name,
    },
  ]);
}

/**
 * The student's classes, any status. Kept per member and page for a few seconds (`memberRead`), dropped when
 * they join, are decided on or leave (`tag.classesOf`), when a listed class changes or goes (`tag.class`), its
 * book (`tag.catalog`), college (`tag.college`) or teacher's name (`tag.member`) does.
 */
export function myClasses(ctx: AppContext, actor: MemberActor, query: PageQuery): Promise<Paged<MyClassRow>> {
  const window = pageWindow(query);
  return memberRead(ctx, 'my-classes', `${actor.memberId}|${window.offset}|${window.limit}`, async () => {
    const { rows, total } = await q.myClasses(ctx.db, actor.memberId, window);
    const tags = [tag.classesOf(actor.memberId), tag.catalog];
    for (const r of rows) tags.push(tag.class(r.classId), tag.college(r.collegeId), tag.member(r.teacherId));
    return {
      value: pageOf(
        rows.map(({ collegeId: _college, teacherId: _teacher, ...r }) => ({
          ...r,
          cover: coverUrl(r.cover),
          startTime: formatClassTime(r.startTime),
          endTime: formatClassTime(r.endTime),
        })),
        total,
      ),
      tags,
    };
  });
}

const H = ClassText.ROSTER_HEADERS;

/** The class's students as a real xlsx workbook (spec §7 export, §9 type 0). */
export async function exportStudents(
  ctx: AppContext,
  cls: q.ClassRecord,
  status?: number,
): Promise<{ fileName: string; buffer: Buffer }> {
  const rows = await q.allStudents(ctx.db, { classId: cls.id, status });
  if (rows.length === 0) throw refused(ClassMsg.NOTHING_TO_EXPORT);
  // The workbook is written in a worker thread (exceljs is CPU work).
  const buffer = await ctx.workers.run('xlsx', {
    sheetName: ClassText.ROSTER_SHEET,
    creator: ClassText.CREATOR,
    columns: [
      { header: H.no, key: 'no', width: 8 },
      { header: H.studentId, key: 'studentId', width: 20 },
      { header: H.name, key: 'name', width: 16 },
      { header: H.status, key: 'status', width: 10 },
      { header: H.joinTime, key: 'joinTime', width: 20 },
    ],
    rows: rows.map((r, i) => ({
      no: i + 1,
      studentId: r.studentId,
      name: r.name,
      status: ClassText.STATUS[r.status] ?? '',
      joinTime: formatClassTime(r.joinTime),
    })),
  });
  return { fileName: ClassText.ROSTER_FILE(cls.name), buffer };
}
