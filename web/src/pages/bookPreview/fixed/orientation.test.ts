import { describe, expect, it } from 'vitest';
import { rotateHint } from './orientation';

const portraitPhone = { width: 390, height: 844 };
const landscapePhone = { width: 844, height: 390 };

describe('rotateHint (rendition:orientation)', () => {
  it('asks a phone held the other way to turn', () => {
    expect(rotateHint('landscape', portraitPhone, true)).toBe('landscape');
    expect(rotateHint('portrait', landscapePhone, true)).toBe('portrait');
  });
  it('asks nothing when the phone is held the way the page wants', () => {
    expect(rotateHint('landscape', landscapePhone, true)).toBeNull();
    expect(rotateHint('portrait', portraitPhone, true)).toBeNull();
  });
  it('asks nothing of a page that wants neither (auto or unsaid)', () => {
    expect(rotateHint('', portraitPhone, true)).toBeNull();
    expect(rotateHint('', landscapePhone, true)).toBeNull();
  });
  it('asks nothing of a desktop, a tablet, or before the screen is measured', () => {
    expect(rotateHint('landscape', { width: 900, height: 1400 }, false)).toBeNull();
    expect(rotateHint('landscape', { width: 768, height: 1024 }, true)).toBeNull();
    expect(rotateHint('portrait', { width: 1440, height: 900 }, false)).toBeNull();
    expect(rotateHint('landscape', { width: 0, height: 0 }, true)).toBeNull();
  });
  it('a square screen counts as portrait', () => {
    expect(rotateHint('landscape', { width: 500, height: 500 }, true)).toBe('landscape');
    expect(rotateHint('portrait', { width: 500, height: 500 }, true)).toBeNull();
  });
});
