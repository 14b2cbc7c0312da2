/**
 * A small text format for the long demo textbooks, turned into the XHTML blocks `writeEpub` writes:
 *
 * - `## 1.1 标题` starts a section; `### 标题` a sub-heading;
 * - `定义 …`, `定理 …`, `定律 …`, `例 …`, `解 …`, `证 …`, `注 …` start a paragraph of that kind;
 * - `$…$` is an inline formula, a block `$$…$$` a display formula (a little TeX: `^ _ { } \frac \sqrt
 *   \lim \sum \int \oint \text \mathbf \binom`, accents `\vec \overline \bar \hat`,
 *   `\begin{pmatrix} a & b \\ c & d \end{pmatrix}` (also `vmatrix`, `bmatrix`, `matrix`), Greek letters and the
 *   usual symbols), written as MathML;
 * - a block of `| a | b |` lines is a table (first line the header, an optional `: caption` line before);
 * - `{{fig:name}}` is a figure given by the caller; a block starting with `<` is XHTML written as given;
 * - a block of `1. …` lines is an exercise list (`（A）…` options on the following lines of an item);
 * - a block of `> …` lines is a quotation, one paragraph a line (a poem: one line of verse each);
 * - lines between two ```` ``` ```` or `~~~` fence lines are a code listing, written as they stand (blank lines and
 *   indents kept; no formulas); ```` ```lang ```` names the language. `` `…` `` in text is inline code (in a
 *   `String.raw` template a backtick is written `\``: the backslash is dropped, so `~~~` fences need no escapes);
 * - `~` outside formulas and code is an ideographic space (the blank of a choice question: `（~~）`).
 */

import { esc, math } from './tex.js';

export { esc, math, tex } from './tex.js';
export { arrowHead, fmt, plot, type Plot } from './plot.js';

/** Text with `$…$` formulas, `` `code` `` and `**bold**`: escaped text, MathML formulas. */
export function inline(text: string): string {
  return text
    .split(/(\$[^$]+\$|`[^`]+`)/)
    .map((part) =>
      part.startsWith('$') && part.endsWith('$') && part.length > 1
        ? math(part.slice(1, -1))
        : part.startsWith('`') && part.endsWith('`') && part.length > 1
          ? `<code>${esc(part.slice(1, -1))}</code>`
          : esc(part)
              .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
              .replace(/~/g, '\u3000'),
    )
    .join('');
}

const KINDS: [RegExp, string][] = [
  [/^定义\s*\d/, 'def'],
  [/^(?:定理|推论|性质|法则|定律)\s*\d/, 'thm'],
  [/^例\s*\d/, 'example'],
  [/^解\s/, 'solution'],
  [/^证\s/, 'proof'],
  [/^注\s/, 'note'],
];

function paragraph(text: string): string {
  const kind = KINDS.find(([re]) => re.test(text))?.[1];
  // The lead words (定义 1.1、例 2 …) in bold.
  const lead =
    /^((?:定义|定理|推论|性质|法则|定律)\s*[\d.]+(?:（[^）]*）)?|例\s*\d+|解|证|注)(?=\s)/.exec(text)?.[1] ?? '';
  const body = lead ? `<strong>${esc(lead)}</strong>${inline(text.slice(lead.length))}` : inline(text);
  return kind ? `<p class="${kind}">${body}</p>` : `<p>${body}</p>`;
}

function table(lines: string[]): string {
  const caption = lines[0]!.startsWith(':') ? lines.shift()!.slice(1).trim() : '';
  // Cells split on the bars outside formulas ($|x|$ stays whole).
  const rows = lines.map((l) =>
    (
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .match(/(?:\$[^$]*\$|[^|$])+/g) ?? []
    ).map((c) => inline(c.trim())),
  );
  const [head, ...body] = rows;
  return `<table>${caption ? `<caption>${inline(caption)}</caption>` : ''}<thead><tr>${head!
    .map((c) => `<th>${c}</th>`)
    .join(
      '',
    )}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

function exercises(lines: string[]): string {
  const items: string[][] = [];
  for (const line of lines) {
    if (/^\d+\.\s/.test(line)) items.push([line.replace(/^\d+\.\s*/, '')]);
    else items.at(-1)?.push(line.trim());
  }
  return `<ol class="exercises">${items
    .map(([q, ...options]) => `<li><p>${inline(q!)}</p>${options.map((o) => `<p>${inline(o)}</p>`).join('')}</li>`)
    .join('')}</ol>`;
}

export interface TextSection {
  title: string;
  paragraphs: string[];
  blocks: string[];
}

/** A code fence's opening line: ``` or ~~~, then the language's name if any. */
const FENCE = /^(```|~~~)\s*([\w+-]*)\s*$/;

/** A text's blocks: parts separated by blank lines, a fenced code listing whole (its blank lines kept). */
function splitBlocks(source: string): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  let fence: string | null = null;
  const end = () => {
    if (lines.length) blocks.push(lines.join('\n'));
    lines = [];
  };
  for (const line of source.split('\n')) {
    const opening: RegExpExecArray | null = fence === null ? FENCE.exec(line.trim()) : null;
    if (opening) {
      end();
      fence = opening[1]!;
      lines.push(line.trim());
    } else if (fence !== null) {
      lines.push(line);
      if (line.trim() === fence) {
        fence = null;
        end();
      }
    } else if (line.trim()) lines.push(line);
    else end();
  }
  if (fence !== null) throw new Error(`Code listing not closed: ${lines[1]?.slice(0, 40)}`);
  end();
  return blocks;
}

/** A code listing: its lines as written, indentation kept, in a preformatted block (the fence names the language). */
function listing(block: string): string {
  const lines = block.split('\n');
  const lang = FENCE.exec(lines[0]!)?.[2] ?? '';
  const code = esc(lines.slice(1, -1).join('\n'));
  return `<pre class="code"><code${lang ? ` class="language-${esc(lang)}"` : ''}>${code}</code></pre>`;
}

/** One chapter's text (sections of blocks separated by blank lines) as sections of XHTML blocks. */
export function chapterSections(source: string, figures: Record<string, string>): TextSection[] {
  const sections: TextSection[] = [];
  for (const raw of splitBlocks(source.replace(/\\`/g, '`'))) {
    const block = raw.trim();
    if (!block) continue;
    if (block.startsWith('## ')) {
      const [title, ...rest] = block.split('\n');
      sections.push({ title: title!.slice(3).trim(), paragraphs: [], blocks: [] });
      if (rest.length)
        sections.at(-1)!.blocks.push(...chapterSections(`## x\n\n${rest.join('\n')}`, figures)[0]!.blocks);
      continue;
    }
    const current = sections.at(-1);
    if (!current) throw new Error(`Text before the first section: ${block.slice(0, 40)}`);
    const lines = block.split('\n').map((l) => l.trim());
    let xml: string;
    if (FENCE.test(block.split('\n')[0]!)) xml = listing(block);
    else if (block.startsWith('### ')) xml = `<h3>${inline(block.slice(4))}</h3>`;
    else if (block.startsWith('$$') && block.endsWith('$$'))
      xml = `<p class="display">${math(block.slice(2, -2).trim(), true)}</p>`;
    else if (block.startsWith('{{fig:')) {
      const name = block.slice(6, -2);
      const figure = figures[name];
      if (!figure) throw new Error(`No figure ${name}`);
      xml = figure;
    } else if (block.startsWith('<')) xml = block;
    else if (lines.every((l) => l.startsWith('|') || l.startsWith(':'))) xml = table(lines);
    else if (lines.every((l) => l.startsWith('>')))
      xml = `<blockquote>${lines.map((l) => `<p>${inline(l.slice(1).trim())}</p>`).join('')}</blockquote>`;
    else if (/^\d+\.\s/.test(block)) xml = exercises(lines);
    else xml = paragraph(lines.join(''));
    current.blocks.push(xml);
  }
  return sections;
}
/** A numbered figure: an SVG and its caption, after the label an ideographic space (图 1-1) or an en space (Figure 1.1). */
export const figure = (svg: string, caption: string, label: string) =>
  `<figure>${svg.replace('role="img"', `role="img" aria-label="${esc(caption)}"`)}<figcaption>${esc(label)}${/[\u4e00-\u9fff]/.test(label) ? '\u3000' : '\u2002'}${esc(caption)}</figcaption></figure>`;
