import type { AppContext } from '../../http/context.js';
import { settleOnlyCollege } from '../member/index.js';
import { openSession } from '../session/index.js';

/**
 * Every member login ends here: a member of exactly one college works in it from this session on (issue 30),
 * then the session opens (its token is the answer).
 */
export async function signIn(ctx: AppContext, memberId: number, now = Date.now()): Promise<string> {
  const token = await openSession(ctx.db, memberId, now);
  await settleOnlyCollege(ctx, memberId);
  return token;
}
