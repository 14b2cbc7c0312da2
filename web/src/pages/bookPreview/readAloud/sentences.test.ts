import { describe, expect, test } from 'vitest';
import { sentenceItems, spokenMath } from './sentences';

// A small stand-in for the DOM (the web tests run without one): elements and text nodes with what sentences.ts
// reads, and a Range that records its boundaries and says its text as the browser's would.

interface FakeNode {
  nodeType: number;
  parentNode: FakeNode | null;
  childNodes: FakeNode[];
  ownerDocument: unknown;
  localName: string;
  data: string;
  attrs: Record<string, string>;
  getAttribute(name: string): string | null;
}

type Point = { node: FakeNode; offset: number };

class FakeRange {
  start: Point | null = null;
  end: Point | null = null;
  setStart(node: FakeNode, offset: number) {
    this.start = { node, offset };
  }
  setEnd(node: FakeNode, offset: number) {
    this.end = { node, offset };
  }
  setStartBefore(node: FakeNode) {
    this.start = { node: node.parentNode!, offset: node.parentNode!.childNodes.indexOf(node) };
  }
  setEndAfter(node: FakeNode) {
    this.end = { node: node.parentNode!, offset: node.parentNode!.childNodes.indexOf(node) + 1 };
  }
  /** The text between the boundaries, in document order (as Range.toString). */
  toString(): string {
    let out = '';
    let inside = false;
    const visit = (n: FakeNode) => {
      if (n.nodeType === 3) {
        let text = n.data;
        let from = 0;
        if (this.start!.node === n) {
          inside = true;
          from = this.start!.offset;
        }
        if (inside) {
          const to = this.end!.node === n ? this.end!.offset : text.length;
          text = text.slice(from, to);
          out += text;
        }
        if (this.end!.node === n) inside = false;
        return;
      }
      n.childNodes.forEach((c, i) => {
        if (this.start!.node === n && this.start!.offset === i) inside = true;
        if (this.end!.node === n && this.end!.offset === i) inside = false;
        visit(c);
      });
      if (this.end!.node === n && this.end!.offset === n.childNodes.length) inside = false;
    };
    let top = this.start!.node;
    while (top.parentNode) top = top.parentNode;
    visit(top);
    return out;
  }
}

const doc = { createRange: () => new FakeRange() };

function node(nodeType: number, localName: string, attrs: Record<string, string>, data = ''): FakeNode {
  return {
    nodeType,
    parentNode: null,
    childNodes: [],
    ownerDocument: doc,
    localName,
    data,
    attrs,
    getAttribute: (name) => attrs[name] ?? null,
  };
}
type Child = FakeNode | string;
function h(name: string, attrs: Record<string, string> = {}, ...children: Child[]): FakeNode {
  const el = node(1, name, attrs);
  for (const c of children) {
    const child = typeof c === 'string' ? node(3, '#text', {}, c) : c;
    child.parentNode = el;
    el.childNodes.push(child);
  }
  return el;
}

const asElement = (n: FakeNode) => n as unknown as Element;
const items = (root: FakeNode, lang?: string) => sentenceItems(root as unknown as ParentNode, lang);
const said = (root: FakeNode) => items(root).map((i) => i.text);

describe('sentences of a chapter', () => {
  test('Chinese and English sentences, each a range over its own text', () => {
    const root = h(
      'div',
      { class: 'epub-body', lang: 'zh-CN' },
      h('h1', {}, '第一章　绪论'),
      h('p', {}, '经济学研究稀缺资源的配置。', h('em', {}, '机会成本'), '是放弃的最好选择！对吗？'),
      h('p', { lang: 'en' }, 'Call me Ishmael.\n   Some years ago, I went to sea. '),
    );
    const found = items(root);
    // Whitespace of any kind (an ideographic space, the source's line ends) is said as one space.
    expect(found.map((i) => i.text)).toEqual([
      '第一章 绪论',
      '经济学研究稀缺资源的配置。',
      '机会成本是放弃的最好选择！',
      '对吗？',
      'Call me Ishmael.',
      'Some years ago, I went to sea.',
    ]);
    expect(found.map((i) => i.id)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
    expect(found.map((i) => i.lang)).toEqual(['zh-CN', 'zh-CN', 'zh-CN', 'zh-CN', 'en', 'en']);
    // The range runs across the emphasis and ends at the sentence's end.
    expect(found[2]!.range.toString()).toBe('机会成本是放弃的最好选择！');
    expect(found[4]!.range.toString()).toBe('Call me Ishmael.');
  });

  test('hidden text, scripts, ruby annotations and page numbers are not read', () => {
    const root = h(
      'div',
      {},
      h('p', {}, '看得见的句子。', h('span', { 'aria-hidden': 'true' }, '藏起来的。'), h('script', {}, 'var x;')),
      h('span', { 'epub:type': 'pagebreak', id: 'page12' }, '12'),
      h('p', { hidden: '' }, '隐藏段落。'),
      h('p', {}, h('ruby', {}, '汉', h('rt', {}, 'hàn')), '字。'),
      h('p', {}, '—'),
      h('aside', { 'epub:type': 'footnote' }, '脚注。'),
    );
    expect(said(root)).toEqual(['看得见的句子。', '汉字。']);
  });

  test('a formula is read from its alttext, its label, or its text, and highlighted whole', () => {
    const math = h('math', { alttext: 'x 的平方' }, h('msup', {}, h('mi', {}, 'x'), h('mn', {}, '2')));
    const root = h('div', { lang: 'zh-CN' }, h('p', {}, '设', math, '为正数。'));
    const found = items(root);
    expect(found.map((i) => i.text)).toEqual(['设 x 的平方 为正数。']);
    expect(found[0]!.range.toString()).toBe('设x2为正数。');
    expect(spokenMath(asElement(h('math', { 'aria-label': 'a plus b' })))).toBe('a plus b');
    expect(spokenMath(asElement(h('math', {}, h('mi', {}, 'a'), h('mo', {}, '+'), h('mi', {}, 'b'))))).toBe('a + b');
  });

  test('text without a language of its own takes the book language', () => {
    expect(items(h('div', {}, h('p', {}, 'One. Two.')), 'en').map((i) => [i.text, i.lang])).toEqual([
      ['One.', 'en'],
      ['Two.', 'en'],
    ]);
  });
});
