import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, hasOwnLook } from './settings';

describe('hasOwnLook', () => {
  it('is false for the defaults and for choices that leave the text as it is, true for any other look', () => {
    expect(hasOwnLook(DEFAULT_SETTINGS)).toBe(false);
    expect(hasOwnLook({ ...DEFAULT_SETTINGS, flowChosen: true })).toBe(false);
    expect(hasOwnLook({ ...DEFAULT_SETTINGS, theme: 'dark' })).toBe(true);
    expect(hasOwnLook({ ...DEFAULT_SETTINGS, fontSize: 125 })).toBe(true);
    expect(hasOwnLook({ ...DEFAULT_SETTINGS, lineHeight: 2 })).toBe(true);
    expect(hasOwnLook({ ...DEFAULT_SETTINGS, flow: 'paged' })).toBe(true);
    expect(hasOwnLook({ ...DEFAULT_SETTINGS, continuous: true })).toBe(true);
  });
});
