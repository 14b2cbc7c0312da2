/** The reader's public face: its module (chapters, book files, position, notes, resources, look-up). */
export { readerModule } from './routes.js';
export { cjkFont, NO_CJK_FONT } from './pdf.js';
