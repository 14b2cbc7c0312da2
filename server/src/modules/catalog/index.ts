/**
 * The catalogue's public face: its module (routes) and what other modules may call. It owns the books, their
 * chapters, sections, dictionaries, book lists and the search index; others read them through these functions.
 */
export { catalogModule } from './routes.js';
export {
  bookTitles,
  cardsByIds,
  dictionary,
  loadReadableBook,
  monthStatistics,
  neighbourChapters,
  spineOf,
  getSectionTree,
  subjectConditions,
} from './service.js';
export { clearCatalogCache } from './cache.js';
export { contentAuditProblem } from './audit-words.js';
export { coverSvg } from './cover.js';
export { reindexBook } from './indexer.js';
export { titlePinyin, Words, wordsOf } from './words.js';
export { searchInBook } from './chapters.js';
export {
  adminDictPage,
  createDictEntry,
  deleteDictEntry,
  dictSnapshot,
  replaceDictionaries,
  updateDictEntry,
} from './dict-manage.js';
export { setSampleAutoApprove } from './manage.js';
