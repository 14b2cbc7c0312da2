import type { Caller, IdorCase, MatrixWorld } from '../world.js';
import { foreignClass, perWorld } from '../foreign.js';

interface Foreign {
  classId: number;
  memberId: number;
}

/**
 * A class of a teacher who is none of the callers, in the callers' college, with one joined student: the
 * `teacher` caller passes the `report.teach` gate but does not teach it; `otherCollege` teaches elsewhere.
 * The study report routes name no one (the caller's own); the textbook reports take the college from the session.
 */
const foreignClassOf = perWorld(async (w): Promise<Foreign> => {
  const f = await foreignClass(w, { klass: { isReview: '1' } });
  return { classId: f.classId, memberId: f.student!.id };
});

type Make = (f: Foreign) => { url: string };

const routes: [string, Make][] = [
  ['GET /api/classReport/detail', (f) => ({ url: `/api/classReport/detail?classId=${f.classId}` })],
  ['GET /api/classReport/export', (f) => ({ url: `/api/classReport/export?classId=${f.classId}&type=0` })],
  [
    'GET /api/classReport/student',
    (f) => ({ url: `/api/classReport/student?classId=${f.classId}&memberId=${f.memberId}` }),
  ],
  [
    'GET /api/classReport/studentExport',
    (f) => ({ url: `/api/classReport/studentExport?classId=${f.classId}&memberId=${f.memberId}&type=0` }),
  ],
];

/** Each class report route, by a teacher of the same college and by one of another college. */
export const cases: IdorCase[] = routes.flatMap(([route, make]) =>
  (['teacher', 'otherCollege'] as Caller[]).map((caller) => ({
    route,
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignClassOf(w)) }),
  })),
);
