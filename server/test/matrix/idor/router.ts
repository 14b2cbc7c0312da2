import type { IdorCase } from '../world.js';

/** The router module loads no thing. */
export const cases: IdorCase[] = [];
