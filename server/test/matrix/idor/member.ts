import type { IdorCase } from '../world.js';

/** The member module loads no thing: its routes answer the caller's own member and session. */
export const cases: IdorCase[] = [];
