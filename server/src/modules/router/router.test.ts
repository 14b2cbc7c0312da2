import { describe, expect, it } from 'vitest';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { OVERFLOW_PATH } from './service.js';
import { viewsOfDay } from './queries.js';

describe('POST /api/router', () => {
  const t = useTestApp({ routerDailyPaths: 5 });
  const today = () => new Date().toISOString().slice(0, 10);

  it('records anonymous page views without query strings (no tokens in the log)', async () => {
    for (let i = 0; i < 3; i++) {
      expectOk(await call(t.app, { method: 'POST', url: '/api/router', payload: { path: '/textbook?token=secret' } }));
    }
    const rows = await viewsOfDay(t.ctx.db, today());
    expect(rows).toEqual([{ day: today(), path: '/textbook', count: 3 }]);
  });

  it('stays bounded: new paths beyond the daily cap fold into one row', async () => {
    for (let i = 0; i < 50; i++) {
      await call(t.app, { method: 'POST', url: '/api/router', payload: { path: `/book-detail/${i}` } });
    }
    const rows = await viewsOfDay(t.ctx.db, today());
    expect(rows.length).toBe(6);
    expect(rows.find((r) => r.path === OVERFLOW_PATH)?.count).toBe(46);
  });

  it('refuses a missing path', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/router', payload: {} });
    expect(res.status).toBe(400);
  });
});
