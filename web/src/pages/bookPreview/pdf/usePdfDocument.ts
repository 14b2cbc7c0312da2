import { useEffect, useState } from 'react';
import type { PDFDocumentProxy, TextContent } from 'pdfjs-dist/types/src/display/api';
import { PDF_DATA_OPTIONS } from './pdfData';
import { pageText, sectionText, type PageText, type SectionText } from './textOffsets';

export type Pdfjs = typeof import('pdfjs-dist');

let lib: Promise<Pdfjs> | null = null;
/**
 * pdf.js, loaded the first time a PDF section is shown (a reflowable book never pays for it), with its worker as a
 * file of its own (the CSP's worker-src 'self').
 */
export function loadPdfjs(): Promise<Pdfjs> {
  lib ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return lib;
}

/** An opened section document: pages can be painted (each page's text content is read when first asked). */
export interface PdfDoc {
  pdfjs: Pdfjs;
  doc: PDFDocumentProxy;
  content(page: number): Promise<TextContent>;
}

/** The section with its whole text read: what offsets count in. */
export interface PdfSection extends PdfDoc {
  /** Each page's text content (what its text layer is made of) and its text. */
  contents: TextContent[];
  texts: PageText[];
  section: SectionText;
}

async function openDoc(file: string): Promise<PdfDoc> {
  const pdfjs = await loadPdfjs();
  // No eval (the CSP has no unsafe-eval); cookies go with the request (the section's file is access-checked).
  const doc = await pdfjs.getDocument({ url: file, isEvalSupported: false, withCredentials: true, ...PDF_DATA_OPTIONS })
    .promise;
  const cache = new Map<number, Promise<TextContent>>();
  const content = (page: number) => {
    let found = cache.get(page);
    if (!found) {
      found = doc.getPage(page + 1).then((p) => p.getTextContent());
      cache.set(page, found);
    }
    return found;
  };
  return { pdfjs, doc, content };
}

async function readText(opened: PdfDoc): Promise<PdfSection> {
  const contents = await Promise.all(Array.from({ length: opened.doc.numPages }, (_, i) => opened.content(i)));
  const texts = contents.map((c) => pageText(c.items));
  return { ...opened, contents, texts, section: sectionText(texts.map((t) => t.text)) };
}

interface State {
  file: string;
  doc: PdfDoc | null;
  section: PdfSection | null;
  error: string | null;
}

/**
 * The section document at `file`: `doc` once it is open (its pages can be painted), `section` once its whole text
 * is read too (what notes, the place and search count in); an error when it cannot be opened.
 */
export function usePdfDocument(file: string): Omit<State, 'file'> {
  const [state, setState] = useState<State>({ file, doc: null, section: null, error: null });
  if (state.file !== file) setState({ file, doc: null, section: null, error: null });
  useEffect(() => {
    let gone = false;
    let opened: PdfDoc | null = null;
    const failed = (e: unknown) => {
      if (!gone) setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }));
    };
    openDoc(file).then((doc) => {
      opened = doc;
      if (gone) return void doc.doc.destroy();
      setState({ file, doc, section: null, error: null });
      readText(doc).then((section) => {
        if (!gone) setState({ file, doc, section, error: null });
      }, failed);
    }, failed);
    return () => {
      gone = true;
      void opened?.doc.destroy();
    };
  }, [file]);
  return state.file === file ? state : { doc: null, section: null, error: null };
}
