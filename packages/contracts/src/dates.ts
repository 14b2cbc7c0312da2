/**
 * Dates as the platform shows and reads them: Beijing time (UTC+8, no daylight saving) whatever the time zone
 * of the browser or the server, in one format, `2026-11-28 11:37` (a day alone `2026-11-28`). Every page that
 * shows or defaults a date takes it from here (issue 30: a browser in UTC defaulted the class dialog to its own
 * clock and failed its own check).
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
export const MINUTE = 60_000;

/** Class and homework times, as typed and sent: yyyy-MM-dd HH:mm (spec §3), China's wall clock. */
export const CLASS_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** The fields of China's wall clock at `ms` (month 1–12). */
export function chinaClock(ms: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

export function parseClassTime(text: string): number | null {
  const m = CLASS_TIME_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute) - CHINA_OFFSET_MS;
  // Reject 2026-02-30 and 25:00: the parts must survive the round trip.
  return formatClassTime(ms) === text ? ms : null;
}

/** `2026-11-28 11:37`: the platform's date format (class and homework times are written in it too). */
export function formatClassTime(ms: number): string {
  const c = chinaClock(ms);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)} ${pad2(c.hour)}:${pad2(c.minute)}`;
}

/** A time as pages show it (`2026-11-28 11:37`), `empty` when there is none. */
export function formatDateTime(ms: number | null | undefined, empty = ''): string {
  return ms ? formatClassTime(ms) : empty;
}

/** A day (`2026-11-28`), `empty` when there is none. */
export function formatDate(ms: number | null | undefined, empty = ''): string {
  if (!ms) return empty;
  const c = chinaClock(ms);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;
}

/** A time of day to the second (`11:37:05`), for moments within one sitting (check-ins, a draft saved). */
export function formatTimeOfDay(ms: number): string {
  const c = chinaClock(ms);
  return `${pad2(c.hour)}:${pad2(c.minute)}:${pad2(c.second)}`;
}

/** Now, as a class time (China's wall clock), whatever the time zone of the browser or server. */
export function chinaNow(now = Date.now()): string {
  return formatClassTime(now);
}

/** True when a clock with this UTC offset (minutes, as Date#getTimezoneOffset gives) reads China's time. */
export function readsChinaTime(timezoneOffset = new Date().getTimezoneOffset()): boolean {
  return timezoneOffset === -480;
}

/** Said beside times where the browser's clock is not China's (the times are Beijing time). */
export const BEIJING_TIME_NOTE = '（北京时间）';

/** The start of the current minute: a validity period may start in it (spec §5). */
export function currentMinute(now = Date.now()): number {
  return Math.floor(now / MINUTE) * MINUTE;
}
