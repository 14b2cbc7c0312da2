import { describe, expect, it } from 'vitest';
import { badgeText, Msg, pageQuery, passwordProblem, phoneSchema } from './index.js';

describe('phone rule', () => {
  it.each(['13800000000', '19912345678', '15000000000'])('accepts %s', (phone) => {
    expect(phoneSchema.safeParse(phone).success).toBe(true);
  });
  it.each(['12800000000', '1380000000', '138000000001', '23800000000', '1380000000a'])('refuses %s', (phone) => {
    const result = phoneSchema.safeParse(phone);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(Msg.PHONE_FORMAT);
  });
  it('asks for completion when empty', () => {
    expect(phoneSchema.safeParse('').error?.issues[0]?.message).toBe(Msg.INCOMPLETE);
  });
});

describe('password rule', () => {
  it('gives the spec messages in order', () => {
    expect(passwordProblem('Aa1!'.repeat(6))).toBe(Msg.PASSWORD_TOO_LONG);
    expect(passwordProblem('Aa1!aa')).toBe(Msg.PASSWORD_TOO_SHORT);
    expect(passwordProblem('abcdefghijkl1A')).toBe(Msg.PASSWORD_CLASSES);
    expect(passwordProblem('Abcdefghij1!')).toBeNull();
  });
});

describe('paging', () => {
  it('defaults and bounds', () => {
    expect(pageQuery.parse({})).toEqual({ pageNum: 1, pageSize: 10 });
    expect(pageQuery.safeParse({ pageSize: '1000' }).error?.issues[0]?.message).toBe(Msg.PAGE_SIZE_RANGE);
  });
});

describe('badge', () => {
  it('caps at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(120)).toBe('99+');
  });
});
