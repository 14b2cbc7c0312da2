import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdfkit (tests read exports back): inflates its streams, reads the fonts'
 * ToUnicode maps and decodes the hex glyph strings of every text-showing operator. One string per TJ/Tj,
 * in page order.
 */
export function pdfText(bytes: Buffer): string[] {
  const raw = bytes.toString('latin1');
  const streams: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const chunk = bytes.subarray(start, end);
    try {
      streams.push(inflateSync(chunk).toString('latin1'));
    } catch {
      streams.push(chunk.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  const map = new Map<number, string>();
  const hex = (h: string) => parseInt(h, 16);
  const uni = (h: string) => {
    let s = '';
    for (let i = 0; i < h.length; i += 4) s += String.fromCharCode(hex(h.slice(i, i + 4)));
    return s;
  };
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const from = hex(r[1]!);
        const to = hex(r[2]!);
        if (r[3]!.startsWith('[')) {
          const items = [...r[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => uni(x[1]!));
          items.forEach((u, i) => map.set(from + i, u));
        } else {
          const base = hex(r[3]!.slice(1, -1));
          for (let c = from; c <= to; c += 1) map.set(c, String.fromCharCode(base + c - from));
        }
      }
    }
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(hex(r[1]!), uni(r[2]!));
    }
  }
  const lines: string[] = [];
  for (const s of streams.filter((x) => /T[Jj]/.test(x) && !x.includes('begincmap'))) {
    for (const op of s.matchAll(/(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[Jj]/g)) {
      let text = '';
      for (const h of op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let i = 0; i < h[1]!.length; i += 4) text += map.get(hex(h[1]!.slice(i, i + 4))) ?? '';
      }
      lines.push(text);
    }
  }
  return lines;
}
