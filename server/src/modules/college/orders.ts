import { CollegeMsg, CollegeText, type PageQuery } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import * as oq from './order-queries.js';
import * as sq from './seat-queries.js';
import { collegeOf, moveSeats } from './seats.js';

export type Order = oq.OrderRecord;
const MONTH_MS = 30 * 86_400_000;

export async function loadOrder(ctx: AppContext, id: number): Promise<Order> {
  const order = await oq.findOrder(ctx.db, id);
  if (!order) throw notFound();
  return order;
}

/** The college orders seats of a published book; the order waits for the publisher's staff. */
export async function orderBook(
  ctx: AppContext,
  actor: MemberActor,
  input: { bookId: number; quantity: number; termMonths: number; remark?: string | undefined },
) {
  if (!(await sq.publishedBook(ctx.db, input.bookId))) throw refused(CollegeMsg.BOOK_MISSING);
  const { id } = await oq.insertOrder(
    ctx.db,
    { collegeId: collegeOf(actor), memberId: actor.memberId, ...input, remark: input.remark ?? '' },
    Date.now(),
  );
  return (await oq.findOrder(ctx.db, id))!;
}

export async function orderPage(
  ctx: AppContext,
  collegeId: number | undefined,
  query: PageQuery & { status?: number | undefined },
) {
  const page = await oq.pageOrders(ctx.db, { collegeId, status: query.status, ...pageWindow(query) });
  return pageOf(page.rows, page.total);
}

/**
 * Staff confirm a waiting order once: the seats are added to the college's book through the ledger and the
 * college's right to the book runs at least the order's term from now.
 */
export async function confirmOrder(ctx: AppContext, staffId: number, order: Order, remark?: string) {
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await oq.decideOrder(trx, order.id, 1, staffId, remark, now))) throw refused(CollegeMsg.ORDER_DECIDED);
    const cbId = await sq.ensureCollegeBook(trx, order.collegeId, order.bookId, now);
    await moveSeats(
      ctx,
      trx,
      cbId,
      {
        kind: 'order',
        bought: order.quantity,
        byStaff: staffId,
        reason: CollegeText.REASON_ORDER(order.id),
        refId: order.id,
      },
      now,
    );
    const cb = await sq.findCollegeBook(trx, cbId);
    const end = now + order.termMonths * MONTH_MS;
    if (cb && cb.expiresAt !== null && cb.expiresAt < end) await sq.setExpiry(trx, cbId, end, now);
    if (cb && cb.expiresAt === null && Number(cb.boughtCount) === order.quantity)
      await sq.setExpiry(trx, cbId, end, now);
  });
  return (await oq.findOrder(ctx.db, order.id))!;
}

export async function refuseOrder(ctx: AppContext, staffId: number, order: Order, remark?: string) {
  if (!(await oq.decideOrder(ctx.db, order.id, 2, staffId, remark, Date.now()))) {
    throw refused(CollegeMsg.ORDER_DECIDED);
  }
  return (await oq.findOrder(ctx.db, order.id))!;
}
