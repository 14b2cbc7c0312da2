import { beforeAll, describe, expect, it } from 'vitest';
import { ActivityMsg, Code, type ActivityRow } from '@textbook/contracts';
import { buildActivityWorld, post, saveActivity, type ActivityWorld } from '../../../test/activities.js';
import { expectOk, useTestApp } from '../../../test/helpers.js';

const STUDENTS = 30;
const PRESSES = 4;

/**
 * Thirty students check in at the same moment, each pressing four times: exactly one check-in each (a guarded
 * insert under a unique index), every other press told 您已签到. On PostgreSQL the requests run in parallel over
 * the pool; on SQLite they interleave on the one connection.
 */
describe('concurrent check-ins', () => {
  const t = useTestApp();
  let w: ActivityWorld;
  beforeAll(async () => {
    w = await buildActivityWorld(t, STUDENTS);
  }, 60_000);

  it('one check-in per student, whatever the presses', async () => {
    const a = expectOk(await saveActivity(t, w.teacher.token, { classId: w.cls.id, minutes: 10 }));
    const { code } = expectOk(await post<ActivityRow>(t, w.teacher.token, '/open', { id: a.id }));
    const presses = w.students.flatMap((s) => Array.from({ length: PRESSES }, () => s));
    const answers = await Promise.all(presses.map((s) => post(t, s.token, '/checkin', { id: a.id, code })));
    const ok = answers.filter((r) => r.body.code === Code.OK);
    const again = answers.filter((r) => r.body.msg === ActivityMsg.ALREADY_CHECKED_IN);
    expect(ok).toHaveLength(STUDENTS);
    expect(again).toHaveLength(STUDENTS * (PRESSES - 1));
    const rows = await t.ctx.db
      .selectFrom('teach_activity_checkins')
      .select('member_id')
      .where('activity_id', '=', a.id)
      .execute();
    expect(rows).toHaveLength(STUDENTS);
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(STUDENTS);
  }, 60_000);
});
