/**
 * Personal orders' public face: the module (routes) and what the payments module uses to apply a verified
 * notification (`applyPayment`), the close job, and the order view.
 */
export { ordersModule } from './routes.js';
export {
  applyPayment,
  closeExpiredOrders,
  orderView,
  startCloseJob,
  type OrderRow,
  type PaymentOutcome,
} from './service.js';
export { orderByNo } from './queries.js';
