/**
 * 引用 (issue 32): a book cited in GB/T 7714-2015 style (信息与文献 参考文献著录规则), the 专著 (monograph) form:
 *
 *   主要责任者. 题名[M]. 版本项. 出版地: 出版者, 出版年: 引文页码.
 *
 * - Authors (8.1): up to three, separated by ", "; more are cut to three followed by ", 等" (", et al." for a
 *   book not in Chinese). None known: the part is left out and the title leads.
 * - Edition (8.3): the first edition is not given; a later one as 第2版 (Chinese) or 2nd ed.
 * - Place (8.4.1.3): none known is written [出版地不详] (Chinese) or [S.l.]; publisher none known (8.4.2.3):
 *   [出版者不详] or [s.n.]. Year (8.4.3) left out when unknown.
 * - The cited page (8.8.2) after the year with ": ". The book is read on the platform, but the page is its print
 *   page, so it is cited as the printed book ([M]) rather than as an online resource ([M/OL] with a URL).
 */
export interface CiteSource {
  /** The authors as the catalogue holds them ('、' or ', ' between names). */
  authors: string;
  title: string;
  /** The edition number (1 or less: not given). */
  edition?: number;
  /** 出版地, when known. */
  place?: string;
  publisher: string;
  year: number | null;
  /** The print page label ('' or absent: no page). */
  page?: string;
  /** The book's language (BCP 47): a book not in Chinese gets the Latin forms. */
  language?: string;
}

const ORDINAL = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** Ends a part with a full stop unless it ends with one already (a title ending in ? or ! keeps it). */
const stop = (text: string) => (/[.?!。？！]$/.test(text) ? text : `${text}.`);

/** The reference for a book (and page) in GB/T 7714-2015 style. */
export function gbtCitation(src: CiteSource): string {
  const latin = Boolean(src.language) && !/^zh\b/i.test(src.language ?? '');
  const names = src.authors
    .split(/\s*[、,，;；]\s*/)
    .map((n) => n.trim())
    .filter(Boolean);
  const authors = names.length > 3 ? `${names.slice(0, 3).join(', ')}, ${latin ? 'et al' : '等'}` : names.join(', ');
  const parts: string[] = [];
  if (authors) parts.push(stop(authors));
  parts.push(`${src.title.trim()}[M].`);
  if (src.edition && src.edition > 1) parts.push(latin ? `${ORDINAL(src.edition)} ed.` : `第${src.edition}版.`);
  const place = src.place?.trim() || (latin ? '[S.l.]' : '[出版地不详]');
  const publisher = src.publisher.trim() || (latin ? '[s.n.]' : '[出版者不详]');
  let imprint = `${place}: ${publisher}`;
  if (src.year) imprint += `, ${src.year}`;
  if (src.page?.trim()) imprint += `: ${src.page.trim()}`;
  parts.push(`${imprint}.`);
  return parts.join(' ');
}

/** What 引用 copies: the selected words in quotation marks, then the reference. */
export function citeSelection(quote: string, src: CiteSource): string {
  const words = quote.replace(/\s+/g, ' ').trim();
  return `“${words}”\n${gbtCitation(src)}`;
}

/**
 * The print page a reader asked for (跳转到页): the label equal to the input, case aside (xii finds XII); else
 * the label equal once both lose their brackets and spaces ([8] is found by 8). Null when the book has none.
 */
export function findPageLabel<T extends { label: string }>(pages: readonly T[], input: string): T | null {
  const want = input.trim().toLowerCase();
  if (!want) return null;
  const exact = pages.find((p) => p.label.trim().toLowerCase() === want);
  if (exact) return exact;
  const bare = (s: string) => s.toLowerCase().replace(/[\s[\]()（）【】.]/g, '');
  const loose = bare(want);
  return (loose && pages.find((p) => bare(p.label) === loose)) || null;
}
