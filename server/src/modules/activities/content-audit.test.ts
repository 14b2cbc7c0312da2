import { beforeAll, describe, expect, it } from 'vitest';
import { DictType, Msg, SiteMsg, type ActivityRow, type ReplyRow } from '@textbook/contracts';
import { buildActivityWorld, post, saveActivity, type ActivityWorld } from '../../../test/activities.js';
import { buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

/**
 * Issue 30 item 12: the content check of spec §8. A discussion reply is published to the class at once; one
 * holding a word of the staff's list (the `audit_word` dictionary, edited in the dictionaries console) is refused
 * with 因内容审核不通过，建议修改后重新发布（{reason}）, and goes through once changed.
 */
describe('content audit of discussion replies', () => {
  const t = useTestApp();
  let w: ActivityWorld;
  let staff: { token: string };
  beforeAll(async () => {
    w = await buildActivityWorld(t);
    staff = await buildStaff(t.ctx.db);
  });

  it('a reply holding a listed word is refused with the spec message; changed, it is published', async () => {
    const a = expectOk(
      await saveActivity(t, w.teacher.token, { classId: w.cls.id, kind: 'discussion', title: '讨论', content: '话题' }),
    );
    expectOk(await post<ActivityRow>(t, w.teacher.token, '/open', { id: a.id }));
    // Before the word is listed the reply passes.
    expectOk(await post<ReplyRow>(t, w.student.token, '/reply', { id: a.id, content: '考试可以代考吗' }));

    const added = await call(t.app, {
      method: 'POST',
      url: '/api/admin/dict',
      token: staff.token,
      payload: { dictType: DictType.AUDIT_WORD, label: '代考' },
    });
    expectOk(added);
    const words = await call<{ rows: { label: string }[] }>(t.app, {
      url: `/api/admin/dict/page?dictType=${DictType.AUDIT_WORD}`,
      token: staff.token,
    });
    expect(expectOk(words).rows.map((r) => r.label)).toEqual(['代考']);

    expectRefused(
      await post(t, w.student.token, '/reply', { id: a.id, content: '有人能帮我代考吗' }),
      Msg.AUDIT_FAILED(SiteMsg.AUDIT_WORD('代考')),
    );
    expect(Msg.AUDIT_FAILED(SiteMsg.AUDIT_WORD('代考'))).toBe(
      '因内容审核不通过，建议修改后重新发布（含有不当用语“代考”）',
    );
    expectOk(await post<ReplyRow>(t, w.student.token, '/reply', { id: a.id, content: '有人能和我一起复习吗' }));
    // Letters match in either case; the reason names the word as it is listed.
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/dict',
        token: staff.token,
        payload: { dictType: DictType.AUDIT_WORD, label: 'CheatSheet' },
      }),
    );
    expectRefused(
      await post(t, w.student.token, '/reply', { id: a.id, content: 'any cheatsheet?' }),
      Msg.AUDIT_FAILED(SiteMsg.AUDIT_WORD('CheatSheet')),
    );
    // The public dictionary route never lists the words.
    expect((await call(t.app, { url: `/api/dict/data/hierarchical?dictType=${DictType.AUDIT_WORD}` })).status).toBe(
      400,
    );
  });
});
