import type { IdorCase } from '../world.js';

/** The sso module loads no thing. */
export const cases: IdorCase[] = [];
