import { describe, expect, it } from 'vitest';
import { QuestionMsg } from '@textbook/contracts';
import { buildCollege, buildMember } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { drawQuestions, questionSnapshots } from './index.js';
import * as q from './queries.js';

const t = useTestApp();

async function teacher() {
  const college = await buildCollege(t.ctx.db);
  return buildMember(t.ctx.db, { college, roles: '2' });
}

async function addQuestion(ownerId: number, groupId: number | null, type = 'single', answer: unknown = 'A') {
  const now = Date.now();
  return q.insertQuestion(t.ctx.db, {
    owner_id: ownerId,
    group_id: groupId,
    type,
    stem: `<p>题${Math.random()}</p>`,
    options_json: JSON.stringify([
      { key: 'A', html: '甲' },
      { key: 'B', html: '乙' },
    ]),
    answer_json: JSON.stringify(answer),
    created_at: now,
    updated_at: now,
  });
}

describe('snapshots and draws for homework and activities', () => {
  it('gives snapshots of the owner’s questions in the asked order and refuses anyone else’s', async () => {
    const a = await teacher();
    const b = await teacher();
    const one = await addQuestion(a.id, null);
    const two = await addQuestion(a.id, null, 'judge', true);
    const theirs = await addQuestion(b.id, null);
    const snaps = await questionSnapshots(t.ctx, a.id, [two, one, two]);
    expect(snaps.map((s) => s.id)).toEqual([two, one]);
    expect(snaps[0]).toMatchObject({ type: 'judge', answer: true, version: 1, options: expect.any(Array) });
    await expect(questionSnapshots(t.ctx, a.id, [one, theirs])).rejects.toMatchObject({
      message: QuestionMsg.NOT_YOURS,
    });
    await q.softDelete(t.ctx.db, one, Date.now());
    await expect(questionSnapshots(t.ctx, a.id, [one])).rejects.toMatchObject({ message: QuestionMsg.NOT_YOURS });
  });

  it('draws at random from a group and its subgroups, by type, and refuses too few or a foreign group', async () => {
    const a = await teacher();
    const b = await teacher();
    const now = Date.now();
    const top = await q.insertGroup(t.ctx.db, a.id, null, '第一章', now);
    const sub = await q.insertGroup(t.ctx.db, a.id, top.id, '1.1', now);
    const other = await q.insertGroup(t.ctx.db, a.id, null, '第二章', now);
    const foreign = await q.insertGroup(t.ctx.db, b.id, null, '别人的', now);
    const inTop = await addQuestion(a.id, top.id);
    const inSub = await addQuestion(a.id, sub.id);
    await addQuestion(a.id, sub.id, 'judge', false);
    await addQuestion(a.id, other.id);
    const drawn = await drawQuestions(t.ctx, a.id, { groupId: top.id, type: 'single', count: 2 });
    expect(drawn.map((s) => s.id).sort()).toEqual([inTop, inSub].sort());
    expect((await drawQuestions(t.ctx, a.id, { groupId: null, type: 'single', count: 3 })).length).toBe(3);
    await expect(drawQuestions(t.ctx, a.id, { groupId: top.id, type: 'single', count: 3 })).rejects.toMatchObject({
      message: QuestionMsg.DRAW_SHORT(3, 2),
    });
    await expect(drawQuestions(t.ctx, a.id, { groupId: foreign.id, type: 'single', count: 1 })).rejects.toMatchObject({
      message: QuestionMsg.GROUP_UNKNOWN,
    });
    await expect(drawQuestions(t.ctx, a.id, { groupId: null, type: 'single', count: 0 })).rejects.toMatchObject({
      message: QuestionMsg.DRAW_COUNT,
    });
  });
});
