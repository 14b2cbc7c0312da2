import type { IdorCase } from '../world.js';

/**
 * The staff module loads no thing: `/api/admin/staff/update` takes a staff id, and a staff administrator may
 * change any staff account (`staff.manage`).
 */
export const cases: IdorCase[] = [];
