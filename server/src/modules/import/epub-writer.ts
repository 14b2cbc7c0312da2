import { strToU8, zipSync } from 'fflate';

/**
 * A book to write as EPUB 3: chapters of sections of paragraphs (plain text; `$…$` is not interpreted), then
 * `blocks` (XHTML fragments written as given: formulas, figures, tables) and `html` (one more fragment).
 */
export interface BookSource {
  identifier: string;
  title: string;
  authors: string[];
  publisher: string;
  language: string;
  date: string;
  isbn?: string;
  description: string;
  chapters: { title: string; sections: { title: string; paragraphs: string[]; blocks?: string[]; html?: string }[] }[];
  /**
   * Print pages of about this many characters of text: a page-break marker (`epub:type="pagebreak"`) at the
   * start of each chapter and then before the first block past each page's length, listed in a page-list nav.
   */
  pageEvery?: number;
}

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body { font-family: serif; line-height: 1.8; }
h1 { font-size: 1.6em; margin: 1em 0; }
h2 { font-size: 1.25em; margin: 1.2em 0 0.6em; }
p { text-indent: 2em; margin: 0.4em 0; }
.note { color: #555; font-size: 0.9em; }
.def, .thm { margin: 0.8em 0; padding: 0.5em 0.8em; border-left: 3px solid #1677ff; background: rgba(22, 119, 255, 0.06); text-indent: 0; }
.thm { border-left-color: #d46b08; background: rgba(212, 107, 8, 0.06); }
.example, .proof, .solution { text-indent: 0; }
.proof, .solution { color: inherit; }
.display { text-indent: 0; text-align: center; margin: 0.6em 0; overflow-x: auto; }
figure { margin: 1em 0; text-align: center; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #666; margin-top: 0.3em; }
table { border-collapse: collapse; margin: 0.8em auto; font-size: 0.95em; }
caption { font-size: 0.9em; color: #666; caption-side: top; padding-bottom: 0.3em; }
th, td { border: 1px solid #999; padding: 0.3em 0.7em; text-align: center; }
th { background: rgba(128, 128, 128, 0.12); }
:lang(en) th, :lang(en) td { text-align: left; }
ol.exercises > li { margin: 0.5em 0; }
ol.exercises p { text-indent: 0; }
blockquote { margin: 0.8em 2em; }
blockquote p { text-indent: 0; }
pre { margin: 0.8em 0; padding: 0.6em 0.9em; background: rgba(128, 128, 128, 0.1); border-radius: 4px; line-height: 1.5; overflow-x: auto; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; }`;

/** The characters a reader sees in an XHTML fragment (tags dropped, entities counted as one). */
const textLength = (fragment: string) =>
  fragment
    .replace(/<[^>]*>/g, '')
    .replace(/&[^;\s]+;/g, '_')
    .replace(/\s+/g, '').length;

/**
 * Writes a small, valid EPUB 3 (mimetype first and stored, container, package, nav, one XHTML document per
 * chapter with an id per section, a stylesheet). Used by the demo content and by tests and the bench.
 */
export function writeEpub(book: BookSource): Uint8Array {
  const pages: { chapter: number; id: string; label: string }[] = [];
  let sincePage = 0;
  /** A page-break marker when the current page is full (or `force`), else nothing. */
  const pageBreak = (chapter: number, force = false) => {
    if (!book.pageEvery || (!force && sincePage < book.pageEvery)) return '';
    sincePage = 0;
    const label = String(pages.length + 1);
    pages.push({ chapter, id: `page${label}`, label });
    return `<span epub:type="pagebreak" role="doc-pagebreak" id="page${label}" aria-label="${label}"></span>`;
  };
  const flow = (chapter: number, fragment: string) => {
    const marker = pageBreak(chapter);
    sincePage += textLength(fragment);
    return marker + fragment;
  };
  const chapterFiles = book.chapters.map((ch, i) => {
    const first = pageBreak(i + 1, true);
    const body = ch.sections
      .map(
        (s, j) =>
          `<section id="s${i + 1}-${j + 1}"><h2>${esc(s.title)}</h2>${[
            ...s.paragraphs.map((p) => `<p>${esc(p)}</p>`),
            ...(s.blocks ?? []),
            s.html ?? '',
          ]
            .filter(Boolean)
            .map((block) => flow(i + 1, block))
            .join('\n')}</section>`,
      )
      .join('\n');
    return {
      name: `chapter${i + 1}.xhtml`,
      xhtml: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${book.language}" xml:lang="${book.language}">
<head><meta charset="utf-8"/><title>${esc(ch.title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>${first}<h1 id="c${i + 1}">${esc(ch.title)}</h1>
${body}
</body></html>`,
    };
  });
  const navList = book.chapters
    .map(
      (ch, i) =>
        `<li><a href="chapter${i + 1}.xhtml#c${i + 1}">${esc(ch.title)}</a><ol>${ch.sections
          .map((s, j) => `<li><a href="chapter${i + 1}.xhtml#s${i + 1}-${j + 1}">${esc(s.title)}</a></li>`)
          .join('')}</ol></li>`,
    )
    .join('\n');
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${book.language}">
<head><meta charset="utf-8"/><title>目录</title></head>
<body><nav epub:type="toc" id="toc"><h1>目录</h1><ol>
${navList}
</ol></nav>${
    pages.length
      ? `
<nav epub:type="page-list" id="page-list" hidden=""><h1>页码</h1><ol>
${pages.map((p) => `<li><a href="chapter${p.chapter}.xhtml#${p.id}">${p.label}</a></li>`).join('\n')}
</ol></nav>`
      : ''
  }</body></html>`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="${book.language}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">${esc(book.identifier)}</dc:identifier>
${book.isbn ? `<dc:identifier>urn:isbn:${esc(book.isbn)}</dc:identifier>` : ''}
<dc:title>${esc(book.title)}</dc:title>
${book.authors.map((a) => `<dc:creator>${esc(a)}</dc:creator>`).join('\n')}
<dc:publisher>${esc(book.publisher)}</dc:publisher>
<dc:language>${book.language}</dc:language>
<dc:date>${book.date}</dc:date>
<dc:description>${esc(book.description)}</dc:description>
<meta property="dcterms:modified">${book.date}T00:00:00Z</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style.css" media-type="text/css"/>
${chapterFiles.map((c, i) => `<item id="ch${i + 1}" href="${c.name}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>
${chapterFiles.map((_, i) => `<itemref idref="ch${i + 1}"/>`).join('\n')}
</spine>
</package>`;
  return packEpub({
    'OEBPS/content.opf': opf,
    'OEBPS/nav.xhtml': nav,
    'OEBPS/style.css': STYLE,
    ...Object.fromEntries(chapterFiles.map((c) => [`OEBPS/${c.name}`, c.xhtml])),
  });
}

/**
 * An EPUB's zip: the `mimetype` first and stored, the container naming `OEBPS/content.opf`, then the given files
 * (path in the zip → text), as the OCF asks.
 */
export function packEpub(files: Record<string, string>): Uint8Array {
  const zipped: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`),
  };
  for (const [path, text] of Object.entries(files)) zipped[path] = strToU8(text);
  return zipSync(zipped);
}
