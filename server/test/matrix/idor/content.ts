import { buildMember } from '../../factories.js';
import type { IdorCase } from '../world.js';

const route = 'POST /api/member/content/update/:id';
const payload = { title: '改写别人的文章' };

/** A member's writing is edited by its author alone. */
export const cases: IdorCase[] = [
  {
    route,
    make: async (w) => {
      const author = await buildMember(w.t.ctx.db);
      const written = await w.t.app.inject({
        method: 'POST',
        url: '/api/member/content/add',
        headers: { authorization: `Bearer ${author.token}` },
        payload: { title: '我的文章', body: '<p>正文</p>' },
      });
      const { id } = (written.json() as { data: { id: number } }).data;
      return { caller: 'common', url: `/api/member/content/update/${id}`, payload };
    },
  },
  {
    route,
    make: async (w) => {
      const staff = w.callers.staff.token;
      const written = await w.t.app.inject({
        method: 'POST',
        url: '/api/admin/content',
        headers: { authorization: `Bearer ${staff}` },
        payload: { contentType: 'news', title: '平台公告' },
      });
      const { id } = (written.json() as { data: { id: number } }).data;
      return { caller: 'student', url: `/api/member/content/update/${id}`, payload };
    },
  },
];
