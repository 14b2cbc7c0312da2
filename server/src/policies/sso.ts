import type { Actor } from '../http/actor.js';
import { anyone, isMember } from './helpers.js';

export const ssoPolicies = {
  /** Whether a return address is allowed: anyone may ask (anonymous, written down). */
  'sso.check': anyone,
  /** The return address with the session's token: a logged-in member only. */
  'sso.redirect': (actor: Actor) => isMember(actor),
  /** Making a single sign-on return's token this browser's session: anyone (the token itself is the proof). */
  'sso.adopt': anyone,
};
