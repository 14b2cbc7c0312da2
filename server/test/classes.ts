import { formatClassTime, type ClassCreate, type ClassRow } from '@textbook/contracts';
import type { Db } from '../src/db/connection.js';
import type { AppContext } from '../src/http/context.js';
import { grantShelfEntry } from '../src/modules/shelf/service.js';
import { buildCollege, buildMember, type BuiltMember } from './factories.js';
import { call, expectOk, type TestApp } from './helpers.js';

let books = 0;

/** A catalogue book (published unless told). */
export async function buildBook(db: Db, options: { published?: boolean; title?: string } = {}): Promise<number> {
  const now = Date.now();
  books += 1;
  const { id } = await db
    .insertInto('books')
    .values({
      identifier: `urn:test:class:${now}:${books}:${Math.random()}`,
      title: options.title ?? `测试教材${books}`,
      published: options.published === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface ClassWorld {
  college: { id: number; name: string };
  otherCollege: { id: number; name: string };
  teacher: BuiltMember;
  otherTeacher: BuiltMember;
  student: BuiltMember;
  outsider: BuiltMember;
  bookId: number;
}

/** A college with two teachers (the first holds a sample copy of the book), a student, and a student elsewhere. */
export async function buildClassWorld(ctx: AppContext): Promise<ClassWorld> {
  const db = ctx.db;
  const college = await buildCollege(db);
  const otherCollege = await buildCollege(db);
  const teacher = await buildMember(db, { college, roles: '2' });
  const otherTeacher = await buildMember(db, { college, roles: '2' });
  const student = await buildMember(db, { college, roles: '3' });
  const outsider = await buildMember(db, { college: otherCollege, roles: '3' });
  const bookId = await buildBook(db);
  await grantShelfEntry(ctx, db, {
    memberId: teacher.id,
    bookId,
    source: 'sample',
    sourceRef: 1,
    collegeId: college.id,
  });
  return { college, otherCollege, teacher, otherTeacher, student, outsider, bookId };
}

export function validClass(bookId: number, overrides: Partial<ClassCreate> = {}): ClassCreate {
  const now = Date.now();
  return {
    bookId,
    name: '高数一班',
    remark: '',
    isReview: '0',
    startTime: formatClassTime(now),
    endTime: formatClassTime(now + 86_400_000),
    ...overrides,
  };
}

export async function createClass(t: TestApp, token: string, body: ClassCreate): Promise<ClassRow> {
  return expectOk(await call<ClassRow>(t.app, { method: 'POST', url: '/api/class/save', token, payload: body }));
}

export function join(t: TestApp, token: string, code: string, studentId = '2026001', name = '张三') {
  return call<{ status: number; msg: string; joinShelf: boolean; bookId: number }>(t.app, {
    method: 'POST',
    url: '/api/class/student/join',
    token,
    payload: { activationCode: code, studentId, name },
  });
}
