import type { IdorCase } from '../world.js';

/** The site module loads no thing: public reads and staff-only edits. */
export const cases: IdorCase[] = [];
