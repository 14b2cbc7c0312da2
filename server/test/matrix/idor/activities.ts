import type { ActivityRow } from '@textbook/contracts';
import { grantShelfEntry } from '../../../src/modules/shelf/service.js';
import { createClass, validClass } from '../../classes.js';
import { call, expectOk } from '../../helpers.js';
import type { Caller, IdorCase, MatrixWorld } from '../world.js';
import { foreignClass, perWorld } from '../foreign.js';

interface Foreign {
  classId: number;
  activityId: number;
  discussionId: number;
  replyId: number;
  /** A class of the `teacher` caller, as a copy target. */
  ownClassId: number;
}

/**
 * A class of a teacher who is none of the callers, in the callers' college, with an open check-in and an open
 * discussion with a reply: the `teacher` caller passes the `activity.teach` gate but teaches none of it, the
 * `student` caller studies elsewhere, `otherCollege` is of another college.
 */
const foreignActivities = perWorld(async (w): Promise<Foreign> => {
  const db = w.t.ctx.db;
  const { classId, bookId, owner } = await foreignClass(w, { student: false });
  const cls = { id: classId };
  const save = async (payload: object) => {
    const row = expectOk(
      await call<ActivityRow>(w.t.app, {
        method: 'POST',
        url: '/api/teachActivity/save',
        token: owner.token,
        payload: { classId: cls.id, minutes: 5, title: '签到', kind: 'checkin', ...payload },
      }),
    );
    expectOk(
      await call(w.t.app, {
        method: 'POST',
        url: '/api/teachActivity/open',
        token: owner.token,
        payload: { id: row.id },
      }),
    );
    return row.id;
  };
  const activityId = await save({});
  const discussionId = await save({ kind: 'discussion', title: '讨论' });
  const reply = expectOk(
    await call<{ id: number }>(w.t.app, {
      method: 'POST',
      url: '/api/teachActivity/reply',
      token: owner.token,
      payload: { id: discussionId, content: '老师的回复' },
    }),
  );
  // The teacher caller's own class (same college), so /copy reaches the foreign activity's policy.
  const teacher = w.callers.teacher;
  await grantShelfEntry(w.t.ctx, db, {
    memberId: teacher.memberId!,
    bookId,
    source: 'sample',
    sourceRef: 1,
    collegeId: w.collegeId,
  });
  const own = await createClass(w.t, teacher.token!, validClass(bookId, { name: '自己的班' }));
  return { classId: cls.id, activityId, discussionId, replyId: reply.id, ownClassId: own.id };
});

type Make = (f: Foreign) => { url: string; payload?: object };

const routes: [string, Make, Caller[]][] = [
  [
    'GET /api/teachActivity/getList',
    (f) => ({ url: `/api/teachActivity/getList?classId=${f.classId}` }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/save',
    (f) => ({
      url: '/api/teachActivity/save',
      payload: { classId: f.classId, kind: 'checkin', title: 'x', minutes: 5 },
    }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/update',
    (f) => ({ url: '/api/teachActivity/update', payload: { id: f.activityId, title: 'x', minutes: 5 } }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/upload',
    (f) => ({ url: `/api/teachActivity/upload?id=${f.activityId}` }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/open',
    (f) => ({ url: '/api/teachActivity/open', payload: { id: f.activityId } }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/close',
    (f) => ({ url: '/api/teachActivity/close', payload: { id: f.activityId } }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/delete',
    (f) => ({ url: '/api/teachActivity/delete', payload: { id: f.activityId } }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/copy',
    (f) => ({ url: '/api/teachActivity/copy', payload: { id: f.activityId, classId: f.ownClassId } }),
    ['teacher', 'otherCollege'],
  ],
  [
    'GET /api/teachActivity/live',
    (f) => ({ url: `/api/teachActivity/live?id=${f.activityId}` }),
    ['teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/reply/delete',
    (f) => ({ url: '/api/teachActivity/reply/delete', payload: { replyId: f.replyId } }),
    ['teacher', 'otherCollege'],
  ],
  [
    'GET /api/teachActivity/student/list',
    (f) => ({ url: `/api/teachActivity/student/list?classId=${f.classId}` }),
    ['student', 'teacher', 'otherCollege'],
  ],
  [
    'GET /api/teachActivity/student/detail',
    (f) => ({ url: `/api/teachActivity/student/detail?id=${f.discussionId}` }),
    ['student', 'teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/checkin',
    (f) => ({ url: '/api/teachActivity/checkin', payload: { id: f.activityId, code: '1234' } }),
    ['student', 'teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/quiz/submit',
    (f) => ({
      url: '/api/teachActivity/quiz/submit',
      payload: { id: f.activityId, answers: [{ questionId: 1, answer: 'A' }] },
    }),
    ['student', 'teacher', 'otherCollege'],
  ],
  [
    'POST /api/teachActivity/reply',
    (f) => ({ url: '/api/teachActivity/reply', payload: { id: f.discussionId, content: '闯入' } }),
    ['student', 'teacher', 'otherCollege'],
  ],
  [
    'GET /api/teachActivity/download',
    (f) => ({ url: `/api/teachActivity/download?id=${f.activityId}` }),
    ['student', 'teacher', 'otherCollege'],
  ],
];

/** Each activity route, by callers who neither teach nor study in the class. */
export const cases: IdorCase[] = routes.flatMap(([route, make, callers]) =>
  callers.map((caller) => ({
    route,
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignActivities(w)) }),
  })),
);
