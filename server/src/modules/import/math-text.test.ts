import { describe, expect, it } from 'vitest';
import { sanitizeChapter } from './sanitize.js';

const links = { chapterUrl: () => null, assetUrl: () => null };
const textOf = (body: string) => sanitizeChapter(`<html><body>${body}</body></html>`, 'c.xhtml', links).text;

describe('a formula in the chapter text (search snippets)', () => {
  it('is its alttext, else its TeX annotation, else a compact linear form — never its leaves run together', () => {
    expect(
      textOf('<p>由 <math alttext="x^2+1"><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></math> 得</p>'),
    ).toBe('由 x^2+1 得');
    expect(
      textOf(
        '<p><math><semantics><mfrac><mi>a</mi><mi>b</mi></mfrac><annotation encoding="application/x-tex">\\frac{a}{b}</annotation></semantics></math></p>',
      ),
    ).toBe('\\frac{a}{b}');
    expect(
      textOf(
        '<p>积分 <math><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><msup><mi>x</mi><mn>2</mn></msup><mi>d</mi><mi>x</mi><mo>=</mo><mfrac><mn>1</mn><mn>3</mn></mfrac></math></p>',
      ),
    ).toBe('积分 ∫_0^1x^2dx=1/3');
    expect(textOf('<p><math><msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt></math></p>')).toBe('√(x+1)');
  });
});
