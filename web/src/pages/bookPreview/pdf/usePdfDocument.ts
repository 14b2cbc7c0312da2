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

export interface PdfSection {
  pdfjs: Pdfjs;
  doc: PDFDocumentProxy;
  /** Each page's text content (what its text layer is made of) and its text. */
  contents: TextContent[];
  texts: PageText[];
  section: SectionText;
}

async function open(file: string): Promise<PdfSection> {
  const pdfjs = await loadPdfjs();
  // No eval (the CSP has no unsafe-eval); cookies go with the request (the section's file is access-checked).
  const doc = await pdfjs.getDocument({ url: file, isEvalSupported: false, withCredentials: true, ...PDF_DATA_OPTIONS })
    .promise;
  const contents = await Promise.all(
    Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1).then((page) => page.getTextContent())),
  );
  const texts = contents.map((c) => pageText(c.items));
  return { pdfjs, doc, contents, texts, section: sectionText(texts.map((t) => t.text)) };
}

/** The section document at `file` with its pages' texts; null while it loads, an error when it cannot. */
export function usePdfDocument(file: string): { section: PdfSection | null; error: string | null } {
  const [state, setState] = useState<{ file: string; section: PdfSection | null; error: string | null }>({
    file,
    section: null,
    error: null,
  });
  if (state.file !== file) setState({ file, section: null, error: null });
  useEffect(() => {
    let gone = false;
    let opened: PdfSection | null = null;
    open(file).then(
      (section) => {
        opened = section;
        if (gone) void section.doc.destroy();
        else setState({ file, section, error: null });
      },
      (e: unknown) => {
        if (!gone) setState({ file, section: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      gone = true;
      void opened?.doc.destroy();
    };
  }, [file]);
  return state.file === file ? state : { section: null, error: null };
}
