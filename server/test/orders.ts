import type { OrderView, PayStart } from '@textbook/contracts';
import type { Db } from '../src/db/connection.js';
import { paymentProviders } from '../src/adapters/payment/index.js';
import type { SandboxProvider, SandboxPayment } from '../src/adapters/payment/sandbox.js';
import { buildBook } from './classes.js';
import { call, expectOk, type TestApp } from './helpers.js';

/** A published book with a price in fen (unpublished when told). */
export async function buildPricedBook(db: Db, fen: number, options: { published?: boolean } = {}): Promise<number> {
  const id = await buildBook(db, { published: options.published ?? true, title: `定价教材${fen}` });
  await db.updateTable('books').set({ price: fen }).where('id', '=', id).execute();
  return id;
}

export async function order(t: TestApp, token: string, bookId: number, payload?: object): Promise<OrderView> {
  return expectOk(
    await call<OrderView>(t.app, {
      method: 'POST',
      url: `/api/personalOrder/order/${bookId}`,
      token,
      ...(payload ? { payload } : {}),
    }),
  );
}

export async function startPay(t: TestApp, token: string, orderId: number, channel = 'sandbox'): Promise<PayStart> {
  return expectOk(
    await call<PayStart>(t.app, { method: 'POST', url: `/api/pay/${channel}/order`, token, payload: { orderId } }),
  );
}

export function sandboxOf(t: TestApp): SandboxProvider {
  return paymentProviders(t.ctx).get('sandbox') as SandboxProvider;
}

/** Sends a sandbox notification signed by `signer` (the app's own sandbox, or a forger's key) to the platform. */
export async function sendSandbox(t: TestApp, payment: SandboxPayment, signer = sandboxOf(t), now = Date.now()) {
  const signed = signer.signNotification(payment, now);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: signed.headers,
    payload: signed.body,
  });
  return { status: res.statusCode, body: res.json<{ code: string; message?: string }>() };
}

export async function shelfEntries(db: Db, memberId: number, bookId: number) {
  return db
    .selectFrom('shelf_entries')
    .select(['source', 'source_ref'])
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .execute();
}

export async function orderRow(db: Db, id: number) {
  return db.selectFrom('personal_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
