/** The importer's public face: its module (staff upload routes) and the importer for the CLI, seed and tests. */
export { importModule } from './routes.js';
export { importEpub, type ImportDeps, type ImportOptions, type ImportResult } from './importer.js';
export { importBook } from './book-file.js';
export { importPdf, isPdf } from './pdf-import.js';
export { packEpub, writeEpub, type BookSource } from './epub-writer.js';
export { waitForJob } from './service.js';
export { ImportRefusal } from './errors.js';
