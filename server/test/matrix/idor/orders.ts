import { buildMember } from '../../factories.js';
import { buildPricedBook, order } from '../../orders.js';
import type { Caller, IdorCase, MatrixWorld } from '../world.js';

const made = new WeakMap<MatrixWorld, Promise<number>>();

/** An unpaid order of a member who is none of the callers (in the callers' college). */
function foreignOrder(w: MatrixWorld): Promise<number> {
  let found = made.get(w);
  if (!found) {
    found = (async () => {
      const owner = await buildMember(w.t.ctx.db, { college: { id: w.collegeId }, roles: '3' });
      const bookId = await buildPricedBook(w.t.ctx.db, 1999);
      return (await order(w.t, owner.token, bookId)).id;
    })();
    made.set(w, found);
  }
  return found;
}

type Make = (id: number) => { url: string; payload?: object };

const routes: [string, Make][] = [
  ['GET /api/personalOrder/pay/detail/:id', (id) => ({ url: `/api/personalOrder/pay/detail/${id}` })],
  ['POST /api/pay/:channel/order', (id) => ({ url: '/api/pay/sandbox/order', payload: { orderId: id } })],
  ['GET /api/pay/check/:id', (id) => ({ url: `/api/pay/check/${id}` })],
  ['GET /api/personalOrder/order/check/:id', (id) => ({ url: `/api/personalOrder/order/check/${id}` })],
  ['GET /api/personalOrder/receipt/:id', (id) => ({ url: `/api/personalOrder/receipt/${id}` })],
];

/** Each route that loads an order, by a member of the same college and by one of another college. */
export const cases: IdorCase[] = routes.flatMap(([route, make]) =>
  (['student', 'otherCollege'] as Caller[]).map((caller) => ({
    route,
    make: async (w: MatrixWorld) => ({ caller, ...make(await foreignOrder(w)) }),
  })),
);
