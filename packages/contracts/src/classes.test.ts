import { describe, expect, it } from 'vitest';
import {
  ClassMsg,
  classCreate,
  classPageQuery,
  codeQuery,
  isPlaceholderName,
  joinForm,
  validityProblem,
} from './classes.js';
import { currentMinute, formatClassTime, parseClassTime } from './dates.js';

describe('class times (China wall-clock, yyyy-MM-dd HH:mm)', () => {
  it('round-trips and reads the text as UTC+8', () => {
    expect(parseClassTime('2026-11-22 08:00')).toBe(Date.UTC(2026, 10, 22, 0, 0));
    expect(formatClassTime(Date.UTC(2026, 10, 21, 16, 30))).toBe('2026-11-22 00:30');
    for (const bad of ['2026-02-30 10:00', '2026-11-22 24:00', '2026-11-22T10:00', '2026-11-22 10:00:00', '']) {
      expect(parseClassTime(bad)).toBeNull();
    }
  });

  it('lets a range start in the current minute, not before it, and end after it starts', () => {
    const now = Date.UTC(2026, 10, 22, 2, 30, 45);
    const minute = formatClassTime(currentMinute(now));
    const later = formatClassTime(now + 3_600_000);
    expect(validityProblem(minute, later, { now })).toBeNull();
    // The minute just ended is still accepted (sent a moment after the minute turned); the one before is past.
    expect(validityProblem(formatClassTime(now - 60_000), later, { now })).toBeNull();
    expect(validityProblem(formatClassTime(now - 120_000), later, { now })).toBe(ClassMsg.VALIDITY_PAST);
    expect(validityProblem(formatClassTime(now - 120_000), later, { now, checkPast: false })).toBeNull();
    expect(validityProblem(later, minute, { now })).toBe(ClassMsg.VALIDITY_ORDER);
    expect(validityProblem(undefined, later, { now })).toBe(ClassMsg.VALIDITY_REQUIRED);
  });
});

describe('class and join schemas', () => {
  it('reports the first broken rule with the spec’s message', () => {
    const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(first(classCreate.safeParse({}))).toBe(ClassMsg.BOOK_REQUIRED);
    expect(first(joinForm.safeParse({ activationCode: ' ', studentId: 'a', name: 'b' }))).toBe(ClassMsg.CODE_REQUIRED);
    expect(joinForm.parse({ activationCode: ' ab3 ', studentId: 'a', name: 'b' }).activationCode).toBe('AB3');
  });

  it('holds no NUL character in a code or a name filter (PostgreSQL text cannot)', () => {
    const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(first(codeQuery.safeParse({ activationCode: 'a\0b' }))).toBe(ClassMsg.CODE_UNKNOWN);
    expect(classPageQuery.parse({ name: '高数\0一班' }).name).toBe('高数一班');
  });

  it('treats an empty or guest name as a placeholder, a real name as set', () => {
    expect(isPlaceholderName('')).toBe(true);
    expect(isPlaceholderName('游客')).toBe(true);
    expect(isPlaceholderName('用户1234')).toBe(true);
    expect(isPlaceholderName('张三')).toBe(false);
  });
});
