import { describe, expect, it } from 'vitest';
import type { NavMenu, SiteInfo } from '@textbook/contracts';
import { seedDemo } from '../../demo/index.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { invalidateSiteCache } from './index.js';

describe('site shell calls', () => {
  const t = useTestApp();

  it('answers defaults on an empty database', async () => {
    invalidateSiteCache(t.ctx);
    const site = expectOk(await call<SiteInfo>(t.app, { url: '/api/site' }));
    expect(site.toolbar.userAgreementId).toBeNull();
    expect(expectOk(await call<NavMenu[]>(t.app, { url: '/api/navMenu/list' }))).toEqual([]);
  });

  it('serves the seeded site info, menus with children, bottom menu and links', async () => {
    await seedDemo(t.ctx.db);
    invalidateSiteCache(t.ctx);
    const site = expectOk(await call<SiteInfo>(t.app, { url: '/api/site' }));
    expect(site.copyright).toContain('版权所有');
    expect(site.icp).toMatch(/ICP/);
    expect(site.toolbar.userAgreementId).toEqual(expect.any(Number));
    expect(site.toolbar.privacyPolicyId).toEqual(expect.any(Number));
    expect(site.maintenance).toBe(false);

    const menus = expectOk(await call<NavMenu[]>(t.app, { url: '/api/navMenu/list' }));
    const news = menus.find((m) => m.menuName === '新闻资讯');
    expect(news?.children.map((c) => c.menuName)).toEqual(['平台动态', '行业资讯']);
    expect(news?.children[0]).toMatchObject({ parentId: news?.menuId, path: '/blog-detail', contentType: 'list' });

    const bottom = expectOk(await call<{ name: string }[]>(t.app, { url: '/api/site/bottomMenu/list' }));
    expect(bottom.length).toBeGreaterThan(0);
    const links = expectOk(await call<Record<string, unknown>[]>(t.app, { url: '/api/site/link/list' }));
    expect(links[0]).toEqual({
      id: expect.any(Number),
      linkName: expect.any(String),
      linkPic: expect.any(String),
      linkUrl: expect.stringMatching(/^https?:\/\//),
    });
  });
});

describe('maintenance switch', () => {
  const t = useTestApp({ maintenance: true });
  it('tells the site it is under maintenance', async () => {
    invalidateSiteCache(t.ctx);
    expect(expectOk(await call<SiteInfo>(t.app, { url: '/api/site' })).maintenance).toBe(true);
    invalidateSiteCache(t.ctx);
  });
});

describe('the site cache', () => {
  const open = useTestApp();
  const closed = useTestApp({ maintenance: true });
  it('is each app’s own: one app’s cached answer is never another’s', async () => {
    const read = (t: typeof open) => call<SiteInfo>(t.app, { url: '/api/site' }).then(expectOk);
    expect((await read(open)).maintenance).toBe(false);
    expect((await read(closed)).maintenance).toBe(true);
    expect((await read(open)).maintenance).toBe(false);
  });
});
