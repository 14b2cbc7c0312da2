import { PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf, PDFRef, PDFString, PDFHexString } from 'pdf-lib';
import { refuse } from './errors.js';
import type { PdfChapterPlan } from './pdf-plan.js';

/** The PDF parsed by pdf-lib for splitting; an encrypted file is refused (its pages cannot be copied readably). */
export async function loadForSplit(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  // pdf-lib says each object it cannot parse on the console: a damaged file would fill the server's log.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw refuse(
      `该PDF文件已损坏，无法拆分为章节（${why.slice(0, 120)}），请检查后重新上传`,
      `The PDF is damaged and cannot be split into sections (${why.slice(0, 200)}).`,
    );
  } finally {
    console.warn = warn;
  }
  if (doc.isEncrypted) {
    throw refuse(
      '该PDF文件已加密（设有权限密码），无法拆分为章节，请上传未加密的文件',
      'The PDF is encrypted (with an owner password): its pages cannot be split into sections. Upload an unencrypted file.',
    );
  }
  return doc;
}

/** An external web link (a URI action): the only annotation a section document keeps. */
function isWebLink(doc: PDFDocument, annot: unknown): boolean {
  const dict = annot instanceof PDFRef ? doc.context.lookup(annot) : annot;
  if (!(dict instanceof PDFDict)) return false;
  if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Link')) return false;
  const action = dict.lookup(PDFName.of('A'));
  if (!(action instanceof PDFDict) || action.get(PDFName.of('S')) !== PDFName.of('URI')) return false;
  const uri = action.lookup(PDFName.of('URI'));
  if (!(uri instanceof PDFString || uri instanceof PDFHexString)) return false;
  // Its owner page (P), popups and the like point at other objects: only the link itself is kept.
  dict.delete(PDFName.of('P'));
  dict.delete(PDFName.of('Parent'));
  dict.delete(PDFName.of('Popup'));
  return true;
}

/**
 * Cuts what could pull another page into a copy: annotations other than web links (internal links, form fields
 * and popups point at other pages or the form tree), article beads (B), and the page's thumbnail.
 */
function detach(doc: PDFDocument): void {
  for (const page of doc.getPages()) {
    const node: PDFPageLeaf = page.node;
    node.delete(PDFName.of('B'));
    node.delete(PDFName.of('Thumb'));
    const annots = node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) {
      node.delete(PDFName.of('Annots'));
      continue;
    }
    const kept = annots.asArray().filter((a) => isWebLink(doc, a));
    if (kept.length) node.set(PDFName.of('Annots'), doc.context.obj(kept));
    else node.delete(PDFName.of('Annots'));
  }
}

/** How many page objects a document holds, reachable or not (a copy must hold only its own pages). */
function pageObjects(doc: PDFDocument): number {
  let n = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Page')) n += 1;
  }
  return n;
}

/**
 * One PDF document per chapter, holding only that chapter's pages (and the fonts and images they use): what a
 * reader is sent for a chapter, so a free preview never carries a locked page.
 */
export async function splitChapters(source: PDFDocument, chapters: PdfChapterPlan[]): Promise<Uint8Array[]> {
  detach(source);
  const out: Uint8Array[] = [];
  for (const chapter of chapters) {
    const part = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: chapter.end - chapter.start + 1 }, (_v, i) => chapter.start + i);
    const pages = await part.copyPages(source, indices);
    for (const page of pages) part.addPage(page);
    if (pageObjects(part) !== indices.length) {
      throw refuse(
        '该PDF文件的页面相互引用，无法安全地拆分为章节，请检查后重新上传',
        'The PDF pages refer to one another and cannot be split into sections safely.',
      );
    }
    const title = source.getTitle();
    if (title) part.setTitle(title);
    out.push(await part.save({ useObjectStreams: true }));
  }
  return out;
}
