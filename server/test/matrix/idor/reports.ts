import { grantShelfEntry } from '../../../src/modules/shelf/service.js';
import { buildBook, createClass, join, validClass } from '../../classes.js';
import { buildMember } from '../../factories.js';
import { expectOk } from '../../helpers.js';
import type { Caller, IdorCase, MatrixWorld } from '../world.js';

interface Foreign {
  classId: number;
  memberId: number;
}

const made = new WeakMap<MatrixWorld, Promise<Foreign>>();

/**
 * A class of a teacher who is none of the callers, in the callers' college, with one joined student: the
 * `teacher` caller passes the `report.teach` gate but does not teach it; `otherCollege` teaches elsewhere.
 * The study report routes name no one (the caller's own); the textbook reports take the college from the session.
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
      const cls = await createClass(w.t, owner.token, validClass(bookId, { isReview: '1' }));
      const student = await buildMember(db, { college, roles: '3' });
      expectOk(await join(w.t, student.token, cls.code));
      return { classId: cls.id, memberId: student.id };
    })();
    made.set(w, found);
  }
  return found;
}

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
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignClass(w)) }),
  })),
);
