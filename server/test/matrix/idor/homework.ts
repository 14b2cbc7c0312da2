import { formatClassTime } from '@textbook/contracts';
import { call, expectOk } from '../../helpers.js';
import type { Caller, IdorCase, MatrixWorld } from '../world.js';
import { foreignClass, perWorld } from '../foreign.js';

interface Foreign {
  classId: number;
  sectionId: number;
  homeworkId: number;
  submissionId: number;
  itemId: number;
}

/**
 * Released homework of a class whose teacher is none of the callers, in the callers' college, with one
 * student's submission: the `teacher` caller passes the `homework.teach` gate but does not teach the class; the
 * `student` caller is a student of the college but not of the class; `otherCollege` is elsewhere.
 */
const foreignHomework = perWorld(async (w): Promise<Foreign> => {
  const db = w.t.ctx.db;
  const { classId, bookId, owner, student } = await foreignClass(w, { klass: { isReview: '1' } });
  const section = await db
    .insertInto('book_sections')
    .values({ book_id: bookId, seq: 0, level: 1, title: '第一章', chapter_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const send = async <T>(token: string, url: string, payload: object) =>
    expectOk<T>(await call<T>(w.t.app, { method: 'POST', url, token, payload }));
  const questionId = (
    await send<{ id: number }>(owner.token, '/api/myQuestion/save', {
      type: 'judge',
      stem: '<p>判断</p>',
      answer: true,
    })
  ).id;
  const now = Date.now();
  const hw = await send<{ id: number }>(owner.token, '/api/homework/teacher/save', {
    classId,
    sectionId: Number(section.id),
    title: '作业',
    openTime: formatClassTime(now - 3_600_000),
    dueTime: formatClassTime(now + 3_600_000),
    items: [{ questionId, score: 2 }],
  });
  await send(owner.token, '/api/homework/teacher/release', { id: hw.id });
  await send(student!.token, '/api/homework/student/submit', { id: hw.id, answers: {} });
  const sub = await db
    .selectFrom('homework_submissions')
    .select('id')
    .where('homework_id', '=', hw.id)
    .executeTakeFirstOrThrow();
  const item = await db
    .selectFrom('homework_items')
    .select('id')
    .where('homework_id', '=', hw.id)
    .executeTakeFirstOrThrow();
  return {
    classId,
    sectionId: Number(section.id),
    homeworkId: hw.id,
    submissionId: sub.id,
    itemId: item.id,
  };
});

type Make = (f: Foreign) => { url: string; payload?: object };

const teacherRoutes: [string, Make][] = [
  [
    'POST /api/homework/teacher/save',
    (f) => ({
      url: '/api/homework/teacher/save',
      payload: {
        classId: f.classId,
        sectionId: f.sectionId,
        title: '作业',
        openTime: '2026-01-01 08:00',
        dueTime: '2026-01-02 08:00',
        items: [{ questionId: 1, score: 2 }],
      },
    }),
  ],
  [
    'POST /api/homework/teacher/update',
    (f) => ({
      url: '/api/homework/teacher/update',
      payload: {
        id: f.homeworkId,
        sectionId: f.sectionId,
        title: '改',
        openTime: '2026-01-01 08:00',
        dueTime: '2026-01-02 08:00',
      },
    }),
  ],
  [
    'GET /api/homework/teacher/listByChapter',
    (f) => ({ url: `/api/homework/teacher/listByChapter?classId=${f.classId}` }),
  ],
  ['GET /api/homework/teacher/info', (f) => ({ url: `/api/homework/teacher/info?id=${f.homeworkId}` })],
  ['POST /api/homework/teacher/delete/:id', (f) => ({ url: `/api/homework/teacher/delete/${f.homeworkId}?confirm=1` })],
  [
    'POST /api/homework/teacher/release',
    (f) => ({ url: '/api/homework/teacher/release', payload: { id: f.homeworkId } }),
  ],
  [
    'POST /api/homework/teacher/reviewHomework/:id',
    (f) => ({
      url: `/api/homework/teacher/reviewHomework/${f.submissionId}`,
      payload: { items: [{ itemId: f.itemId, score: 1, comment: '' }] },
    }),
  ],
];

const studentRoutes: [string, Make][] = [
  ['GET /api/homework/student/info', (f) => ({ url: `/api/homework/student/info?id=${f.homeworkId}` })],
  [
    'POST /api/homework/student/save',
    (f) => ({ url: '/api/homework/student/save', payload: { id: f.homeworkId, answers: {} } }),
  ],
  [
    'POST /api/homework/student/submit',
    (f) => ({ url: '/api/homework/student/submit', payload: { id: f.homeworkId } }),
  ],
];

/** Each route that loads a class, homework or submission, by callers who neither teach nor study the class. */
export const cases: IdorCase[] = [
  ...teacherRoutes.flatMap(([route, make]) =>
    (['teacher', 'otherCollege'] as Caller[]).map((caller) => ({
      route,
      make: async (w: MatrixWorld) => ({ caller, ...make(await foreignHomework(w)) }),
    })),
  ),
  ...studentRoutes.flatMap(([route, make]) =>
    (['student', 'teacher', 'otherCollege'] as Caller[]).map((caller) => ({
      route,
      make: async (w: MatrixWorld) => ({ caller, ...make(await foreignHomework(w)) }),
    })),
  ),
];
