/**
 * The data files pdf.js asks for while reading a PDF: the predefined Adobe CMaps (Chinese, Japanese and Korean
 * text in fonts without their own encoding) and the standard fonts (a PDF's non-embedded Helvetica, Times…). The
 * server reads the text with them (import/pdf-read.ts), so the reader must too: the same text, the same offsets.
 * They are the build's own files (hashed names), fetched one by one when a page needs them.
 */
const cmaps = import.meta.glob('../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const fonts = import.meta.glob('../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const byName = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1), url]));
const FILES: Record<string, Map<string, string>> = { cMapUrl: byName(cmaps), standardFontDataUrl: byName(fonts) };

/** pdf.js's `BinaryDataFactory`: a file it names, from the build's copy (no wasm: the CSP runs none). */
export class BundledPdfData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = FILES[kind]?.get(filename);
    if (!url) throw new Error(`pdf.js data not bundled: ${kind} ${filename}`);
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`pdf.js data ${filename}: HTTP ${answer.status}`);
    return new Uint8Array(await answer.arrayBuffer());
  }
}

/** The getDocument options that make pdf.js ask `BundledPdfData` (its worker does not fetch them itself). */
export const PDF_DATA_OPTIONS = {
  cMapUrl: 'bundled:/',
  cMapPacked: true,
  standardFontDataUrl: 'bundled:/',
  useWorkerFetch: false,
  BinaryDataFactory: BundledPdfData,
};
