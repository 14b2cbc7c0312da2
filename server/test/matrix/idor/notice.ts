import { notify } from '../../../src/modules/notice/index.js';
import { buildMember } from '../../factories.js';
import type { IdorCase, MatrixWorld } from '../world.js';

/** A notice of a member who is none of the callers, marked read by each member caller. */
async function foreignNotice(w: MatrixWorld): Promise<number> {
  const owner = await buildMember(w.t.ctx.db, { college: { id: w.collegeId }, roles: '3' });
  await notify(w.t.ctx, [{ member_id: owner.id, type: 'system', title: '别人的通知' }]);
  const row = await w.t.ctx.db
    .selectFrom('notices')
    .select('id')
    .where('member_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const cases: IdorCase[] = (['student', 'teacher', 'otherCollege'] as const).map((caller) => ({
  route: 'POST /api/msg-notice/read',
  make: async (w: MatrixWorld) => ({ caller, url: '/api/msg-notice/read', payload: { id: await foreignNotice(w) } }),
}));
