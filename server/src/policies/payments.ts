import type { Actor } from '../http/actor.js';
import { anyone, isStaff } from './helpers.js';

export const paymentPolicies = {
  /**
   * A provider's notification (and the sandbox provider's own pay page): anonymous by nature; what makes it
   * count is its signature, verified by the provider adapter, never the caller. The sandbox's page and its
   * 确认支付 count only with the page's one-time token, which 发起支付 gives the order's buyer alone.
   */
  'payment.notify': anyone,
  /** Staff: the log of payment notifications, and the channels offered. */
  'payment.log': (actor: Actor) => isStaff(actor),
};
