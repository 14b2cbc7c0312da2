/**
 * Sessions' public face (member and staff tokens, the caller behind a token). No routes of its own: login is the
 * auth module's, logout the member module's, staff sign-in the staff module's.
 */
export {
  STAFF_TOKEN_PREFIX,
  actorOfToken,
  closeSession,
  endSession,
  closeSessionsOfMember,
  closeStaffSession,
  closeSessionsOfStaff,
  hashToken,
  knownActor,
  openSession,
  openStaffSession,
  parseRoles,
  parseStaffRoles,
  openSessions,
  openSessionCounts,
  forceEndSession,
} from './service.js';
