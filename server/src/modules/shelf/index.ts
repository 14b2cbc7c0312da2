/**
 * The shelf's public face: its module, the grants (one service for every source: class, sample, authorization,
 * purchase, free) and the read decision's facts (`access.ts`), which the reader and the book files use.
 */
export { shelfModule } from './routes.js';
export {
  activeEntries,
  grantShelfEntries,
  grantShelfEntry,
  readGrants,
  revokeShelfEntry,
  shelfSources,
} from './service.js';
export {
  assertChapterReadable,
  bookAccess,
  chapterReadableBy,
  explainRefusal,
  grantsOf,
  knownReadGrants,
  refusal,
} from './access.js';
