import { describe, expect, it } from 'vitest';
import { binaryTree, cells, linkedList } from './diagram.js';
import { chapterSections, inline, tex } from './markup.js';

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

describe('the demo books’ text format', () => {
  it('writes a ~~~ block as a code listing: as written, escaped, blank lines kept, no formulas or spaces made', () => {
    const source = [
      '## 1.1 顺序查找',
      '',
      '算法如下。',
      '',
      '~~~',
      'int find(int a[], int n, int key) {',
      '    for (int i = 0; i < n && a[i] != key; i++)',
      '',
      '        ;  // $x$ ~ 不是公式',
      '    return i;',
      '}',
      '~~~',
      '',
      '查找成功时返回下标。',
    ].join('\n');
    const [section] = chapterSections(source, {});
    expect(section!.blocks).toEqual([
      '<p>算法如下。</p>',
      '<pre class="code"><code>int find(int a[], int n, int key) {\n' +
        '    for (int i = 0; i &lt; n &amp;&amp; a[i] != key; i++)\n\n' +
        '        ;  // $x$ ~ 不是公式\n    return i;\n}</code></pre>',
      '<p>查找成功时返回下标。</p>',
    ]);
    expect(() => chapterSections('## 1.1 x\n\n~~~\nint i;\n', {})).toThrow('Code listing not closed');
  });

  it('writes floors, double integrals and the gradient', () => {
    expect(tex('\\lfloor \\log_2 n \\rfloor')).toBe(
      '<mo>⌊</mo><msub><mi>log</mi><mn>2</mn></msub><mspace width="0.17em"></mspace><mi>n</mi><mo>⌋</mo>',
    );
    // The double integral keeps its limits beside it, as a single one does.
    expect(tex('\\iint_D')).toBe('<msub><mo largeop="true">∬</mo><mi>D</mi></msub>');
    expect(tex('\\grad f = \\nabla f')).toBe(
      '<mi>grad</mi><mspace width="0.17em"></mspace><mi>f</mi><mo>=</mo><mi>∇</mi><mi>f</mi>',
    );
  });

  it('draws cells, a linked list and a binary tree as SVG', () => {
    const row = cells(['a', 'b', ''], { below: ['0', '1', '2'] });
    expect(row.match(/<rect/g)).toHaveLength(3);
    expect(row).toContain('>1</text>');
    const list = linkedList(['', 'a', 'b'], { head: 'L' });
    // A data and a next field a node, an arrow from the head pointer and between nodes, NULL at the end.
    expect(list.match(/<rect/g)).toHaveLength(6);
    expect(list.match(/<polygon/g)).toHaveLength(3);
    expect(list).toContain('>∧</text>');
    expect(linkedList(['a', 'b'], { circular: true })).not.toContain('∧');
    // ⋯ for the nodes left out: no box, the arrows pass through.
    const gap = linkedList(['a', '⋯', 'b']);
    expect(gap.match(/<rect/g)).toHaveLength(4);
    expect(gap.match(/<polygon/g)).toHaveLength(2);
    const tree = binaryTree({
      label: 'A',
      left: { label: 'B', edge: '0' },
      right: { label: 'C', right: { label: 'D' } },
    });
    expect(tree.match(/<circle/g)).toHaveLength(4);
    expect(tree.match(/<line/g)).toHaveLength(3);
    // In-order positions: B, A, C, D from left to right; depth gives the rows.
    const xs = [...tree.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(xs).toEqual([
      [24, 76],
      [60, 24],
      [96, 76],
      [132, 128],
    ]);
  });
});
