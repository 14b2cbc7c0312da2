import { describe, expect, it } from 'vitest';
import { chapterSections, inline } from './markup.js';

describe('the demo text format: code and quotations', () => {
  it('keeps a ``` fence as one listing, blank lines and indents and all, in its language', () => {
    const [section] = chapterSections(
      [
        '## 1.1 A listing',
        'Before.',
        '```python\ndef f(x):\n    return x * 2\n\n\nprint(f(2) < 5)\n```',
        'After.',
      ].join('\n\n'),
      {},
    );
    expect(section!.blocks).toEqual([
      '<p>Before.</p>',
      '<pre class="code"><code class="language-python">def f(x):\n    return x * 2\n\n\nprint(f(2) &lt; 5)</code></pre>',
      '<p>After.</p>',
    ]);
    // A fence without a language is code all the same.
    expect(chapterSections('## x\n\n```\na ~ b\n```', {})[0]!.blocks).toEqual([
      '<pre class="code"><code>a ~ b</code></pre>',
    ]);
  });

  it('writes `code` in text as it stands: no bold, no formula, no ideographic space inside it', () => {
    expect(inline('Use `2 ** 10` and `x ~ y`, then **this**.')).toBe(
      'Use <code>2 ** 10</code> and <code>x ~ y</code>, then <strong>this</strong>.',
    );
  });

  it('writes a block of > lines as a quotation, one paragraph a line', () => {
    expect(chapterSections('## 一 读诗\n\n> 白日依山尽，\n> 黄河入海流。', {})[0]!.blocks).toEqual([
      '<blockquote><p>白日依山尽，</p><p>黄河入海流。</p></blockquote>',
    ]);
  });
});
