import type { IdorCase } from '../world.js';

/** The testing modules load no thing (test mode only, public by design). */
export const cases: IdorCase[] = [];
