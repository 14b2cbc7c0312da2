import { randomInt } from 'node:crypto';
import {
  CodeState,
  CollegeMsg,
  CollegeText,
  codeStateText,
  formatActiveCode,
  type PageQuery,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { isMemberOfCollege, settleOnlyCollege } from '../member/index.js';
import { dateTime, exportTable } from './exports.js';
import * as cq from './code-queries.js';
import * as q from './queries.js';
import * as sq from './seat-queries.js';
import { giveSeats, type CollegeBook } from './seats.js';

/** No look-alikes: no 0/O, 1/I/L. 31 characters, 12 of them: about 59 bits, drawn from the CSPRNG. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 12;
const DAY_MS = 86_400_000;

export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What a member typed, as stored: case, spaces and dashes ignored; null when it cannot be a code at all. */
export function normalizeCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A batch of codes for the book, valid for `days`; no more codes than seats left. */
export async function generate(ctx: AppContext, cb: CollegeBook, count: number, days: number) {
  const fresh = (await sq.findCollegeBook(ctx.db, cb.id)) ?? cb;
  const left = Number(fresh.boughtCount) - Number(fresh.givenCount);
  if (count > left) throw refused(CollegeMsg.SEATS_SHORT(left));
  const now = Date.now();
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newCode());
  const list = [...codes];
  for (let i = 0; i < list.length; i += 200) {
    await cq.insertCodes(ctx.db, cb, list.slice(i, i + 200), now, now + days * DAY_MS, now);
  }
  return { batch: now, count: list.length, codes: list.map(formatActiveCode) };
}

type CodeRecord = Awaited<ReturnType<typeof cq.allCodes>>[number];

function stateOf(r: { status: number; expiresAt: number }, now: number): string {
  if (r.status === 1) return CodeState.REDEEMED;
  if (r.status === 3) return CodeState.REVOKED;
  return r.expiresAt <= now ? CodeState.EXPIRED : CodeState.UNUSED;
}

function codeView(r: CodeRecord, now: number) {
  return {
    id: r.id,
    code: formatActiveCode(r.code),
    batch: Number(r.batch),
    state: stateOf(r, now),
    redeemedBy: r.redeemedRealName || r.redeemedUserName || '',
    redeemedAt: r.redeemedAt,
    expiresAt: r.expiresAt,
    createTime: r.createTime,
  };
}

export async function codePage(ctx: AppContext, cb: CollegeBook, query: PageQuery & { state?: string | undefined }) {
  const now = Date.now();
  const page = await cq.pageCodes(ctx.db, cb.id, { state: query.state, ...pageWindow(query) }, now);
  return pageOf(
    page.rows.map((r) => codeView(r, now)),
    page.total,
  );
}

const H = CollegeText.CODES_HEADERS;

export async function exportCodes(ctx: AppContext, cb: CollegeBook, type: number, batch?: number) {
  const now = Date.now();
  const rows = (await cq.allCodes(ctx.db, cb.id, { batch }, now)).map((r) => codeView(r, now));
  return exportTable(
    ctx,
    {
      title: CollegeText.CODES_TITLE(cb.bookName),
      columns: [
        { header: H.code, key: 'code', width: 20 },
        { header: H.state, key: 'state', width: 10 },
        { header: H.end, key: 'end', width: 20 },
        { header: H.by, key: 'by', width: 16 },
        { header: H.at, key: 'at', width: 20 },
      ],
      rows: rows.map((r) => ({
        code: r.code,
        state: codeStateText[r.state] ?? r.state,
        end: dateTime(r.expiresAt),
        by: r.redeemedBy,
        at: dateTime(r.redeemedAt),
      })),
    },
    type,
  );
}

export type CodeThing = NonNullable<Awaited<ReturnType<typeof cq.findCodeById>>>;

export async function loadCode(ctx: AppContext, id: number): Promise<CodeThing> {
  const code = await cq.findCodeById(ctx.db, id);
  if (!code) throw notFound();
  return code;
}

export async function revokeCode(ctx: AppContext, code: CodeThing): Promise<void> {
  if (!(await cq.revokeCode(ctx.db, code.id))) throw refused(CollegeMsg.CODE_NOT_REVOCABLE);
}

/** Why a code that could not be claimed is refused: used, revoked or expired, each told apart. */
function whyNot(code: { status: number; expiresAt: number }, now: number): string {
  if (code.status === 1) return CollegeMsg.CODE_USED;
  if (code.status === 3) return CollegeMsg.CODE_REVOKED;
  if (code.expiresAt <= now) return CollegeMsg.CODE_EXPIRED;
  return CollegeMsg.CODE_USED;
}

/**
 * A member redeems a code: the code is claimed by one guarded update (of two members at once, exactly one
 * wins), a seat of the college's book is taken through the ledger and the book goes on the shelf, all in one
 * transaction (a member who already holds the book keeps the code unused).
 */
export async function redeem(ctx: AppContext, actor: MemberActor, typed: string) {
  const normalized = normalizeCode(typed);
  if (!normalized) throw refused(CollegeMsg.CODE_WRONG);
  const code = await cq.findCode(ctx.db, normalized);
  if (!code) throw refused(CollegeMsg.CODE_WRONG);
  const now = Date.now();
  if (code.status !== 0 || code.expiresAt <= now) throw refused(whyNot(code, now));
  const cb = await sq.findCollegeBook(ctx.db, code.collegeBookId);
  if (!cb) throw refused(CollegeMsg.CODE_WRONG);
  const college = await q.findCollege(ctx.db, cb.collegeId);
  if (!(await isMemberOfCollege(ctx, actor.memberId, cb.collegeId))) {
    throw refused(CollegeMsg.CODE_OTHER_COLLEGE(college?.name ?? ''));
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await cq.claimCode(trx, code.id, actor.memberId, now))) {
      const current = await cq.findCodeById(trx, code.id);
      throw refused(current ? whyNot(current, now) : CollegeMsg.CODE_WRONG);
    }
    const how = { kind: 'redeem', via: 'code', byMember: actor.memberId, reason: CollegeText.REASON_REDEEM } as const;
    const added = await giveSeats(ctx, trx, cb, [actor.memberId], { ...how, refId: code.id }, now);
    if (!added.length) throw refused(CollegeMsg.CODE_ALREADY_HELD);
  });
  // The book is read in the college that gave it: a member whose only college this is works in it now.
  await settleOnlyCollege(ctx, actor.memberId);
  return { bookId: cb.bookId, bookName: cb.bookName, collegeName: college?.name ?? '' };
}
