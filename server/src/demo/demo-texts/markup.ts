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

export const esc = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

const SYMBOLS: Record<string, [string, 'mi' | 'mo']> = {
  alpha: ['α', 'mi'],
  beta: ['β', 'mi'],
  gamma: ['γ', 'mi'],
  delta: ['δ', 'mi'],
  Delta: ['Δ', 'mo'],
  varepsilon: ['ε', 'mi'],
  epsilon: ['ε', 'mi'],
  theta: ['θ', 'mi'],
  lambda: ['λ', 'mi'],
  mu: ['μ', 'mi'],
  xi: ['ξ', 'mi'],
  eta: ['η', 'mi'],
  pi: ['π', 'mi'],
  varphi: ['φ', 'mi'],
  psi: ['ψ', 'mi'],
  infty: ['∞', 'mi'],
  to: ['→', 'mo'],
  leq: ['≤', 'mo'],
  geq: ['≥', 'mo'],
  neq: ['≠', 'mo'],
  approx: ['≈', 'mo'],
  cdot: ['·', 'mo'],
  times: ['×', 'mo'],
  pm: ['±', 'mo'],
  in: ['∈', 'mo'],
  notin: ['∉', 'mo'],
  subset: ['⊂', 'mo'],
  cup: ['∪', 'mo'],
  cap: ['∩', 'mo'],
  emptyset: ['∅', 'mi'],
  forall: ['∀', 'mo'],
  exists: ['∃', 'mo'],
  Rightarrow: ['⇒', 'mo'],
  iff: ['⇔', 'mo'],
  ldots: ['…', 'mo'],
  cdots: ['⋯', 'mo'],
  circ: ['∘', 'mo'],
  mid: ['|', 'mo'],
  lt: ['<', 'mo'],
  gt: ['>', 'mo'],
  lvert: ['|', 'mo'],
  rvert: ['|', 'mo'],
  sim: ['∼', 'mo'],
  prime: ['′', 'mo'],
  ne: ['≠', 'mo'],
  vdots: ['⋮', 'mo'],
  ddots: ['⋱', 'mo'],
  mapsto: ['↦', 'mo'],
  leftrightarrow: ['↔', 'mo'],
  Lambda: ['Λ', 'mi'],
  omega: ['ω', 'mi'],
  Omega: ['Ω', 'mi'],
  sigma: ['σ', 'mi'],
  rho: ['ρ', 'mi'],
  tau: ['τ', 'mi'],
  nu: ['ν', 'mi'],
  phi: ['ϕ', 'mi'],
  Phi: ['Φ', 'mi'],
  partial: ['∂', 'mi'],
  perp: ['⊥', 'mo'],
  parallel: ['∥', 'mo'],
  propto: ['∝', 'mo'],
  ll: ['≪', 'mo'],
  gg: ['≫', 'mo'],
  supset: ['⊃', 'mo'],
  nabla: ['∇', 'mi'],
  lfloor: ['⌊', 'mo'],
  rfloor: ['⌋', 'mo'],
  lceil: ['⌈', 'mo'],
  rceil: ['⌉', 'mo'],
  leftarrow: ['←', 'mo'],
  equiv: ['≡', 'mo'],
  zeta: ['ζ', 'mi'],
  Theta: ['Θ', 'mi'],
  Pi: ['Π', 'mi'],
};
/** Accents over what follows them: \vec{v} (an arrow), \overline{A}, \bar{x}, \hat{p}. */
const ACCENTS: Record<string, string> = { vec: '→', overline: '‾', bar: '‾', hat: 'ˆ' };
const FUNCTIONS = new Set(
  'sin cos tan cot sec csc ln log exp arcsin arccos arctan max min sgn sh ch arccot lg det tr rank dim grad gcd mod'.split(
    ' ',
  ),
);
const LARGE: Record<string, string> = { sum: '∑', int: '∫', iint: '∬', iiint: '∭', prod: '∏', oint: '∮' };
/** The brackets of the matrix environments. */
const MATRICES: Record<string, [string, string]> = {
  matrix: ['', ''],
  pmatrix: ['(', ')'],
  bmatrix: ['[', ']'],
  vmatrix: ['|', '|'],
};

/** Parses a little TeX into MathML (enough for calculus and linear algebra; unknown commands are kept as text). */
export function tex(source: string): string {
  let i = 0;
  const peek = () => source[i];
  const skipSpaces = () => {
    while (i < source.length && source[i] === ' ') i += 1;
  };
  const command = () => {
    let name = '';
    i += 1;
    while (i < source.length && /[A-Za-z]/.test(source[i]!)) name += source[i++];
    if (!name) name = source[i++] ?? '';
    return name;
  };
  const braced = () => {
    skipSpaces();
    if (peek() !== '{') return atom() ?? '<mrow></mrow>';
    i += 1;
    const inner = list('}');
    i += 1;
    return `<mrow>${inner}</mrow>`;
  };
  const rawBraced = () => {
    skipSpaces();
    if (peek() !== '{') return '';
    const start = ++i;
    let depth = 1;
    while (i < source.length && depth) {
      if (source[i] === '{') depth += 1;
      if (source[i] === '}') depth -= 1;
      i += 1;
    }
    return source.slice(start, i - 1);
  };
  /** The delimiter after \left or \right, growing with its group (`.` is none). */
  const delimiter = () => {
    skipSpaces();
    let c = source[i++] ?? '.';
    if (c === '\\') {
      i -= 1;
      const name = command();
      c = SYMBOLS[name]?.[0] ?? name;
    }
    return c === '.' ? '' : `<mo stretchy="true">${esc(c)}</mo>`;
  };
  /** One atom, with no scripts; `kind` says how scripts attach to it. */
  const base = (): { xml: string; kind: 'normal' | 'under' | 'large' | 'function' } | null => {
    skipSpaces();
    const c = peek();
    if (c === undefined || c === '}') return null;
    if (c === '{') return { xml: braced(), kind: 'normal' };
    if (c === '\\') {
      const name = command();
      if (name === 'frac') return { xml: `<mfrac>${braced()}${braced()}</mfrac>`, kind: 'normal' };
      if (name === 'sqrt') {
        skipSpaces();
        if (peek() === '[') {
          const end = source.indexOf(']', i);
          const index = tex(source.slice(i + 1, end));
          i = end + 1;
          return { xml: `<mroot>${braced()}<mrow>${index}</mrow></mroot>`, kind: 'normal' };
        }
        return { xml: `<msqrt>${braced()}</msqrt>`, kind: 'normal' };
      }
      if (name === 'text') return { xml: `<mtext>${esc(rawBraced())}</mtext>`, kind: 'normal' };
      if (name === 'begin') {
        // \begin{pmatrix} a & b \\ c & d \end{pmatrix}: rows split on \\, cells on &.
        const env = rawBraced();
        const end = `\\end{${env}}`;
        const stop = source.indexOf(end, i);
        const body = source.slice(i, stop < 0 ? source.length : stop);
        i = stop < 0 ? source.length : stop + end.length;
        const rows = body
          .split('\\\\')
          .filter((row) => row.trim())
          .map(
            (row) =>
              `<mtr>${row
                .split('&')
                .map((cell) => `<mtd>${tex(cell.trim())}</mtd>`)
                .join('')}</mtr>`,
          );
        const [open, close] = MATRICES[env] ?? ['', ''];
        const fence = (c: string) => (c ? `<mo stretchy="true">${c}</mo>` : '');
        return { xml: `<mrow>${fence(open)}<mtable>${rows.join('')}</mtable>${fence(close)}</mrow>`, kind: 'normal' };
      }
      if (name in ACCENTS) {
        const stretchy = name === 'overline' || name === 'bar' ? 'true' : 'false';
        return {
          xml: `<mover accent="true">${braced()}<mo stretchy="${stretchy}">${ACCENTS[name]}</mo></mover>`,
          kind: 'normal',
        };
      }
      if (name === 'binom')
        return {
          xml: `<mrow><mo>(</mo><mfrac linethickness="0">${braced()}${braced()}</mfrac><mo>)</mo></mrow>`,
          kind: 'normal',
        };
      if (name === 'mathbf') return { xml: `<mi mathvariant="bold">${esc(rawBraced())}</mi>`, kind: 'normal' };
      if (name === 'mathrm' || name === 'd')
        return { xml: `<mi mathvariant="normal">${esc(name === 'd' ? 'd' : rawBraced())}</mi>`, kind: 'normal' };
      if (name === 'lim') return { xml: '<mo movablelimits="true">lim</mo>', kind: 'under' };
      if (name in LARGE) return { xml: `<mo largeop="true">${LARGE[name]}</mo>`, kind: 'large' };
      if (FUNCTIONS.has(name)) return { xml: `<mi>${name}</mi>`, kind: 'function' };
      if (name === 'cases') {
        const rows = rawBraced()
          .split(';')
          .map((row) => {
            const comma = row.indexOf(',');
            return `<mtr><mtd>${tex(row.slice(0, comma))}</mtd><mtd>${tex(row.slice(comma + 1))}</mtd></mtr>`;
          });
        return {
          xml: `<mrow><mo>{</mo><mtable columnalign="left" columnspacing="1em">${rows.join('')}</mtable></mrow>`,
          kind: 'normal',
        };
      }
      if (name === 'quad') return { xml: '<mspace width="1em"></mspace>', kind: 'normal' };
      if (name === ',' || name === ' ') return { xml: '<mspace width="0.2em"></mspace>', kind: 'normal' };
      if (name === 'left') {
        // \left( … \right): one group whose brackets grow with what they hold (a script after it applies to
        // the whole group); bare brackets keep their size.
        const open = delimiter();
        const inner = list('\\right');
        if (source.startsWith('\\right', i)) i += 6;
        const close = delimiter();
        return { xml: `<mrow>${open}${inner}${close}</mrow>`, kind: 'normal' };
      }
      if (name === '{' || name === '}') return { xml: `<mo stretchy="false">${name}</mo>`, kind: 'normal' };
      if (name === '|') return { xml: '<mo>‖</mo>', kind: 'normal' };
      const sym = SYMBOLS[name];
      if (sym) return { xml: `<${sym[1]}>${esc(sym[0])}</${sym[1]}>`, kind: 'normal' };
      return { xml: `<mtext>${esc(name)}</mtext>`, kind: 'normal' };
    }
    i += 1;
    if (/[0-9]/.test(c)) {
      let n = c;
      while (i < source.length && /[0-9.]/.test(source[i]!)) n += source[i++];
      return { xml: `<mn>${n}</mn>`, kind: 'normal' };
    }
    if (/[A-Za-z]/.test(c)) return { xml: `<mi>${c}</mi>`, kind: 'normal' };
    if (c === '-') return { xml: '<mo>−</mo>', kind: 'normal' };
    if (c === "'") return { xml: '<mo>′</mo>', kind: 'normal' };
    if ('()[]'.includes(c)) return { xml: `<mo stretchy="false">${c}</mo>`, kind: 'normal' };
    if (c === '|') return { xml: '<mo stretchy="false" lspace="0" rspace="0">|</mo>', kind: 'normal' };
    return { xml: `<mo>${esc(c)}</mo>`, kind: 'normal' };
  };
  const atom = (): string | null => {
    const b = base();
    if (!b) return null;
    let xml = b.xml;
    let primes = '';
    while (peek() === "'") {
      primes += '′';
      i += 1;
    }
    // The prime is a raised glyph already: written after its base, not as a superscript.
    if (primes) xml = `<mrow>${xml}<mo lspace="0" rspace="0">${primes}</mo></mrow>`;
    let sub: string | null = null;
    let sup: string | null = null;
    for (;;) {
      skipSpaces();
      if (peek() === '_' && sub === null) {
        i += 1;
        sub = braced();
      } else if (peek() === '^' && sup === null) {
        i += 1;
        sup = braced();
      } else break;
    }
    const under = b.kind === 'under' || (b.kind === 'large' && !/[∫∬∭∮]/.test(xml));
    // A little space after a function name (sin x) and an integral sign.
    const after = b.kind === 'function' ? '<mspace width="0.17em"></mspace>' : '';
    if (sub !== null && sup !== null)
      return under
        ? `<munderover>${xml}${sub}${sup}</munderover>`
        : `<msubsup>${wrap(xml)}${sub}${sup}</msubsup>${after}`;
    if (sub !== null) return under ? `<munder>${xml}${sub}</munder>` : `<msub>${wrap(xml)}${sub}</msub>${after}`;
    if (sup !== null) return under ? `<mover>${xml}${sup}</mover>` : `<msup>${wrap(xml)}${sup}</msup>${after}`;
    return xml + after;
  };
  const wrap = (xml: string) =>
    /^<(\w+)[^<]*>[^<]*<\/\1>$/.test(xml) || xml.startsWith('<mrow>') ? xml : `<mrow>${xml}</mrow>`;
  const list = (end?: string) => {
    let out = '';
    while (i < source.length && (end === '\\right' ? !source.startsWith(end, i) : peek() !== end)) {
      const a = atom();
      if (a === null) break;
      out += a;
    }
    return out;
  };
  return list();
}

export const math = (source: string, display = false) =>
  `<math xmlns="http://www.w3.org/1998/Math/MathML"${display ? ' display="block"' : ''}>${tex(source)}</math>`;

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

/** An SVG plot of functions on a grid, with axes, ticks and labels, drawn to scale. */
export interface Plot {
  x: [number, number];
  y: [number, number];
  width?: number;
  height?: number;
  curves?: {
    f: (x: number) => number;
    from?: number;
    to?: number;
    color?: string;
    dash?: boolean;
    label?: string;
    at?: number;
  }[];
  /** Lines between two points (dashed unless `dash: false`); `arrow` puts a head at `to` (a vector, a force). */
  segments?: { from: [number, number]; to: [number, number]; color?: string; dash?: boolean; arrow?: boolean }[];
  points?: { at: [number, number]; label?: string; open?: boolean; dx?: number; dy?: number }[];
  labels?: { at: [number, number]; text: string; color?: string }[];
  ticks?: { x?: number[]; y?: number[] };
  /** The axes' names, `x` and `y` unless given (an economist's `Q` and `P`). */
  names?: [string, string];
}

/** An SVG coordinate to one decimal. */
export const fmt = (n: number) => String(Math.round(n * 10) / 10);

/** An arrow head at `b` for a line from `a` (SVG coordinates): 8 px long and 6 px wide along the line. */
export function arrowHead(a: [number, number], b: [number, number], color: string): string {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  const corner = (side: number) => `${fmt(b[0] - 8 * ux - 3 * side * uy)},${fmt(b[1] - 8 * uy + 3 * side * ux)}`;
  return `<polygon points="${fmt(b[0])},${fmt(b[1])} ${corner(1)} ${corner(-1)}" fill="${color}"/>`;
}

export function plot(p: Plot): string {
  const width = p.width ?? 320;
  const [x0, x1] = p.x;
  const [y0, y1] = p.y;
  const scale = (width - 40) / (x1 - x0);
  // One unit is as long on both axes unless a height is given (then y has its own scale).
  const height = p.height ?? Math.round((y1 - y0) * scale + 40);
  const yScale = p.height ? (p.height - 40) / (y1 - y0) : scale;
  const X = (x: number) => 20 + (x - x0) * scale;
  const Y = (y: number) => height - 20 - (y - y0) * yScale;
  const out: string[] = [];
  const axisY = Math.min(Math.max(0, y0), y1);
  const axisX = Math.min(Math.max(0, x0), x1);
  out.push(
    `<line x1="${fmt(X(x0) - 8)}" y1="${fmt(Y(axisY))}" x2="${fmt(X(x1) + 12)}" y2="${fmt(Y(axisY))}" stroke="currentColor" stroke-width="1"/>`,
    `<polygon points="${fmt(X(x1) + 16)},${fmt(Y(axisY))} ${fmt(X(x1) + 8)},${fmt(Y(axisY) - 3)} ${fmt(X(x1) + 8)},${fmt(Y(axisY) + 3)}" fill="currentColor"/>`,
    `<line x1="${fmt(X(axisX))}" y1="${fmt(Y(y0) + 8)}" x2="${fmt(X(axisX))}" y2="${fmt(Y(y1) - 12)}" stroke="currentColor" stroke-width="1"/>`,
    `<polygon points="${fmt(X(axisX))},${fmt(Y(y1) - 16)} ${fmt(X(axisX) - 3)},${fmt(Y(y1) - 8)} ${fmt(X(axisX) + 3)},${fmt(Y(y1) - 8)}" fill="currentColor"/>`,
    `<text x="${fmt(X(x1) + 10)}" y="${fmt(Y(axisY) + 14)}" font-size="12" font-style="italic" fill="currentColor">${esc(p.names?.[0] ?? 'x')}</text>`,
    `<text x="${fmt(X(axisX) + 6)}" y="${fmt(Y(y1) - 8)}" font-size="12" font-style="italic" fill="currentColor">${esc(p.names?.[1] ?? 'y')}</text>`,
    `<text x="${fmt(X(axisX) - 10)}" y="${fmt(Y(axisY) + 13)}" font-size="11" fill="currentColor">O</text>`,
  );
  for (const t of p.ticks?.x ?? [])
    out.push(
      `<line x1="${fmt(X(t))}" y1="${fmt(Y(axisY))}" x2="${fmt(X(t))}" y2="${fmt(Y(axisY) - 4)}" stroke="currentColor"/>`,
      `<text x="${fmt(X(t))}" y="${fmt(Y(axisY) + 14)}" font-size="11" text-anchor="middle" fill="currentColor">${esc(fmtTick(t))}</text>`,
    );
  for (const t of p.ticks?.y ?? [])
    out.push(
      `<line x1="${fmt(X(axisX))}" y1="${fmt(Y(t))}" x2="${fmt(X(axisX) + 4)}" y2="${fmt(Y(t))}" stroke="currentColor"/>`,
      `<text x="${fmt(X(axisX) - 5)}" y="${fmt(Y(t) + 4)}" font-size="11" text-anchor="end" fill="currentColor">${esc(fmtTick(t))}</text>`,
    );
  for (const c of p.curves ?? []) {
    const from = c.from ?? x0;
    const to = c.to ?? x1;
    const steps = 160;
    let d = '';
    let pen = false;
    for (let k = 0; k <= steps; k += 1) {
      const x = from + ((to - from) * k) / steps;
      const y = c.f(x);
      if (!Number.isFinite(y) || y < y0 - 0.5 || y > y1 + 0.5) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${fmt(X(x))} ${fmt(Y(y))}`;
      pen = true;
    }
    const color = c.color ?? '#1677ff';
    out.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${c.dash ? ' stroke-dasharray="5 4"' : ''}/>`,
    );
    if (c.label) {
      const at = c.at ?? to;
      out.push(
        `<text x="${fmt(X(at) + 4)}" y="${fmt(Y(c.f(at)) - 4)}" font-size="12" fill="${color}">${esc(c.label)}</text>`,
      );
    }
  }
  for (const s of p.segments ?? []) {
    const color = s.color ?? 'currentColor';
    const [ax, ay, bx, by] = [X(s.from[0]), Y(s.from[1]), X(s.to[0]), Y(s.to[1])];
    out.push(
      `<line x1="${fmt(ax)}" y1="${fmt(ay)}" x2="${fmt(bx)}" y2="${fmt(by)}" stroke="${color}" stroke-width="${s.arrow ? 1.6 : 1}"${s.dash === false || s.arrow ? '' : ' stroke-dasharray="4 3"'}/>`,
    );
    if (s.arrow) out.push(arrowHead([ax, ay], [bx, by], color));
  }
  for (const pt of p.points ?? []) {
    out.push(
      `<circle cx="${fmt(X(pt.at[0]))}" cy="${fmt(Y(pt.at[1]))}" r="3" fill="${pt.open ? 'none' : 'currentColor'}" stroke="currentColor" stroke-width="1.2"/>`,
    );
    if (pt.label)
      out.push(
        `<text x="${fmt(X(pt.at[0]) + (pt.dx ?? 6))}" y="${fmt(Y(pt.at[1]) + (pt.dy ?? -6))}" font-size="12" fill="currentColor">${esc(pt.label)}</text>`,
      );
  }
  for (const l of p.labels ?? [])
    out.push(
      `<text x="${fmt(X(l.at[0]))}" y="${fmt(Y(l.at[1]))}" font-size="12" fill="${l.color ?? 'currentColor'}">${esc(l.text)}</text>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${out.join('')}</svg>`;
}

const PI_TICKS: [number, string][] = [
  [Math.PI, 'π'],
  [Math.PI / 2, 'π/2'],
  [2 * Math.PI, '2π'],
  [(3 * Math.PI) / 2, '3π/2'],
];
/** A tick label: multiples of π by name, other numbers as they are (with a true minus sign). */
function fmtTick(t: number): string {
  const named = PI_TICKS.find(([v]) => Math.abs(Math.abs(t) - v) < 1e-9);
  if (named) return (t < 0 ? '−' : '') + named[1];
  return String(t).replace('-', '−');
}

/** A numbered figure: an SVG and its caption, after the label an ideographic space (图 1-1) or an en space (Figure 1.1). */
export const figure = (svg: string, caption: string, label: string) =>
  `<figure>${svg.replace('role="img"', `role="img" aria-label="${esc(caption)}"`)}<figcaption>${esc(label)}${/[\u4e00-\u9fff]/.test(label) ? '\u3000' : '\u2002'}${esc(caption)}</figcaption></figure>`;
