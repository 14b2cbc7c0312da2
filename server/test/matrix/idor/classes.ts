import type { Caller, IdorCase, MatrixWorld } from '../world.js';
import { validClass } from '../../classes.js';
import { foreignClass, perWorld } from '../foreign.js';

interface Foreign {
  classId: number;
  studentRowId: number;
  bookId: number;
}

/**
 * A class of a teacher who is none of the callers, in the callers' college, with one joined student: the
 * `teacher` caller passes the `class.teach` gate but does not teach it; `otherCollege` teaches elsewhere.
 */
const foreignClassOf = perWorld(async (w): Promise<Foreign> => {
  const f = await foreignClass(w);
  const row = await w.t.ctx.db
    .selectFrom('class_students')
    .select('id')
    .where('class_id', '=', f.classId)
    .executeTakeFirstOrThrow();
  return { classId: f.classId, studentRowId: row.id, bookId: f.bookId };
});

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
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignClassOf(w)) }),
  })),
);
