import * as q from '../../../src/modules/questionBank/queries.js';
import { buildMember } from '../../factories.js';
import type { Caller, IdorCase, MatrixWorld } from '../world.js';
import { perWorld } from '../foreign.js';

interface Foreign {
  groupId: number;
  questionId: number;
}

/**
 * A group and a question of a teacher who is none of the callers, in the callers' college: the `teacher` caller
 * passes the `question.bank` gate but owns neither; `otherCollege` is a teacher elsewhere.
 */
const foreignBank = perWorld(async (w): Promise<Foreign> => {
  const db = w.t.ctx.db;
  const owner = await buildMember(db, { college: { id: w.collegeId }, roles: '2' });
  const now = Date.now();
  const group = await q.insertGroup(db, owner.id, null, '别人的分组', now);
  const questionId = await q.insertQuestion(db, {
    owner_id: owner.id,
    group_id: group.id,
    type: 'judge',
    stem: '<p>别人的题目</p>',
    answer_json: 'true',
    created_at: now,
    updated_at: now,
  });
  return { groupId: group.id, questionId };
});

const judge = { type: 'judge', stem: '<p>改</p>', answer: false };

type Make = (f: Foreign) => { url: string; payload?: object };

const routes: [string, Make][] = [
  [
    'POST /api/myQuestionGroup/modify',
    (f) => ({ url: '/api/myQuestionGroup/modify', payload: { id: f.groupId, name: '改' } }),
  ],
  [
    'POST /api/myQuestionGroup/move',
    (f) => ({ url: '/api/myQuestionGroup/move', payload: { id: f.groupId, parentId: null, position: 0 } }),
  ],
  [
    'DELETE /api/myQuestionGroup/delete/:id',
    (f) => ({ url: `/api/myQuestionGroup/delete/${f.groupId}?questions=delete` }),
  ],
  ['GET /api/myQuestion/detail/:id', (f) => ({ url: `/api/myQuestion/detail/${f.questionId}` })],
  ['POST /api/myQuestion/modify', (f) => ({ url: '/api/myQuestion/modify', payload: { ...judge, id: f.questionId } })],
  ['DELETE /api/myQuestion/delete/:id', (f) => ({ url: `/api/myQuestion/delete/${f.questionId}` })],
];

/** Each route that loads a group or question, by a teacher of the same college and by one of another college. */
export const cases: IdorCase[] = routes.flatMap(([route, make]) =>
  (['teacher', 'otherCollege'] as Caller[]).map((caller) => ({
    route,
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignBank(w)) }),
  })),
);
