import {
  SAMPLE_STATE_LABEL,
  SampleApplyResult,
  SampleCheck,
  SampleMsg,
  SampleState,
  VALIDITY_CODE,
  type Paged,
  type SampleAdminRow,
  type SampleApplyAnswer,
  type SampleApplyBody,
  type SampleCheckAnswer,
  type SampleCheckResult,
  type SampleDays,
  type SampleRow,
  type SampleSettings,
} from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/unique.js';
import type { MemberActor, StaffActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { can } from '../../policies/index.js';
import { coverUrl } from '../books/index.js';
import { replaceDictionaries, setSampleAutoApprove } from '../catalog/index.js';
import { notify } from '../notice/index.js';
import { activeEntries, grantShelfEntry } from '../shelf/index.js';
import { SAMPLE_DEFAULTS } from '../../db/migrations/20261123_0801_samples.js';
import * as q from './queries.js';

/**
 * The module's clock: every rule of this module asks it for the time, so a test can stand on a year boundary
 * or at the end of a validity period (`sampleClock(ctx).now = () => …`). One per app.
 */
export function sampleClock(ctx: AppContext): { now: () => number } {
  return ctx.local('samples:clock', () => ({ now: () => Date.now() }));
}

const CHINA_OFFSET = 8 * 3600_000;

/** The calendar year in China (Asia/Shanghai, UTC+8 without daylight saving) at an instant. */
export function chinaYear(at: number): number {
  return new Date(at + CHINA_OFFSET).getUTCFullYear();
}

/** yyyy-MM-dd in China of an instant. */
export function chinaDate(at: number): string {
  return new Date(at + CHINA_OFFSET).toISOString().slice(0, 10);
}

/**
 * When a sample granted at `start` closes: the validity runs to the same calendar day N months (M) or years (Y)
 * later in China (the month's last day when it has no such day) and ends at that day's midnight, so the book
 * closes the day after. Undefined for a code that is not a validity code.
 */
export function validityEnd(start: number, code: string): number | undefined {
  const match = VALIDITY_CODE.exec(code);
  if (!match) return undefined;
  const months = Number(match[1]) * (match[2] === 'Y' ? 12 : 1);
  const local = new Date(start + CHINA_OFFSET);
  const target = local.getUTCMonth() + months;
  const year = local.getUTCFullYear() + Math.floor(target / 12);
  const month = target % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  return Date.UTC(year, month, day + 1) - CHINA_OFFSET;
}

interface Settings {
  quota: number;
  times: { code: string; value: string }[];
}

/** The staff's settings from the dictionary; the migration's defaults when a row is missing. */
export async function settings(db: Db): Promise<Settings> {
  const rows = await q.settingRows(db);
  const quotaRow = rows.find((r) => r.type === q.QUOTA_TYPE);
  const quota = quotaRow && /^\d+$/.test(quotaRow.value) ? Number(quotaRow.value) : SAMPLE_DEFAULTS.quota;
  const times = rows
    .filter((r) => r.type === q.VALIDITY_TYPE && VALIDITY_CODE.test(r.value))
    .map((r) => ({ code: r.value, value: r.label }));
  return { quota, times };
}

async function publishedBook(db: Db, bookId: number) {
  const book = await q.findBook(db, bookId);
  if (!book || !book.published) throw notFound(SampleMsg.BOOK_UNKNOWN);
  return book;
}

/** The member can already read the book in the college they work in (a grant of that college or of none). */
async function holds(db: Db, actor: MemberActor, bookId: number, now: number): Promise<boolean> {
  const entries = await activeEntries(db, actor.memberId, bookId, now);
  return entries.some((e) => e.collegeId === null || e.collegeId === actor.collegeId);
}

/** The spec's checks, in its order (§4): NOT_TEACHER, OVER, HAS, EXIST, else SUCCESS. */
async function checkOf(
  db: Db,
  actor: MemberActor,
  bookId: number,
  quota: number,
  now: number,
): Promise<SampleCheckResult> {
  if (!can(actor, 'sample.apply') || actor.collegeId === null) return SampleCheck.NOT_TEACHER;
  if ((await q.usedIn(db, actor.memberId, chinaYear(now))) >= quota) return SampleCheck.OVER;
  if (await holds(db, actor, bookId, now)) return SampleCheck.HAS;
  if (await q.waitingApplication(db, actor.memberId, actor.collegeId, bookId)) return SampleCheck.EXIST;
  return SampleCheck.SUCCESS;
}

/** POST /api/sample-book/check. */
export async function check(ctx: AppContext, actor: MemberActor, bookId: number): Promise<SampleCheckAnswer> {
  await publishedBook(ctx.db, bookId);
  const { quota } = await settings(ctx.db);
  const result = await checkOf(ctx.db, actor, bookId, quota, sampleClock(ctx).now());
  return { result, msg: SampleMsg[result] };
}

/** GET /api/sample-book/days: the quota of this year (China time), what is used and left, the options. */
export async function days(ctx: AppContext, actor: MemberActor): Promise<SampleDays> {
  const { quota, times } = await settings(ctx.db);
  const year = chinaYear(sampleClock(ctx).now());
  const used = await q.usedIn(ctx.db, actor.memberId, year);
  return { amount: quota, used, left: Math.max(0, quota - used), year, times };
}

/**
 * POST /api/sample-book/apply. The applicant and college are the session's; a body naming anyone else is
 * refused. In one transaction: the quota row is taken first (the lock serialising one teacher's applies), then
 * HAS and EXIST are checked again, then the application (and, for an auto-approve book, the shelf entry).
 */
export async function apply(ctx: AppContext, actor: MemberActor, body: SampleApplyBody): Promise<SampleApplyAnswer> {
  const namesOther =
    (body.userId != null && body.userId !== actor.memberId) ||
    (body.collegeId != null && body.collegeId !== actor.collegeId);
  if (namesOther) throw refused(SampleMsg.NOT_YOURSELF, 'not_yourself', 403);
  const book = await publishedBook(ctx.db, body.bookId);
  const { quota, times } = await settings(ctx.db);
  const option = times.find((t) => t.code === body.validityPeriod);
  if (!option) throw refused(SampleMsg.VALIDITY_UNKNOWN);
  if (!can(actor, 'sample.apply') || actor.collegeId === null) throw refused(SampleMsg.NOT_TEACHER);
  const collegeId = actor.collegeId;
  const now = sampleClock(ctx).now();
  const year = chinaYear(now);
  const auto = Boolean(book.autoApprove);
  const expiresAt = auto ? validityEnd(now, option.code)! : null;

  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      await q.ensureUsage(trx, actor.memberId, year);
      if (!(await q.takeQuota(trx, actor.memberId, year, quota))) throw refused(SampleMsg.OVER);
      if (await holds(trx, actor, book.id, now)) throw refused(SampleMsg.HAS);
      if (await q.waitingApplication(trx, actor.memberId, collegeId, book.id)) throw refused(SampleMsg.EXIST);
      const appId = await q.insertApplication(trx, {
        member_id: actor.memberId,
        college_id: collegeId,
        book_id: book.id,
        validity_code: option.code,
        validity_label: option.value,
        state: auto ? SampleState.APPROVED : SampleState.AUDITING,
        quota_year: year,
        auto_approved: auto ? 1 : 0,
        created_at: now,
        reviewed_at: auto ? now : null,
        expires_at: expiresAt,
      });
      if (auto) {
        await grantShelfEntry(
          ctx,
          trx,
          { memberId: actor.memberId, bookId: book.id, source: 'sample', sourceRef: appId, collegeId, expiresAt },
          now,
        );
      }
      return appId;
    });
  } catch (error) {
    // Belt and braces: the unique index of waiting applications caught a press the lock let through.
    if (isUniqueViolation(error)) throw refused(SampleMsg.EXIST);
    throw error;
  }
  return auto
    ? {
        result: SampleApplyResult.AUDIT_PASS,
        msg: SampleMsg.AUDIT_PASS,
        detail: SampleMsg.AUDIT_PASS_DETAIL,
        id,
        bookId: book.id,
        expiresAt,
      }
    : { result: SampleApplyResult.AUDITING, msg: SampleMsg.AUDITING, detail: '', id, bookId: book.id, expiresAt: null };
}

type Row = Awaited<ReturnType<typeof q.pageRows>>['rows'][number];

function present(row: Row): SampleRow {
  return {
    id: Number(row.id),
    bookId: Number(row.bookId),
    bookTitle: row.bookTitle,
    cover: coverUrl(row.cover),
    collegeId: Number(row.collegeId),
    collegeName: row.collegeName,
    state: row.state,
    stateLabel: SAMPLE_STATE_LABEL[row.state] ?? '',
    validityPeriod: row.validityPeriod,
    validityLabel: row.validityLabel,
    reason: row.reason,
    createdAt: Number(row.createdAt),
    reviewedAt: row.reviewedAt === null ? null : Number(row.reviewedAt),
    expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
  };
}

/** GET /api/sample-book/my: the member's own applications, newest first. */
export async function mine(
  ctx: AppContext,
  actor: MemberActor,
  query: { state?: number; pageNum: number; pageSize: number },
): Promise<Paged<SampleRow>> {
  const { rows, total } = await q.pageRows(ctx.db, {
    memberId: actor.memberId,
    state: query.state,
    ...pageWindow(query),
  });
  return pageOf(rows.map(present), total);
}

/** GET /api/admin/sample-book/page: the staff's list. */
export async function adminPage(
  ctx: AppContext,
  query: { state?: number; bookId?: number; keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<SampleAdminRow>> {
  const { rows, total } = await q.pageRows(ctx.db, {
    state: query.state,
    bookId: query.bookId,
    keyword: query.keyword,
    ...pageWindow(query),
  });
  return pageOf(
    rows.map((row) => ({
      ...present(row),
      memberId: Number(row.memberId),
      memberName: row.realName || row.userName,
      phone: row.phone ?? '',
    })),
    total,
  );
}

async function waiting(db: Db, id: number) {
  const app = await q.findApplication(db, id);
  if (!app) throw notFound();
  if (app.state !== SampleState.AUDITING) throw refused(SampleMsg.ALREADY_DECIDED, 'conflict', 409);
  return app;
}

/** Approves a waiting application: the shelf entry (source 'sample') until the validity ends; a notice. */
export async function approve(ctx: AppContext, staff: StaffActor, id: number): Promise<{ expiresAt: number }> {
  const now = sampleClock(ctx).now();
  const app = await waiting(ctx.db, id);
  const expiresAt = validityEnd(now, app.validityCode) ?? validityEnd(now, '6M')!;
  await ctx.db.transaction().execute(async (trx) => {
    const decided = await q.decide(trx, id, {
      state: SampleState.APPROVED,
      reason: '',
      reviewed_by: staff.staffId,
      reviewed_at: now,
      expires_at: expiresAt,
    });
    if (!decided) throw refused(SampleMsg.ALREADY_DECIDED, 'conflict', 409);
    await grantShelfEntry(
      ctx,
      trx,
      {
        memberId: Number(app.memberId),
        bookId: Number(app.bookId),
        source: 'sample',
        sourceRef: id,
        collegeId: Number(app.collegeId),
        expiresAt,
      },
      now,
    );
  });
  await notify(
    ctx,
    [
      {
        member_id: Number(app.memberId),
        type: 'sample',
        title: SampleMsg.NOTICE_APPROVED(app.bookTitle),
        content: SampleMsg.NOTICE_APPROVED_BODY(chinaDate(expiresAt - 1)),
        book_id: Number(app.bookId),
        link: '/my/sampleBook',
      },
    ],
    now,
  );
  return { expiresAt };
}

/** Rejects a waiting application with a reason: its place in the quota comes back; a notice. */
export async function reject(ctx: AppContext, staff: StaffActor, id: number, reason: string): Promise<void> {
  const now = sampleClock(ctx).now();
  const app = await waiting(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    const decided = await q.decide(trx, id, {
      state: SampleState.REJECTED,
      reason,
      reviewed_by: staff.staffId,
      reviewed_at: now,
      expires_at: null,
    });
    if (!decided) throw refused(SampleMsg.ALREADY_DECIDED, 'conflict', 409);
    await q.giveBackQuota(trx, Number(app.memberId), app.quotaYear);
  });
  await notify(
    ctx,
    [
      {
        member_id: Number(app.memberId),
        type: 'sample',
        title: SampleMsg.NOTICE_REJECTED(app.bookTitle),
        content: SampleMsg.NOTICE_REJECTED_BODY(reason),
        book_id: Number(app.bookId),
        link: '/my/sampleBook',
      },
    ],
    now,
  );
}

/** The staff's settings as the dictionary holds them. */
export async function readSettings(ctx: AppContext): Promise<SampleSettings> {
  const s = await settings(ctx.db);
  return { amount: s.quota, times: s.times };
}

export async function saveSettings(ctx: AppContext, input: SampleSettings): Promise<SampleSettings> {
  const codes = new Set(input.times.map((t) => t.code));
  if (codes.size !== input.times.length) throw refused(SampleMsg.TIME_CODE);
  const rows = [
    { dictType: q.QUOTA_TYPE, label: '每年可申请样书数量', value: String(input.amount), sort: 0 },
    ...input.times.map((t, i) => ({ dictType: q.VALIDITY_TYPE, label: t.value, value: t.code, sort: i })),
  ];
  await ctx.db.transaction().execute((trx) => replaceDictionaries(trx, [q.QUOTA_TYPE, q.VALIDITY_TYPE], rows));
  return readSettings(ctx);
}

export async function setAutoApprove(ctx: AppContext, bookId: number, flag: boolean): Promise<void> {
  if (!(await setSampleAutoApprove(ctx, bookId, flag))) throw notFound(SampleMsg.BOOK_UNKNOWN);
}
