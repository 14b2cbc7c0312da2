import type { ActivityCreate, ActivityRow, ClassRow } from '@textbook/contracts';
import type { Db } from '../src/db/connection.js';
import { grantShelfEntry } from '../src/modules/shelf/service.js';
import { buildClassWorld, createClass, join, validClass, type ClassWorld } from './classes.js';
import { buildMember, type BuiltMember } from './factories.js';
import { call, expectOk, type TestApp } from './helpers.js';

export interface ActivityWorld extends ClassWorld {
  cls: ClassRow;
  /** Another class of the same teacher (copy target). */
  second: ClassRow;
  /** A class of the other teacher. */
  foreign: ClassRow;
  /** Approved students of `cls`. */
  students: BuiltMember[];
  /** A student of `cls` waiting for approval. */
  pendingStudent: BuiltMember;
  /** An approved student of `second` only. */
  secondStudent: BuiltMember;
  sectionId: number;
}

/** Two book sections (a chapter and its first section) of the book. */
async function buildSections(db: Db, bookId: number): Promise<number> {
  const { id } = await db
    .insertInto('book_sections')
    .values({ book_id: bookId, seq: 1, level: 1, title: '第一章 函数与极限', chapter_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('book_sections')
    .values({ book_id: bookId, parent_id: id, seq: 2, level: 2, title: '1.1 映射与函数', chapter_id: null })
    .execute();
  return id;
}

/**
 * A teacher with two classes of one book (students join directly), approved students, a pending student of a
 * reviewed class, and another teacher's class.
 */
export async function buildActivityWorld(t: TestApp, studentCount = 2): Promise<ActivityWorld> {
  const w = await buildClassWorld(t.ctx);
  const sectionId = await buildSections(t.ctx.db, w.bookId);
  const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '活动一班', isReview: '1' }));
  const second = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '活动二班', isReview: '1' }));
  await grantShelfEntry(t.ctx, t.ctx.db, {
    memberId: w.otherTeacher.id,
    bookId: w.bookId,
    source: 'sample',
    sourceRef: 1,
    collegeId: w.college.id,
  });
  const foreign = await createClass(t, w.otherTeacher.token, validClass(w.bookId, { name: '别人的班' }));
  const students: BuiltMember[] = [w.student];
  for (let i = 1; i < studentCount; i += 1)
    students.push(await buildMember(t.ctx.db, { college: w.college, roles: '3' }));
  for (const [i, s] of students.entries()) expectOk(await join(t, s.token, cls.code, `S${i}`, `学生${i}`));
  const pendingStudent = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
  expectOk(await join(t, pendingStudent.token, cls.code, 'P1', '待审'));
  // Back to waiting for approval: in the class's roster, not one of its approved students.
  await t.ctx.db
    .updateTable('class_students')
    .set({ status: 0 })
    .where('member_id', '=', pendingStudent.id)
    .where('class_id', '=', cls.id)
    .execute();
  const secondStudent = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
  expectOk(await join(t, secondStudent.token, second.code, 'X1', '二班学生'));
  return { ...w, cls, second, foreign, students, pendingStudent, secondStudent, sectionId };
}

export function saveActivity(t: TestApp, token: string, body: Partial<ActivityCreate> & { classId: number }) {
  return call<ActivityRow>(t.app, {
    method: 'POST',
    url: '/api/teachActivity/save',
    token,
    payload: { kind: 'checkin', title: '课堂签到', minutes: 5, ...body },
  });
}

export function post<T = unknown>(t: TestApp, token: string | undefined, url: string, payload: object) {
  return call<T>(t.app, { method: 'POST', url: `/api/teachActivity${url}`, token, payload });
}

export function get<T = unknown>(t: TestApp, token: string | undefined, url: string) {
  return call<T>(t.app, { url: `/api/teachActivity${url}`, token });
}
