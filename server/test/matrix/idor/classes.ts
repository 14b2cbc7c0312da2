import { grantShelfEntry } from '../../../src/modules/shelf/service.js';
import { buildBook, createClass, join, validClass } from '../../classes.js';
import { buildMember } from '../../factories.js';
import { expectOk } from '../../helpers.js';
import type { Caller, IdorCase, MatrixWorld } from '../world.js';

interface Foreign {
  classId: number;
  studentRowId: number;
  bookId: number;
}

const made = new WeakMap<MatrixWorld, Promise<Foreign>>();

/**
 * A class of a teacher who is none of the callers, in the callers' college, with one joined student: the
 * `teacher` caller passes the `class.teach` gate but does not teach it; `otherCollege` teaches elsewhere.
 */
function foreignClass(w: MatrixWorld): Promise<Foreign> {
  let found = made.get(w);
  if (!found) {
    found = (async () => {
      const db = w.t.ctx.db;
      const college = { id: w.collegeId };
      const owner = await buildMember(db, { college, roles: '2' });
      const bookId = await buildBook(db);
      await grantShelfEntry(w.t.ctx, db, {
        memberId: owner.id,
        bookId,
        source: 'sample',
        sourceRef: 1,
        collegeId: college.id,
      });
      const cls = await createClass(w.t, owner.token, validClass(bookId));
      const student = await buildMember(db, { college, roles: '3' });
      expectOk(await join(w.t, student.token, cls.code));
      const row = await db
        .selectFrom('class_students')
        .select('id')
        .where('class_id', '=', cls.id)
        .executeTakeFirstOrThrow();
      return { classId: cls.id, studentRowId: row.id, bookId };
    })();
    made.set(w, found);
  }
  return found;
}

type Make = (f: Foreign) => { url: string; payload?: object };

const routes: [string, Make][] = [
  [
    'POST /api/class/update',
    (f) => ({ url: '/api/class/update', payload: { ...validClass(f.bookId), id: f.classId } }),
  ],
  ['GET /api/class/delete', (f) => ({ url: `/api/class/delete?id=${f.classId}` })],
  ['POST /api/class/resetCode', (f) => ({ url: '/api/class/resetCode', payload: { id: f.classId } })],
  ['POST /api/class/closeCode', (f) => ({ url: '/api/class/closeCode', payload: { id: f.classId, open: false } })],
  ['GET /api/class/detail', (f) => ({ url: `/api/class/detail?id=${f.classId}` })],
  ['GET /api/class/student/page', (f) => ({ url: `/api/class/student/page?classId=${f.classId}` })],
  ['GET /api/class/student/getApprove', (f) => ({ url: `/api/class/student/getApprove?classId=${f.classId}` })],
  [
    'POST /api/class/student/update',
    (f) => ({ url: '/api/class/student/update', payload: { id: f.studentRowId, studentId: '1', name: '甲' } }),
  ],
  [
    'POST /api/class/student/updateBatch',
    (f) => ({ url: '/api/class/student/updateBatch', payload: { ids: [f.studentRowId], status: 2 } }),
  ],
  ['POST /api/class/student/remove', (f) => ({ url: '/api/class/student/remove', payload: { ids: [f.studentRowId] } })],
  ['POST /api/class/student/export', (f) => ({ url: '/api/class/student/export', payload: { classId: f.classId } })],
];

/** Each route that loads a class or students, by a teacher of the same college and by one of another college. */
export const cases: IdorCase[] = routes.flatMap(([route, make]) =>
  (['teacher', 'otherCollege'] as Caller[]).map((caller) => ({
    route,
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignClass(w)) }),
  })),
);
