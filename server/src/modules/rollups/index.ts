/**
 * The reading rollups' public face (no routes): the reader records what happened (`recordReading`,
 * `recordNote`), the reports read the sums (`rollups`). A leaf: it imports no module, so the reader can call it
 * and the reports (which use the reader's PDF font) can read it without a cycle.
 */
export { chinaDayOf, recordNote, recordReading, rollups } from './service.js';
export type { NoteFacts, Scope } from './service.js';
