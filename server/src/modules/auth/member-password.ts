import type { AppContext } from '../../http/context.js';
import { hashPassword } from './passwords.js';
import * as q from './queries.js';

/** Sets a member's password (hashed here, argon2id) and lifts any lockout. */
export async function setMemberPassword(
  ctx: AppContext,
  memberId: number,
  password: string,
  now = Date.now(),
): Promise<void> {
  await q.setPassword(ctx.db, memberId, await hashPassword(password), now);
}
