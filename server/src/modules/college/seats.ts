import { CollegeMsg, CollegeText, type PageQuery, type Paged } from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import type { AuthorizationVia, SeatChange } from '../../db/tables/college.js';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { invalidate, tag, type CacheOwner } from '../../http/read-cache.js';
import { AppError, notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { approvedStudents, collegeBookClasses, findClassFacts, NO_SEATS } from '../classes/index.js';
import { grantShelfEntries, revokeShelfEntry } from '../shelf/index.js';
import { dateTime, exportTable } from './exports.js';
import * as q from './queries.js';
import * as sq from './seat-queries.js';

export type CollegeBook = sq.CollegeBookRecord;

/** The college the administrator works in now (the policy admitted them only with one). */
export function collegeOf(actor: MemberActor): number {
  if (actor.collegeId === null) throw new Error('unreachable: college.admin admitted a member of no college');
  return actor.collegeId;
}

function view(cb: CollegeBook) {
  return {
    id: cb.id,
    bookId: cb.bookId,
    bookName: cb.bookName,
    cover: cb.cover,
    boughtCount: Number(cb.boughtCount),
    givenCount: Number(cb.givenCount),
    residueAuthorizeCount: Number(cb.boughtCount) - Number(cb.givenCount),
    expiresAt: cb.expiresAt,
    createTime: cb.createTime,
  };
}

export async function loadCollegeBook(ctx: AppContext, id: number): Promise<CollegeBook> {
  const cb = await sq.findCollegeBook(ctx.db, id);
  if (!cb) throw notFound();
  return cb;
}

/**
 * A college's pages of books, kept a few seconds and dropped at once by every change of its books or their seats
 * (`booksChanged`) and by any book edit (`tag.catalog`: titles, covers).
 */
const BOOK_PAGES = { ttlMs: 5000, maxEntries: 5000 };

/** A college's books with their seats (its administrator's list, and the staff's of any college). */
export async function bookPage(ctx: AppContext, collegeId: number, query: PageQuery & { bookName?: string }) {
  const window = pageWindow(query);
  const key = `${collegeId}:${window.offset}:${window.limit}:${query.bookName ?? ''}`;
  const page = await ctx.caches
    .cache<Paged<ReturnType<typeof view>>>('college-books', BOOK_PAGES)
    .get(key, async () => {
      const found = await sq.pageCollegeBooks(ctx.db, collegeId, { bookName: query.bookName, ...window });
      return { value: pageOf(found.rows.map(view), found.total), tags: [tag.collegeBooks(collegeId), tag.catalog] };
    });
  return page!;
}

/** A college's books or their seats changed: its cached pages go. */
function booksChanged(ctx: CacheOwner, collegeId: number): void {
  invalidate(ctx, tag.collegeBooks(collegeId));
}

export async function bookDetail(ctx: AppContext, cb: CollegeBook) {
  return view((await sq.findCollegeBook(ctx.db, cb.id)) ?? cb);
}

export function counts(cb: CollegeBook) {
  const v = view(cb);
  return { boughtCount: v.boughtCount, givenCount: v.givenCount, residueAuthorizeCount: v.residueAuthorizeCount };
}

/** Adds a published book to the college's books, with no seats (seats come by orders). */
export async function addBook(ctx: AppContext, actor: MemberActor, bookId: number) {
  const collegeId = collegeOf(actor);
  if (!(await sq.publishedBook(ctx.db, bookId))) throw refused(CollegeMsg.BOOK_MISSING);
  if (await sq.findCollegeBookOf(ctx.db, collegeId, bookId)) throw refused(CollegeMsg.BOOK_ALREADY);
  const id = await sq.ensureCollegeBook(ctx.db, collegeId, bookId, Date.now());
  booksChanged(ctx, collegeId);
  return view((await sq.findCollegeBook(ctx.db, id))!);
}

export async function updateBook(ctx: AppContext, cb: CollegeBook, expiresAt: number | null) {
  await sq.setExpiry(ctx.db, cb.id, expiresAt, Date.now());
  booksChanged(ctx, cb.collegeId);
  return view((await sq.findCollegeBook(ctx.db, cb.id))!);
}

/** Only a book whose seats never moved (no ledger row) may leave the college's list. */
export async function deleteBook(ctx: AppContext, cb: CollegeBook): Promise<void> {
  if ((await sq.ledgerCount(ctx.db, cb.id)) > 0) throw refused(CollegeMsg.BOOK_HAS_SEATS);
  await sq.deleteCollegeBook(ctx.db, cb.id);
  booksChanged(ctx, cb.collegeId);
}

export interface SeatMove {
  kind: SeatChange;
  bought?: number;
  /** One ledger row for each member (a seat each): given delta +1 for grant/redeem, -1 for revoke. */
  members?: { memberId: number; refId: number }[];
  byMember?: number | null;
  byStaff?: number | null;
  reason: string;
  refId?: number;
}

/**
 * The one way seat counts change: the counts move in one guarded statement (never more given than bought,
 * never fewer than none) and every change is written to the ledger in the same transaction, so the counts
 * shown are always the ledger's sums. Throws (the caller's transaction rolls back) when seats are short. The
 * college's cached pages of books are told (again once the transaction has surely ended: `invalidate`).
 */
export async function moveSeats(
  ctx: CacheOwner,
  db: Db,
  collegeBookId: number,
  move: SeatMove,
  now: number,
): Promise<void> {
  const bought = move.bought ?? 0;
  const step = move.kind === 'revoke' ? -1 : 1;
  const given = move.members ? move.members.length * step : 0;
  if (bought === 0 && given === 0) return;
  if (!(await sq.moveCounts(db, collegeBookId, bought, given, now))) {
    const cb = await sq.findCollegeBook(db, collegeBookId);
    const left = cb ? Number(cb.boughtCount) - Number(cb.givenCount) : 0;
    throw refused(given > 0 ? CollegeMsg.SEATS_SHORT(left) : CollegeMsg.SEATS_BELOW_GIVEN);
  }
  const base = {
    college_book_id: collegeBookId,
    college_id: 0,
    kind: move.kind,
    by_member_id: move.byMember ?? null,
    by_staff_id: move.byStaff ?? null,
    reason: move.reason,
    created_at: now,
  };
  const cb = await sq.findCollegeBook(db, collegeBookId);
  base.college_id = cb?.collegeId ?? 0;
  if (cb) booksChanged(ctx, cb.collegeId);
  const rows = move.members
    ? move.members.map((m) => ({ ...base, given_delta: step, member_id: m.memberId, ref_id: m.refId }))
    : [{ ...base, bought_delta: bought, member_id: null, ref_id: move.refId ?? 0 }];
  await sq.insertLedger(db, rows);
}

/**
 * Gives a seat of the college's book to each member named who holds none yet, inside the caller's transaction:
 * the authorization rows, the seats through `moveSeats` (refused, and the caller's transaction rolls back, when
 * fewer are left than new holders) and each new holder's shelf entry of the college ('authorization', tied to
 * the college: the access function asks to switch college elsewhere). Answers the members newly given a seat.
 */
export async function giveSeats(
  ctx: CacheOwner,
  trx: Db,
  cb: CollegeBook,
  memberIds: number[],
  how: { kind: 'grant' | 'redeem'; via: AuthorizationVia; byMember: number | null; reason: string; refId?: number },
  now: number,
): Promise<{ id: number; memberId: number }[]> {
  const added = await sq.insertAuthorizations(trx, cb, memberIds, how.via, now);
  if (!added.length) return added;
  await moveSeats(
    ctx,
    trx,
    cb.id,
    {
      kind: how.kind,
      members: added.map((a) => ({ memberId: a.memberId, refId: how.refId ?? a.id })),
      byMember: how.byMember,
      reason: how.reason,
    },
    now,
  );
  // One upsert for every new holder (a class's whole batch of joins, say).
  await grantShelfEntries(
    ctx,
    trx,
    added.map((a) => ({
      memberId: a.memberId,
      bookId: cb.bookId,
      source: 'authorization' as const,
      sourceRef: cb.collegeId,
      collegeId: cb.collegeId,
      expiresAt: cb.expiresAt,
    })),
    now,
  );
  return added;
}

/** Whom an authorization names: chosen members of the college, or every approved student of one of its classes. */
async function targets(ctx: AppContext, cb: CollegeBook, input: { memberIds?: number[]; classId?: number }) {
  const ids = new Set(input.memberIds ?? []);
  if (ids.size) {
    const inCollege = await sq.collegeMemberIds(ctx.db, cb.collegeId, [...ids]);
    if (inCollege.length !== ids.size) throw refused(CollegeMsg.NOT_COLLEGE_MEMBERS);
  }
  if (input.classId !== undefined) {
    const cls = await findClassFacts(ctx, input.classId);
    if (!cls || cls.collegeId !== cb.collegeId) throw refused(CollegeMsg.CLASS_MISSING);
    for (const s of await approvedStudents(ctx, cls.id)) ids.add(s.memberId);
  }
  if (!ids.size) throw refused(CollegeMsg.NO_MEMBERS);
  return [...ids];
}

/**
 * Gives a seat of the book to each member named who holds none yet, all or nothing: when fewer seats are left
 * than new holders, nothing is given. Each new holder gets a shelf entry of the college ('authorization',
 * tied to the college: the access function asks to switch college elsewhere).
 */
export async function authorize(
  ctx: AppContext,
  actor: MemberActor,
  cb: CollegeBook,
  input: { memberIds?: number[] | undefined; classId?: number | undefined },
) {
  const memberIds = await targets(ctx, cb, {
    ...(input.memberIds ? { memberIds: input.memberIds } : {}),
    ...(input.classId !== undefined ? { classId: input.classId } : {}),
  });
  const now = Date.now();
  const reason = input.classId !== undefined ? CollegeText.REASON_GRANT_CLASS(input.classId) : CollegeText.REASON_GRANT;
  const granted = await ctx.db.transaction().execute(async (trx) => {
    const fresh = (await sq.findCollegeBook(trx, cb.id)) ?? cb;
    const how = { kind: 'grant', via: 'grant', byMember: actor.memberId, reason } as const;
    return (await giveSeats(ctx, trx, fresh, memberIds, how, now)).length;
  });
  return { granted, already: memberIds.length - granted };
}

/** Takes seats back: the holders lose the shelf entry, the seats are left again. */
export async function revoke(ctx: AppContext, actor: MemberActor, cb: CollegeBook, memberIds: number[]) {
  const now = Date.now();
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const gone = await sq.deleteAuthorizations(trx, cb.id, [...new Set(memberIds)]);
    if (!gone.length) throw refused(CollegeMsg.NOT_HELD);
    await moveSeats(
      ctx,
      trx,
      cb.id,
      {
        kind: 'revoke',
        members: gone.map((a) => ({ memberId: a.memberId, refId: a.id })),
        byMember: actor.memberId,
        reason: CollegeText.REASON_REVOKE,
      },
      now,
    );
    for (const a of gone) {
      await revokeShelfEntry(ctx, trx, {
        memberId: a.memberId,
        bookId: cb.bookId,
        source: 'authorization',
        sourceRef: cb.collegeId,
      });
    }
    return gone.length;
  });
  return { granted: -removed, already: 0 };
}

export async function authorizeMembers(
  ctx: AppContext,
  cb: CollegeBook,
  query: PageQuery & { keyword?: string | undefined },
) {
  const page = await sq.holders(ctx.db, cb, { keyword: query.keyword, ...pageWindow(query) });
  return pageOf(
    page.rows.map((r) => ({ ...r, realName: r.realName ?? '', phone: r.phone ?? '', studentId: r.studentId ?? '' })),
    page.total,
  );
}

/** The college's classes of the book (the authorize dialog gives a whole class its seats). */
export function bookClasses(ctx: AppContext, cb: CollegeBook) {
  return collegeBookClasses(ctx, cb.collegeId, cb.bookId);
}

/** Which of these members hold a seat of the college book. */
export async function seatHolders(ctx: AppContext, cb: CollegeBook, memberIds: number[]): Promise<Set<number>> {
  return new Set(await sq.heldAmong(ctx.db, cb.id, memberIds));
}

export function myAuthorizations(ctx: AppContext, actor: MemberActor) {
  return sq.myAuthorizations(ctx.db, actor.memberId);
}

const VIA = CollegeText.VIA;
const HH = CollegeText.HOLDERS_HEADERS;

export async function exportHolders(ctx: AppContext, cb: CollegeBook, type: number) {
  const page = await sq.holders(ctx.db, cb, { offset: 0, limit: 100_000 });
  return exportTable(
    ctx,
    {
      title: CollegeText.HOLDERS_TITLE(cb.bookName),
      columns: [
        { header: HH.name, key: 'name', width: 16 },
        { header: HH.phone, key: 'phone', width: 16 },
        { header: HH.studentId, key: 'studentId', width: 20 },
        { header: HH.via, key: 'via', width: 12 },
        { header: HH.time, key: 'time', width: 20 },
        { header: HH.end, key: 'end', width: 20 },
      ],
      rows: page.rows.map((r) => ({
        name: r.realName ?? '',
        phone: r.phone ?? '',
        studentId: r.studentId ?? '',
        via: VIA[r.via] ?? r.via,
        time: dateTime(r.createTime),
        end: r.expiresAt ? dateTime(r.expiresAt) : CollegeText.FOREVER,
      })),
    },
    type,
  );
}

const KIND = CollegeText.KIND;
const LH = CollegeText.LEDGER_HEADERS;

/** The seat ledger of the book, oldest first (collegeBook/download). */
export async function ledger(ctx: AppContext, cb: CollegeBook) {
  const rows = await sq.ledgerRows(ctx.db, cb.id);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    boughtDelta: Number(r.boughtDelta),
    givenDelta: Number(r.givenDelta),
    memberName: r.memberRealName || r.memberUserName || '',
    byName: r.byRealName || r.byUserName || (r.staffName ? CollegeText.STAFF_BY(r.staffName) : ''),
    reason: r.reason,
    createTime: r.createTime,
  }));
}

export async function exportLedger(ctx: AppContext, cb: CollegeBook, type: number) {
  const rows = await ledger(ctx, cb);
  return exportTable(
    ctx,
    {
      title: CollegeText.LEDGER_TITLE(cb.bookName),
      columns: [
        { header: LH.time, key: 'time', width: 20 },
        { header: LH.kind, key: 'kind', width: 10 },
        { header: LH.bought, key: 'bought', width: 10 },
        { header: LH.given, key: 'given', width: 10 },
        { header: LH.member, key: 'member', width: 16 },
        { header: LH.by, key: 'by', width: 16 },
        { header: LH.reason, key: 'reason', width: 30 },
      ],
      rows: rows.map((r) => ({
        time: dateTime(r.createTime),
        kind: KIND[r.kind] ?? r.kind,
        bought: r.boughtDelta,
        given: r.givenDelta,
        member: r.memberName,
        by: r.byName,
        reason: r.reason,
      })),
    },
    type,
  );
}

/** Staff add or take seats of a college's book directly (a correction), through the ledger. */
export async function adjustSeats(
  ctx: AppContext,
  staffId: number,
  input: { collegeId: number; bookId: number; delta: number; reason: string },
) {
  if (!(await sq.publishedBook(ctx.db, input.bookId))) throw refused(CollegeMsg.BOOK_MISSING);
  if (!(await q.findCollege(ctx.db, input.collegeId))) throw notFound();
  const now = Date.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const cbId = await sq.ensureCollegeBook(trx, input.collegeId, input.bookId, now);
    await moveSeats(
      ctx,
      trx,
      cbId,
      { kind: 'adjust', bought: input.delta, byStaff: staffId, reason: input.reason },
      now,
    );
    return cbId;
  });
  return view((await sq.findCollegeBook(ctx.db, id))!);
}

/**
 * The demo's college seats (the first-start seed): `seats` seats of the book bought by the college (an
 * adjustment in the ledger), one of them given to each member named, exactly as the routes would.
 */
export async function seedCollegeSeats(
  ctx: AppContext,
  input: { collegeId: number; bookId: number; seats: number; memberIds: number[]; reason: string },
): Promise<void> {
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const cbId = await sq.ensureCollegeBook(trx, input.collegeId, input.bookId, now);
    await moveSeats(ctx, trx, cbId, { kind: 'adjust', bought: input.seats, reason: input.reason }, now);
    const cb = (await sq.findCollegeBook(trx, cbId))!;
    await giveSeats(
      ctx,
      trx,
      cb,
      input.memberIds,
      { kind: 'grant', via: 'grant', byMember: null, reason: input.reason },
      now,
    );
  });
}

/**
 * Which of these students could take a seat of the class's book now (a join waiting for review takes it on
 * approval): all when the college has no seats of the book or some are left, else those who hold one.
 */
export async function classSeatOpen(
  _ctx: AppContext,
  db: Db,
  input: { collegeId: number; bookId: number; memberIds: number[] },
): Promise<Set<number>> {
  const cb = await sq.findCollegeBookOf(db, input.collegeId, input.bookId);
  if (!cb || Number(cb.boughtCount) > Number(cb.givenCount)) return new Set(input.memberIds);
  return sq.holdersAmong(db, cb.id, input.memberIds);
}

/**
 * Students who get a class's book (direct joins, or the teacher's approval) take a seat each of the college
 * when the college has that book among its books and the student holds none: the same pool and ledger as
 * authorizations and codes, inside the caller's transaction. Throws JOIN_NO_SEATS (reason `no_seats`) when
 * none is left (or `refusal`'s message), so the caller's transaction rolls back; a book the college has no seats of needs none.
 */
export async function useClassSeat(
  ctx: CacheOwner,
  trx: Db,
  input: { collegeId: number; bookId: number; memberIds: number[]; className: string },
  now: number,
  refusal: (book: string) => string = CollegeMsg.JOIN_NO_SEATS,
): Promise<boolean> {
  const cb = await sq.findCollegeBookOf(trx, input.collegeId, input.bookId);
  if (!cb) return false;
  const how = {
    kind: 'grant',
    via: 'class',
    byMember: null,
    reason: CollegeText.REASON_JOIN(input.className),
  } as const;
  try {
    return (await giveSeats(ctx, trx, cb, input.memberIds, how, now)).length > 0;
  } catch (err) {
    // moveSeats refuses a grant only when the seats are short.
    if (err instanceof AppError) throw refused(refusal(cb.bookName), NO_SEATS);
    throw err;
  }
}
