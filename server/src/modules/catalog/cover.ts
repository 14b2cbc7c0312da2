const PALETTE = [
  ['#1f4e8c', '#3a7bd5'],
  ['#8c1f3a', '#d53a5f'],
  ['#1f7a5c', '#3ad59b'],
  ['#7a4f1f', '#d5963a'],
  ['#4b1f8c', '#8a3ad5'],
  ['#1f6f8c', '#3ab8d5'],
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Splits a title into lines that fit the cover: about 8 wide (CJK) characters or 12 bold Latin letters per line,
 * Latin words kept whole (a word longer than a line is cut).
 */
function lines(title: string, max = 4): string[] {
  const LIMIT = 16;
  const widthOf = (text: string) => [...text].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 2 : 1.25), 0);
  const tokens = title.match(/[\u2e80-\uffef]|[^\s\u2e80-\uffef]+|\s+/g) ?? [];
  const out: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (line) line += ' ';
      continue;
    }
    if (line && widthOf(line + token) > LIMIT) {
      out.push(line.trim());
      line = '';
    }
    let rest = token;
    while (widthOf(rest) > LIMIT) {
      let cut = rest.length;
      while (cut > 1 && widthOf(rest.slice(0, cut)) > LIMIT) cut -= 1;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line += rest;
  }
  if (line.trim()) out.push(line.trim());
  return out.slice(0, max);
}

/** A plain generated cover (title and author on a colour chosen from the title) for books without one. */
export function coverSvg(title: string, authors: string): string {
  let hash = 0;
  for (const ch of title) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const [dark, light] = PALETTE[hash % PALETTE.length]!;
  const text = lines(title.trim() || '未命名图书')
    .map(
      (l, i) =>
        `<text x="150" y="${150 + i * 44}" font-size="28" text-anchor="middle" fill="#fff" font-weight="bold">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420" viewBox="0 0 300 420"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><rect width="300" height="420" fill="url(#g)"/><rect x="20" y="20" width="260" height="380" fill="none" stroke="#fff" stroke-opacity="0.5"/>${text}<text x="150" y="360" font-size="18" text-anchor="middle" fill="#fff" fill-opacity="0.9">${escapeXml(authors.slice(0, 24))}</text></svg>`;
}
