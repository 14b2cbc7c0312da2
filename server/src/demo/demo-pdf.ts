import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import type { BookSource } from '../modules/import/index.js';

/**
 * A demo textbook as a print PDF (issue 32): the same text as its EPUB, set on A5 pages with a CJK font the way a
 * printer's file is — a title page and a contents page numbered i, ii, the body numbered from 1 with the number
 * printed in each page's foot, an outline (chapters and their sections) and page labels saying the same. Blocks of
 * markup are set as their text; a figure as its caption.
 */
export interface PdfFont {
  file: string;
  family?: string | undefined;
}

const textOf = (xml: string) =>
  xml
    .replace(/<(svg|math)\b[\s\S]*?<\/\1>/g, (m) => (m.startsWith('<math') ? mathText(m) : ''))
    .replace(/<\/(p|li|tr|h3|figcaption|blockquote|pre)>/g, '\n')
    .replace(/<(td|th)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/** A formula's characters in reading order (its annotation when it has one, as TeX is what a reader would type). */
function mathText(math: string): string {
  const tex = /<annotation[^>]*>([\s\S]*?)<\/annotation>/.exec(math);
  return tex ? tex[1]! : math.replace(/<[^>]+>/g, '');
}

const FRONT_PAGES = 2;

/**
 * The demo PDF, kept between runs in the machine's temporary folder under a hash of what makes it (setting CJK text
 * in pdfkit takes seconds, and every fresh database of the journeys and of `npm start` seeds it); a failed read or
 * write of the kept copy only means making it again.
 */
export async function demoPdf(book: BookSource & { year: number }, font: PdfFont): Promise<Uint8Array> {
  const key = createHash('sha256')
    .update(JSON.stringify([WRITER_VERSION, book, font]))
    .digest('hex')
    .slice(0, 24);
  const file = path.join(os.tmpdir(), 'textbook-demo-pdf', `${key}.pdf`);
  try {
    return new Uint8Array(fs.readFileSync(file));
  } catch {
    // not made yet
  }
  const bytes = await writeDemoPdf(book, font);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const part = `${file}.${process.pid}.part`;
    fs.writeFileSync(part, bytes);
    fs.renameSync(part, file);
  } catch {
    // a read-only temporary folder: made again next time
  }
  return bytes;
}

/** Changed whenever writeDemoPdf sets pages differently, so a kept copy of the old layout is not used. */
const WRITER_VERSION = 1;

export async function writeDemoPdf(book: BookSource & { year: number }, font: PdfFont): Promise<Uint8Array> {
  const { default: Kit } = await import('pdfkit');
  const doc = new Kit({
    size: 'A5',
    margins: { top: 54, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: book.title, Author: book.authors.join('，'), Subject: book.description, Creator: book.publisher },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', font.file, font.family);
  doc.font('cjk');

  // i: the title page.
  doc.addPage();
  const width = doc.page.width - 100;
  doc.fontSize(24).text(book.title, 50, 190, { width, align: 'center' });
  doc.fontSize(13).text(book.authors.join('\u3000'), 50, 250, { width, align: 'center' });
  doc.fontSize(11).text(`${book.publisher}\u3000${book.year}`, 50, doc.page.height - 130, { width, align: 'center' });
  // ii: the contents, filled in once the body's pages are known.
  doc.addPage();
  const starts: number[] = [];
  for (const chapter of book.chapters) {
    doc.addPage();
    starts.push(doc.bufferedPageRange().count - 1);
    const item = doc.outline.addItem(chapter.title, { expanded: true });
    doc.fontSize(18).fillColor('#1e3a8a').text(chapter.title, { align: 'center' }).moveDown(1);
    for (const section of chapter.sections) {
      if (doc.y > doc.page.height - 140) doc.addPage();
      item.addItem(section.title);
      doc.fontSize(14).fillColor('#1e3a8a').text(section.title).moveDown(0.4);
      const lines = (section.blocks ?? section.paragraphs.map((p) => `<p>${p}</p>`)).flatMap(textOf);
      doc.fontSize(10.5).fillColor('#000000');
      for (const line of lines) doc.text(line, { indent: 21, align: 'justify', lineGap: 4, paragraphGap: 4 });
      doc.moveDown(0.6);
    }
  }
  const total = doc.bufferedPageRange().count;
  doc.switchToPage(1);
  doc.fontSize(18).fillColor('#000000').text('目\u3000录', 50, doc.page.margins.top, { width, align: 'center' });
  doc.moveDown(1);
  for (const [i, chapter] of book.chapters.entries()) {
    doc.fontSize(12).text(`${chapter.title}\u3000……\u3000${starts[i]! - FRONT_PAGES + 1}`);
  }
  // The printed numbers in the foot: roman in the front matter, arabic from the body's first page.
  for (let page = 0; page < total; page++) {
    doc.switchToPage(page);
    const label = page < FRONT_PAGES ? roman(page + 1) : String(page - FRONT_PAGES + 1);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(9)
      .fillColor('#666666')
      .text(label, 0, doc.page.height - 36, { width: doc.page.width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return withPageLabels(Buffer.concat(chunks));
}

const roman = (n: number) => ['i', 'ii', 'iii', 'iv', 'v'][n - 1] ?? String(n);

/** /PageLabels as the foot prints them: i, ii for the front matter, 1, 2, … from the body (pdfkit writes none). */
async function withPageLabels(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  const { context } = pdf;
  const front = context.obj({ S: PDFName.of('r') });
  const body = context.obj({ S: PDFName.of('D') });
  const labels = context.obj({ Nums: [PDFNumber.of(0), front, PDFNumber.of(FRONT_PAGES), body] });
  pdf.catalog.set(PDFName.of('PageLabels'), labels as PDFDict);
  return pdf.save({ useObjectStreams: false });
}
