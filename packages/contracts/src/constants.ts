/** Business constants and limits (spec §9). */
export const Limits = {
  REQUEST_TIMEOUT_MS: 300_000,
  CHUNK_LOAD_TIMEOUT_MS: 120_000,
  CODE_COUNTDOWN_S: 60,
  PASSWORD_MIN: 12,
  PASSWORD_MAX: 20,
  PHONE_LENGTH: 11,
  CLASS_NAME_MAX: 50,
  REMARK_MAX: 500,
  STUDENT_ID_MAX: 50,
  STUDENT_NAME_MAX: 50,
  SEARCH_MAX: 50,
  PAGE_SIZE_DEFAULT: 10,
  PAGE_SIZE_MIN: 1,
  PAGE_SIZE_MAX: 999,
  TOAST_MS: 3000,
  SEARCH_PANEL_CLOSE_MS: 500,
  SCROLL_THROTTLE_MS: 100,
  BADGE_CAP: 99,
  /** Window in which an identical submit is refused as a duplicate (client side). */
  DUPLICATE_SUBMIT_WINDOW_MS: 1000,
} as const;

/** The cookie that keeps the member's token in the browser (spec §9). */
export const TOKEN_COOKIE = 'Book-Token';

/** Badge text: the count, or 99+ above 99 (spec §2, §9). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > Limits.BADGE_CAP ? `${Limits.BADGE_CAP}+` : String(count);
}
