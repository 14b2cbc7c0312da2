import { buildStaff } from '../../factories.js';
import type { IdorCase } from '../world.js';

/** An import job is its starter's (and a staff administrator's): another staff member may not follow it. */
export const cases: IdorCase[] = [
  {
    route: 'GET /api/admin/book/import/job/:id',
    make: async (w) => {
      const starter = await buildStaff(w.t.ctx.db);
      const job = await w.t.ctx.db
        .insertInto('import_jobs')
        .values({ staff_id: starter.id, file_name: 'x.epub', status: 'done', created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { caller: 'staff', url: `/api/admin/book/import/job/${job.id}` };
    },
  },
];
