import type { IdorCase } from '../world.js';

/** The auth module loads no thing: its routes are for anyone (login) by phone, puzzle or token. */
export const cases: IdorCase[] = [];
