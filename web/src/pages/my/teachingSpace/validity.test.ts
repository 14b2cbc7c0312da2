import { describe, expect, it } from 'vitest';
import { readsChinaTime } from '@textbook/contracts';
import { validityState } from './validity';

// 2026-09-01 08:30 in Beijing is 2026-09-01 00:30 UTC, and still 2026-08-31 in New York.
const NOW = Date.UTC(2026, 8, 1, 0, 30);
const row = { codeOpen: true, startTime: '2026-09-01 08:00', endTime: '2027-01-31 23:59' };

describe('a class join state in any time zone', () => {
  it('reads now on China’s clock, not the browser’s', () => {
    expect(validityState(row, NOW).text).toBe('可加入');
    expect(validityState(row, NOW - 60 * 60_000).text).toBe('未开始');
    expect(validityState({ ...row, endTime: '2026-09-01 08:29' }, NOW).text).toBe('已过期');
  });

  it('says Beijing time only where the browser’s clock differs', () => {
    expect(readsChinaTime(-480)).toBe(true);
    expect(readsChinaTime(300)).toBe(false);
  });
});
