import { sqliteSnapshot } from '../../db/snapshot.js';
import { lookup, warmDictionary } from '../translate/dictionary.js';
import { readSheet } from './sheet-read.js';
import { renderWorkbook } from './xlsx.js';

/**
 * The adapters' own work for the worker threads (any module's spreadsheet written or read, the dictionary
 * look-ups, a SQLite backup's copy); each module's work is in its own `tasks.ts`, and `server/src/modules/tasks.ts` lists them all.
 */
export const adapterTasks = {
  xlsx: renderWorkbook,
  sheetRead: readSheet,
  lookup,
  warmDictionary,
  /** The scheduled backup's copy of a SQLite database (seconds for a large file: never on the event loop). */
  sqliteSnapshot: async (input: { source: string; target: string }) => sqliteSnapshot(input),
};
