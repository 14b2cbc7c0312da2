import { lookup, warmDictionary } from '../translate/dictionary.js';
import { renderWorkbook } from './xlsx.js';

/**
 * The adapters' own work for the worker threads (any module's spreadsheet, the dictionary look-ups); each module's
 * work is in its own `tasks.ts`, and `server/src/modules/tasks.ts` lists them all.
 */
export const adapterTasks = {
  xlsx: renderWorkbook,
  lookup,
  warmDictionary,
};
