import { describe, expect, it } from 'vitest';
import { SiteMsg, type AppVersion, type FooterLink, type NavMenu, type SiteInfo } from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { invalidateSiteCache } from './index.js';

describe('staff edit the site shell without touching the database', () => {
  const t = useTestApp();

  it('refuses visitors and members on every staff route of the shell', async () => {
    const member = await buildMember(t.ctx.db);
    for (const [method, url] of [
      ['GET', '/api/admin/navMenu/list'],
      ['POST', '/api/admin/navMenu'],
      ['PUT', '/api/admin/site'],
      ['POST', '/api/admin/link'],
      ['DELETE', '/api/admin/bottomMenu/1'],
      ['POST', '/api/admin/version'],
    ] as const) {
      expect((await call(t.app, { method, url, payload: {} })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, { method, url, payload: {}, token: member.token })).status, `${method} ${url}`).toBe(
        403,
      );
    }
  });

  it('menus: create with children, order, hide, delete; the public list changes at once (cache cleared)', async () => {
    const staff = await buildStaff(t.ctx.db);
    const menus = () => call<NavMenu[]>(t.app, { url: '/api/navMenu/list' }).then(expectOk);
    invalidateSiteCache(t.ctx);
    expect(await menus()).toEqual([]);
    const post = (payload: object) =>
      call<{ id: number }>(t.app, { method: 'POST', url: '/api/admin/navMenu', token: staff.token, payload }).then(
        expectOk,
      );
    const news = await post({ menuName: '新闻', path: '/blog-detail', contentType: 'list' });
    const about = await post({ menuName: '关于', path: '/about', contentType: 'single' });
    const child = await post({ menuName: '动态', parentId: news.id, path: '/blog-detail', contentType: 'list' });
    let tree = await menus();
    expect(tree.map((m) => m.menuName)).toEqual(['新闻', '关于']);
    expect(tree[0]!.children.map((m) => m.menuId)).toEqual([child.id]);

    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/navMenu/sort',
        token: staff.token,
        payload: { ids: [about.id, news.id] },
      }),
    );
    expect((await menus()).map((m) => m.menuName)).toEqual(['关于', '新闻']);
    expectOk(
      await call(t.app, { method: 'POST', url: `/api/admin/navMenu/${about.id}/unpublish`, token: staff.token }),
    );
    expect((await menus()).map((m) => m.menuName)).toEqual(['新闻']);
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/navMenu/${news.id}`,
        token: staff.token,
        payload: { menuName: '新闻资讯', path: '/blog-detail', contentType: 'list' },
      }),
    );
    tree = await menus();
    expect(tree[0]!.menuName).toBe('新闻资讯');
    expectRefused(
      await call(t.app, { method: 'DELETE', url: `/api/admin/navMenu/${news.id}`, token: staff.token }),
      SiteMsg.MENU_HAS_CHILDREN,
    );
    expectOk(await call(t.app, { method: 'DELETE', url: `/api/admin/navMenu/${child.id}`, token: staff.token }));
    expect((await menus())[0]!.children).toEqual([]);
    expect((await call(t.app, { method: 'DELETE', url: '/api/admin/navMenu/999999', token: staff.token })).status).toBe(
      404,
    );
  });

  it('footer links, bottom menu and site info', async () => {
    const staff = await buildStaff(t.ctx.db);
    const { id } = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/link',
        token: staff.token,
        payload: { linkName: '教育部', linkUrl: 'http://www.moe.gov.cn/', linkPic: '/images/link-moe.svg' },
      }),
    );
    expect(expectOk(await call<FooterLink[]>(t.app, { url: '/api/site/link/list' }))).toEqual([
      { id, linkName: '教育部', linkPic: '/images/link-moe.svg', linkUrl: 'http://www.moe.gov.cn/' },
    ]);
    expectOk(await call(t.app, { method: 'POST', url: `/api/admin/link/${id}/unpublish`, token: staff.token }));
    expect(expectOk(await call<FooterLink[]>(t.app, { url: '/api/site/link/list' }))).toEqual([]);
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/admin/link', token: staff.token, payload: { linkName: 'x' } }),
      SiteMsg.URL_REQUIRED,
    );

    const bottom = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/bottomMenu',
        token: staff.token,
        payload: { name: '联系我们', url: '/about' },
      }),
    );
    expect(expectOk(await call<{ name: string }[]>(t.app, { url: '/api/site/bottomMenu/list' }))).toEqual([
      { id: bottom.id, name: '联系我们', url: '/about' },
    ]);

    const site = expectOk(
      await call<SiteInfo>(t.app, {
        method: 'PUT',
        url: '/api/admin/site',
        token: staff.token,
        payload: { copyright: '© 2026 测试', toolbar: { userAgreementId: 7 } },
      }),
    );
    expect(site).toMatchObject({ copyright: '© 2026 测试', maintenance: false, toolbar: { userAgreementId: 7 } });
    expect(expectOk(await call<SiteInfo>(t.app, { url: '/api/site' })).copyright).toBe('© 2026 测试');
  });

  it('client versions: the newest published one per platform', async () => {
    const staff = await buildStaff(t.ctx.db);
    const add = (payload: object) =>
      call<{ id: number }>(t.app, { method: 'POST', url: '/api/admin/version', token: staff.token, payload }).then(
        expectOk,
      );
    await add({ platform: 'android', version: '1.0.0', fileUrl: '/files/app-1.0.0.apk' });
    const newer = await add({ platform: 'android', version: '1.1.0', notes: '修复问题', fileUrl: '/files/app.apk' });
    await add({ platform: 'ios', version: '1.0.0', storeUrl: 'https://apps.apple.com/app/id1' });
    let versions = expectOk(await call<AppVersion[]>(t.app, { url: '/api/version/base' }));
    expect(versions.map((v) => `${v.platform} ${v.version}`).sort()).toEqual(['android 1.1.0', 'ios 1.0.0']);
    expectOk(
      await call(t.app, { method: 'POST', url: `/api/admin/version/${newer.id}/unpublish`, token: staff.token }),
    );
    versions = expectOk(await call<AppVersion[]>(t.app, { url: '/api/version/base' }));
    expect(versions.find((v) => v.platform === 'android')!.version).toBe('1.0.0');
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/version',
        token: staff.token,
        payload: { platform: 'ios' },
      }),
      SiteMsg.VERSION_REQUIRED,
    );
  });
});
