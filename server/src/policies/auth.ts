import { anyone } from './helpers.js';

/**
 * Logging in is for anyone (anonymous access, written down): the slider puzzle, code sending (gated by the
 * puzzle ticket and rate limits), code and password login, the forgotten-password reset and the cipher key.
 */
export const authPolicies = {
  'auth.login': anyone,
};
