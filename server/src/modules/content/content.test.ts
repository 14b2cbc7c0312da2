import { describe, expect, it } from 'vitest';
import {
  Msg,
  SiteLimits,
  SiteMsg,
  type ContentItem,
  type NavMenu,
  type OwnContentItem,
  type Paged,
} from '@textbook/contracts';
import { seedDemo } from '../../demo/index.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { invalidateSiteCache } from '../site/index.js';

describe('public content driven by the navigation menus', () => {
  const t = useTestApp();
  let menus: NavMenu[] = [];
  const byName = (name: string, list = menus): NavMenu | undefined => {
    for (const m of list) {
      if (m.menuName === name) return m;
      const found = byName(name, m.children);
      if (found) return found;
    }
    return undefined;
  };

  it('lists a menu’s items, its children’s items too, and single pages with their bodies', async () => {
    await seedDemo(t.ctx.db);
    invalidateSiteCache(t.ctx);
    menus = expectOk(await call<NavMenu[]>(t.app, { url: '/api/navMenu/list' }));
    const dynamics = byName('平台动态')!;
    const list = expectOk(
      await call<Paged<ContentItem>>(t.app, {
        url: `/api/navMenu/contentList?menuId=${dynamics.menuId}&contentType=list&pageSize=2`,
      }),
    );
    expect(list.total).toBe(3);
    expect(list.rows).toHaveLength(2);
    expect(list.rows[0]).toMatchObject({ contentType: 'news', title: '平台新学期教材已全部上线', body: '' });
    // the parent menu lists what its children hold
    const parent = byName('新闻资讯')!;
    const all = expectOk(
      await call<Paged<ContentItem>>(t.app, {
        url: `/api/navMenu/contentList?menuId=${parent.menuId}&contentType=list`,
      }),
    );
    // 平台动态 and 行业资讯 both have items: a new install shows a living news section.
    expect(all.total).toBe(6);
    const industry = expectOk(
      await call<Paged<ContentItem>>(t.app, {
        url: `/api/navMenu/contentList?menuId=${byName('行业资讯')!.menuId}&contentType=list`,
      }),
    );
    expect(industry.total).toBe(3);
    const about = expectOk(
      await call<Paged<ContentItem>>(t.app, { url: '/api/navMenu/contentList?path=/about&contentType=single' }),
    );
    expect(about.rows[0]!.body).toContain('联系我们');
    expect(about.rows[0]!.body).toMatch(/客服电话：[\d -]+/);

    const faq = expectOk(
      await call<Paged<ContentItem>>(t.app, { url: '/api/navMenu/contentList?path=/faq&contentType=single' }),
    );
    expect(faq.rows[0]!.title).toBe('常见问题');
    expect(faq.rows[0]!.body).toContain('如何加入班级');
  });

  it('answers 404 for an unknown menu or item', async () => {
    const menu = await call(t.app, { url: '/api/navMenu/contentList?menuId=999999' });
    expect(menu.status).toBe(404);
    expect(menu.body.msg).toBe(Msg.NOT_FOUND);
    expect((await call(t.app, { url: '/api/site/content/999999' })).status).toBe(404);
  });

  it('serves news by kind for the home block, and one item with its body', async () => {
    const news = expectOk(await call<Paged<ContentItem>>(t.app, { url: '/api/site/contentList?contentType=news' }));
    expect(news.total).toBe(6);
    const item = expectOk(await call<ContentItem>(t.app, { url: `/api/site/imageText/${news.rows[0]!.id}` }));
    expect(item.body).toContain('<p>');
    expect(item.menuName).toBe('平台动态');
  });
});

describe('staff manage content; the public sees only what is published and passed', () => {
  const t = useTestApp();

  it('refuses visitors (401) and members (403) on staff routes', async () => {
    const member = await buildMember(t.ctx.db);
    const body = { contentType: 'news', title: 'x' };
    expect((await call(t.app, { method: 'POST', url: '/api/admin/content', payload: body })).status).toBe(401);
    const asMember = await call(t.app, {
      method: 'POST',
      url: '/api/admin/content',
      payload: body,
      token: member.token,
    });
    expect(asMember.status).toBe(403);
    expect(asMember.body.msg).toBe(Msg.FORBIDDEN);
    expect((await call(t.app, { url: '/api/admin/content/page', token: member.token })).status).toBe(403);
  });

  it('sanitizes rich text on save, publishes and unpublishes, and orders items', async () => {
    const staff = await buildStaff(t.ctx.db);
    const menu = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/navMenu',
        token: staff.token,
        payload: { menuName: '公告', path: '/blog-detail', contentType: 'list' },
      }),
    );
    const create = (title: string, body: string) =>
      call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/content',
        token: staff.token,
        payload: { menuId: menu.id, contentType: 'news', title, body },
      });
    const dirty =
      '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
      '<img src="https://cdn.example/a.png" onerror="x()"><a href="https://example.com">外链</a></p><iframe src="https://evil"></iframe>';
    const a = expectOk(await create('第一条', dirty));
    const b = expectOk(await create('第二条', '<p>二</p>'));
    const item = expectOk(await call<ContentItem>(t.app, { url: `/api/site/content/${a.id}` }));
    expect(item.body).not.toMatch(/script|onclick|onerror|javascript:|iframe/);
    expect(item.body).toContain('<img src="https://cdn.example/a.png" />');
    expect(item.body).toContain('target="_blank"');
    expect(item.summary).toBe('正文x外链');

    const list = () =>
      call<Paged<ContentItem>>(t.app, { url: `/api/navMenu/contentList?menuId=${menu.id}&contentType=list` }).then(
        (r) => expectOk(r).rows.map((row) => row.title),
      );
    expect(await list()).toEqual(['第二条', '第一条']);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/content/sort',
        token: staff.token,
        payload: { ids: [a.id, b.id] },
      }),
    );
    expect(await list()).toEqual(['第一条', '第二条']);

    expectOk(await call(t.app, { method: 'POST', url: `/api/admin/content/${a.id}/unpublish`, token: staff.token }));
    expect(await list()).toEqual(['第二条']);
    expect((await call(t.app, { url: `/api/site/content/${a.id}` })).status).toBe(404);
    expectOk(await call(t.app, { method: 'POST', url: `/api/admin/content/${a.id}/publish`, token: staff.token }));
    expect(await list()).toEqual(['第一条', '第二条']);

    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/content/${b.id}`,
        token: staff.token,
        payload: { menuId: menu.id, contentType: 'news', title: '第二条（改）', body: '<p>新</p>' },
      }),
    );
    expect(await list()).toEqual(['第一条', '第二条（改）']);
    expectOk(await call(t.app, { method: 'DELETE', url: `/api/admin/content/${b.id}`, token: staff.token }));
    expect(await list()).toEqual(['第一条']);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/content',
        token: staff.token,
        payload: { contentType: 'news', title: ' ' },
      }),
      SiteMsg.TITLE_REQUIRED,
    );
  });
});

describe('content audit', () => {
  const t = useTestApp();

  it('keeps a member’s writing out of public view until approved, and tells the author why it failed', async () => {
    const author = await buildMember(t.ctx.db);
    const other = await buildMember(t.ctx.db);
    const staff = await buildStaff(t.ctx.db);
    const { id } = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/member/content/add',
        token: author.token,
        payload: { title: '我的教学心得', body: '<p>心得<script>x</script></p>' },
      }),
    );
    const mine = () =>
      call<Paged<OwnContentItem>>(t.app, { url: '/api/member/content/page', token: author.token }).then(
        (r) => expectOk(r).rows[0]!,
      );
    expect(await mine()).toMatchObject({ auditState: 0, auditMessage: '', body: '<p>心得</p>' });
    expect((await call(t.app, { url: `/api/site/content/${id}` })).status).toBe(404);
    // another member sees none of it and cannot edit it
    expect(
      expectOk(await call<Paged<unknown>>(t.app, { url: '/api/member/content/page', token: other.token })).total,
    ).toBe(0);
    const foreign = await call(t.app, {
      method: 'POST',
      url: `/api/member/content/update/${id}`,
      token: other.token,
      payload: { title: '改' },
    });
    expect(foreign.status).toBe(403);

    // a reject needs a reason
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/content/${id}/audit`,
        token: staff.token,
        payload: { pass: false },
      }),
      SiteMsg.AUDIT_REASON_REQUIRED,
    );
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/content/${id}/audit`,
        token: staff.token,
        payload: { pass: false, reason: '含有广告信息' },
      }),
    );
    const failed = await mine();
    expect(failed.auditState).toBe(2);
    expect(failed.auditMessage).toBe('因内容审核不通过，建议修改后重新发布（含有广告信息）');
    expect((await call(t.app, { url: `/api/site/content/${id}` })).status).toBe(404);
    const count = expectOk(await call<number>(t.app, { url: '/api/msg-notice/count', token: author.token }));
    expect(count).toBe(1);

    // editing sends it back to the queue; approval makes it public
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/member/content/update/${id}`,
        token: author.token,
        payload: { title: '我的教学心得（修改）', body: '<p>心得</p>' },
      }),
    );
    expect(await mine()).toMatchObject({ auditState: 0, auditMessage: '' });
    const queue = expectOk(
      await call<Paged<OwnContentItem>>(t.app, { url: '/api/admin/content/page?auditState=0', token: staff.token }),
    );
    expect(queue.rows.map((r) => r.id)).toEqual([id]);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/content/${id}/audit`,
        token: staff.token,
        payload: { pass: true },
      }),
    );
    expect(expectOk(await call<ContentItem>(t.app, { url: `/api/site/content/${id}` })).title).toBe(
      '我的教学心得（修改）',
    );
  });
});

describe('images go through the storage adapter', () => {
  const t = useTestApp();
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = (bytes: Buffer, filename: string) => {
    const boundary = '----test' + Math.random().toString(16).slice(2);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  it('stores an image by its bytes under a generated name, and refuses anything else', async () => {
    const member = await buildMember(t.ctx.db);
    expect((await call(t.app, { method: 'POST', url: '/api/site/image/upload', ...form(PNG, 'a.png') })).status).toBe(
      401,
    );
    const { url } = expectOk(
      await call<{ url: string }>(t.app, {
        method: 'POST',
        url: '/api/site/image/upload',
        token: member.token,
        ...form(PNG, 'evil.html'),
      }),
    );
    expect(url).toMatch(/^\/api\/site\/image\/[0-9a-f-]+\.png$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/site/image/upload',
        token: member.token,
        ...form(Buffer.from('<script>alert(1)</script>'), 'a.png'),
      }),
      SiteMsg.IMAGE_REQUIRED,
    );
    expect((await t.app.inject({ url: '/api/site/image/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('refuses a multipart body cut short, a file over the limit and a non-multipart body, never a 500', async () => {
    const member = await buildMember(t.ctx.db);
    const upload = (extra: object) =>
      call(t.app, { method: 'POST', url: '/api/site/image/upload', token: member.token, ...extra });
    const whole = form(PNG, 'a.png');
    const cut = { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 30) };
    expectRefused(await upload(cut), SiteMsg.IMAGE_REQUIRED);
    const big = await upload(form(Buffer.concat([PNG, Buffer.alloc(SiteLimits.IMAGE_MAX_BYTES)]), 'big.png'));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe(Msg.TOO_LARGE);
    expectRefused(await upload({ payload: { file: 'x' } }), SiteMsg.IMAGE_REQUIRED);
  });
});
