import type { Actor } from '../http/actor.js';
import { anyone, isStaff } from './helpers.js';

export const paymentPolicies = {
  /**
   * A provider's notification (and the sandbox provider's own pay page): anonymous by nature; what makes it
   * count is its signature, verified by the provider adapter, never the caller.
   */
  'payment.notify': anyone,
  /** Staff: the log of payment notifications. */
  'payment.log': (actor: Actor) => isStaff(actor),
};
