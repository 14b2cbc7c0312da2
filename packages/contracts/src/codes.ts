/**
 * Envelope codes (DESIGN.md §4, spec §8). `code` in `{code, msg, data}` drives the web client;
 * the HTTP status tells proxies and monitoring the same truth.
 */
export const Code = {
  /** Success. */
  OK: 200,
  /** Not logged in, or the session expired: the client offers re-login once. */
  UNAUTHORIZED: 401,
  /** Logged in, but not allowed. */
  FORBIDDEN: 403,
  /** No such resource. */
  NOT_FOUND: 404,
  /** A rule refused the request; `msg` is the exact user-facing message. */
  REFUSED: 500,
  /** The account must bind a phone first (the login dialog switches to binding mode). */
  BIND_PHONE: 501,
  /** The resource belongs to another college (the client offers the college switch). */
  OTHER_COLLEGE: 502,
  /** A warning the caller handles itself. */
  WARNING: 601,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes the client passes to the caller without showing anything (spec §8). */
export const PASS_THROUGH_CODES: readonly number[] = [Code.WARNING, Code.BIND_PHONE, Code.OTHER_COLLEGE];

/** Role codes of a college membership (spec §6). */
export const Role = {
  COMMON: 0,
  COLLEGE_ADMIN: 1,
  TEACHER: 2,
  STUDENT: 3,
} as const;

export type RoleCode = (typeof Role)[keyof typeof Role];

/** Platform value used as the notice `source` (spec §7, §9). */
export const PLATFORM = 3;

/** Export types (spec §9). */
export const ExportType = { SPREADSHEET: 0, TEXT: 1, PDF: 2 } as const;
