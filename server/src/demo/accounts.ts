import type { Db } from '../db/connection.js';
import { hashPassword } from '../modules/auth/index.js';
import { demoMembers } from './demo-site.js';

/** The password of every demo account (12-20 characters, four classes, as spec §5 requires). */
export const DEMO_PASSWORD = 'Textbook@2026';

/** Gives the demo members a password, so password login works on a fresh `npm start`. */
export async function seedDemoPasswords(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash })
    .where(
      'phone',
      'in',
      demoMembers.map((m) => m.phone),
    )
    .execute();
}
