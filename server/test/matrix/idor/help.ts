import type { IdorCase } from '../world.js';

/** The help module loads no thing: its member routes read the caller's own rows, its staff routes are staff-only. */
export const cases: IdorCase[] = [];
