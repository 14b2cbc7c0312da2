/** Business constants and limits (spec §9). */
export const Limits = {
  /** A print page's label (book_pages.label, reader_notes.page_label: varchar(40)). */
  PAGE_LABEL_MAX: 40,
  /** A media overlay (SMIL) document's size and its par count, checked before and while it is parsed (issue 33). */
  SMIL_MAX_BYTES: 4 * 1024 * 1024,
  OVERLAY_PARS_MAX: 20_000,
  /**
   * How deep a request's JSON may nest (objects and arrays): no form of the site comes near it (a rich-text
   * document with nested lists is under 30); a deeper body is refused before any handler runs.
   */
  BODY_DEPTH_MAX: 64,
  REQUEST_TIMEOUT_MS: 300_000,
  CHUNK_LOAD_TIMEOUT_MS: 120_000,
  CODE_COUNTDOWN_S: 60,
  PASSWORD_MIN: 12,
  PASSWORD_MAX: 20,
  PHONE_LENGTH: 11,
  /** The digits of an SMS code. */
  SMS_CODE_LENGTH: 6,
  /** A member's user name. */
  USER_NAME_MAX: 50,
  CLASS_NAME_MAX: 50,
  /** A class code as typed. */
  CLASS_CODE_MAX: 32,
  REMARK_MAX: 500,
  STUDENT_ID_MAX: 50,
  STUDENT_NAME_MAX: 50,
  SEARCH_MAX: 50,
  /** Row ids start at 1. */
  ID_MIN: 1,
  /** A plain address or picture address in a form (varchar(255)). */
  URL_MAX: 255,
  PAGE_SIZE_DEFAULT: 10,
  PAGE_SIZE_MIN: 1,
  PAGE_SIZE_MAX: 999,
  /** A display order typed by staff (menus, links, lists, dictionaries): within ± this (a 4-byte integer column). */
  SORT_MAX: 100_000,
  TOAST_MS: 3000,
  SEARCH_PANEL_CLOSE_MS: 500,
  SCROLL_THROTTLE_MS: 100,
  BADGE_CAP: 99,
  /** Window in which an identical submit is refused as a duplicate (client side). */
  DUPLICATE_SUBMIT_WINDOW_MS: 1000,
} as const;

/**
 * The cookie that keeps the member's token in the browser (spec §9). The server sets it HttpOnly (page scripts
 * never read it); the web knows a session is there by the readable marker `LOGIN_MARK_COOKIE`.
 */
export const TOKEN_COOKIE = 'Book-Token';
/** The staff console's own session cookie (HttpOnly, set by the server), never the member's. */
export const STAFF_TOKEN_COOKIE = 'Staff-Token';
/** Readable, non-secret markers beside the HttpOnly cookies: "a session cookie is there" (value `1`). */
export const LOGIN_MARK_COOKIE = 'Book-Login';
export const STAFF_MARK_COOKIE = 'Staff-Login';
/**
 * The web client's request header. A cross-site page cannot send it without a CORS preflight (which the
 * server never grants), so it is the CSRF proof of cookie-authenticated writes; its value names the session
 * cookie the request means (`member` or `staff`). Logins set cookies only for requests that carry it.
 */
export const CLIENT_HEADER = 'x-book-client';
export const ClientKind = { MEMBER: 'member', STAFF: 'staff' } as const;
export type ClientKind = (typeof ClientKind)[keyof typeof ClientKind];

/** Badge text: the count, or 99+ above 99 (spec §2, §9). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > Limits.BADGE_CAP ? `${Limits.BADGE_CAP}+` : String(count);
}
