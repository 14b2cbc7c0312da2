import { describe, expect, it } from 'vitest';
import { expectImportKeepsMarkup, expectLongChapters } from '../../../test/demo-texts.js';
import { chapter1 } from './dxwl-1.js';
import { chapter2 } from './dxwl-2.js';
import { chapter3 } from './dxwl-3.js';
import { dxwlChapters } from './dxwl.js';
import { plot, tex } from './markup.js';

describe('大学物理, a demo book of real length', () => {
  it('has three chapters of real length, the old sections first', () => {
    expect(dxwlChapters.map((c) => c.title)).toEqual(['第一章 质点运动学', '第二章 牛顿运动定律', '第三章 静电场']);
    expect(dxwlChapters.map((c) => c.sections[0]!.title)).toEqual(['1.1 位置与位移', '2.1 三大定律', '3.1 库仑定律']);
    expect(dxwlChapters[0]!.sections[1]!.title).toBe('1.2 速度与加速度');
    expectLongChapters(dxwlChapters, [chapter1, chapter2, chapter3]);
  });

  it('imports: formulas, vectors, figures with arrows, tables and page breaks survive the sanitizer', () => {
    expectImportKeepsMarkup('dxwl', 6, ['<mover accent="true">']);
  });

  it('writes vectors, laws, closed integrals and accents', () => {
    expect(tex('\\vec{F}')).toBe('<mover accent="true"><mrow><mi>F</mi></mrow><mo stretchy="false">→</mo></mover>');
    expect(tex('\\overline{A}')).toBe('<mover accent="true"><mrow><mi>A</mi></mrow><mo stretchy="true">‾</mo></mover>');
    expect(tex('\\oint_S')).toBe('<msub><mo largeop="true">∮</mo><mi>S</mi></msub>');
    expect(tex('\\binom{n}{k}')).toBe(
      '<mrow><mo>(</mo><mfrac linethickness="0"><mrow><mi>n</mi></mrow><mrow><mi>k</mi></mrow></mfrac><mo>)</mo></mrow>',
    );
    // A segment with an arrow: a solid line and a head at its end.
    const svg = plot({ x: [0, 1], y: [0, 1], segments: [{ from: [0, 0], to: [1, 0], arrow: true }] });
    expect(svg).toMatch(/<line x1="20" y1="[\d.]+" x2="300"[^>]*stroke-width="1.6"\/><polygon points="300,/);
    expect(svg).not.toContain('stroke-dasharray="4 3"');
  });
});
