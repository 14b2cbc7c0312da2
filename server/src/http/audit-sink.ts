import type { Actor } from './actor.js';
import type { AppContext } from './context.js';

/** One staff write as the corridor saw it; the staff module keeps it (`modules/staff/audit.ts`). */
export interface AdminWrite {
  actor: Actor;
  action: string;
  method: string;
  url: string;
  summary: string;
  params: unknown;
  body: unknown;
  before: unknown;
  after: unknown;
}
export type AuditSink = (ctx: AppContext, write: AdminWrite) => Promise<void>;

/** Where this app's corridor sends staff writes (set by the module that keeps the audit log). */
export function auditSinkOf(ctx: AppContext): { sink?: AuditSink } {
  return ctx.local('http:audit-sink', () => ({}));
}
