import type { IdorCase } from '../world.js';

/**
 * The samples module loads no thing by id: a member's list answers only their own applications, the apply route
 * takes the applicant and college from the session (a body naming another member is refused: samples.test.ts),
 * and the staff may decide any application (`sample.review`).
 */
export const cases: IdorCase[] = [];
