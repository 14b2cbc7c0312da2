/** A little TeX written as MathML, for the demo textbooks' formulas (see markup.ts for the text format). */

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
