import { importEpub, type ImportDeps, type ImportOptions, type ImportResult } from './importer.js';
import { importPdf, isPdf } from './pdf-import.js';

/** Imports an EPUB or a PDF, told apart by the file's bytes (a PDF's `%PDF-` header), not by its name. */
export function importBook(deps: ImportDeps, bytes: Uint8Array, options: ImportOptions = {}): Promise<ImportResult> {
  return isPdf(bytes) ? importPdf(deps, bytes, options) : importEpub(deps, bytes, options);
}
