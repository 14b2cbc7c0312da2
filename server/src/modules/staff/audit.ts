import { AdminMsg, type AuditQuery, type AuditRow, type Paged } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { auditSinkOf, type AdminWrite } from '../../http/audit-sink.js';
import { pageWindow } from '../../http/paging.js';
import * as q from './queries.js';

/**
 * The audit log of staff changes. The corridor hands every successful staff write under /api/admin to the sink
 * set here (one place for every admin route, present and future): who (staff id and name at the time), what
 * (action, method, address, the route's summary, the thing's id), before (the thing the route loaded, or its
 * `audit.before`) and after (the request body and the answer). Passwords never reach the log.
 */
const MAX_JSON = 20_000;
const SECRET = /password|token|secret/i;
/** Deeper than this a value is written as a mark: the log stays readable and its writer never overflows. */
const MAX_DEPTH = 6;
const DEEPER = '…';

function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return DEEPER;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET.test(k) ? '***' : redact(v, depth + 1),
    ]),
  );
}

function json(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  let text: string | null;
  try {
    text = JSON.stringify(redact(value)) ?? null;
  } catch {
    // A value JSON cannot write (a bigint, a cycle): the row is still written, the write is never unlogged.
    text = String(value);
  }
  return text && text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}…` : text;
}

function targetOf(write: AdminWrite): string {
  const params = (write.params ?? {}) as Record<string, unknown>;
  const body = (write.body ?? {}) as Record<string, unknown>;
  const id =
    params.id ?? (typeof body === 'object' ? (body.id ?? body.bookId ?? body.memberId ?? body.sessionId) : undefined);
  return id === undefined || id === null ? '' : String(id).slice(0, 200);
}

export async function recordWrite(ctx: AppContext, write: AdminWrite): Promise<void> {
  if (write.actor.kind !== 'staff') return;
  const staff = await q.findById(ctx.db, write.actor.staffId);
  const after = write.body === undefined ? write.after : { body: write.body, answer: write.after ?? null };
  await q.insertAudit(ctx.db, {
    staff_id: write.actor.staffId,
    staff_name: (staff?.displayName || staff?.userName || String(write.actor.staffId)).slice(0, 100),
    action: write.action.slice(0, 100),
    method: write.method,
    url: write.url.slice(0, 500),
    summary: write.summary.slice(0, 300),
    target: targetOf(write),
    before_json: json(write.before),
    after_json: json(after),
    created_at: Date.now(),
  });
}

/** Called from the staff module's setup: this app's corridor records staff writes here. */
export function keepAuditLog(ctx: AppContext): void {
  auditSinkOf(ctx).sink = recordWrite;
}

export async function auditPage(ctx: AppContext, query: AuditQuery): Promise<Paged<AuditRow>> {
  return q.pageAudit(ctx.db, query, pageWindow(query));
}

/** yyyy-MM-dd HH:mm:ss in China time. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const EXPORT_MAX = 10_000;

/** The filtered log as an xlsx workbook (newest first, at most 10,000 rows), written in the worker pool. */
export async function auditWorkbook(ctx: AppContext, query: AuditQuery) {
  const { rows } = await q.pageAudit(ctx.db, query, { offset: 0, limit: EXPORT_MAX });
  const keys = ['time', 'staff', 'action', 'method', 'url', 'target', 'before', 'after'] as const;
  const widths = [20, 14, 20, 8, 40, 10, 50, 50];
  const bytes = await ctx.workers.run('xlsx', {
    sheetName: AdminMsg.AUDIT_FILE,
    columns: keys.map((key, i) => ({ header: AdminMsg.AUDIT_HEADERS[i]!, key, width: widths[i]! })),
    rows: rows.map((r) => ({
      time: chinaTime(r.createdAt),
      staff: r.staffName,
      action: r.action,
      method: r.method,
      url: r.url,
      target: r.target,
      before: r.before ?? '',
      after: r.after ?? '',
    })),
  });
  return { kind: 'xlsx' as const, fileName: `${AdminMsg.AUDIT_FILE}.xlsx`, bytes };
}
