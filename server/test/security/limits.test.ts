import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AuthMsg, ClassMsg, Msg, SiteMsg, isSafeLink, type CaptchaPuzzle } from '@textbook/contracts';
import { CAPTCHA_FAILURES_PER_HOUR } from '../../src/modules/auth/captcha.js';
import { handTrack } from '../../src/modules/auth/test-support.js';
import { CLASS_CODE } from '../../src/http/module.js';

const CLASS_CODE_PER_MINUTE = CLASS_CODE.max as number;
import { buildMember, buildStaff } from '../factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../helpers.js';

describe('staff links (issue 12.11)', () => {
  const t = useTestApp();

  it('allows http(s) and site paths only', () => {
    for (const ok of ['https://www.moe.gov.cn/', 'http://a.b/c?d', '/about', '/blog-detail?id=2', ''])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil',
      'vbscript:x',
      'about',
    ])
      expect(isSafeLink(bad), bad).toBe(false);
  });

  it('refuses javascript: in every staff link field', async () => {
    const staff = await buildStaff(t.ctx.db, { isAdmin: true });
    const post = (url: string, payload: Record<string, unknown>) =>
      call(t.app, { method: 'POST', url, token: staff.token, payload });
    const js = 'javascript:alert(document.cookie)';
    const refusedWrites = [
      await post('/api/admin/link', { linkName: '链接', linkUrl: js }),
      await post('/api/admin/link', { linkName: '链接', linkUrl: '/ok', linkPic: js }),
      await post('/api/admin/bottomMenu', { name: '菜单', url: js }),
      await post('/api/admin/navMenu', { menuName: '菜单', path: js }),
      await post('/api/admin/content', { contentType: 'news', title: '标题', link: js }),
      await post('/api/admin/notice/broadcast', { title: '通知', link: js, target: 'all' }),
    ];
    for (const result of refusedWrites) expectRefused(result, SiteMsg.URL_UNSAFE);
    expectOk(await post('/api/admin/link', { linkName: '教育部', linkUrl: 'http://www.moe.gov.cn/' }));
    expectOk(await post('/api/admin/bottomMenu', { name: '关于', url: '/about' }));
  });
});

describe('throttles (issue 12.11, 12.5)', () => {
  const t = useTestApp();

  it(`class-code checks: ${CLASS_CODE_PER_MINUTE} a minute per member, then 429; another member is not affected`, async () => {
    const m = await buildMember(t.ctx.db);
    const check = (token: string) => call(t.app, { url: '/api/class/checkCode?activationCode=ZZZZ9999', token });
    const results = await Promise.all(Array.from({ length: CLASS_CODE_PER_MINUTE + 10 }, () => check(m.token)));
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
    for (const r of results.filter((r) => r.status === 429)) expectRefused(r, ClassMsg.CODE_TOO_OFTEN, 429);
    expect(results.every((r) => r.status !== 500)).toBe(true);
    const join = await call(t.app, {
      method: 'POST',
      url: '/api/class/student/join',
      token: m.token,
      payload: { activationCode: 'ZZZZ9999', studentId: '2026001', name: '张三' },
    });
    expect(join.status).toBe(429);
    const other = await buildMember(t.ctx.db);
    expect((await check(other.token)).status).not.toBe(429);
    // A visitor hears 401 as before, not the throttle.
    expect((await call(t.app, { url: '/api/class/checkCode?activationCode=ZZZZ9999' })).status).toBe(401);
  });

  it('captcha drawing: limited per address, and the puzzle is still drawn (in a worker)', async () => {
    const address = `10.44.${randomInt(0, 255)}.${randomInt(0, 255)}`;
    const limit = t.ctx.config.heavyPerMinute;
    const results = await Promise.all(
      Array.from({ length: limit + 3 }, () =>
        call<CaptchaPuzzle>(t.app, { url: '/api/captcha', remoteAddress: address }),
      ),
    );
    const drawn = results.filter((r) => r.status === 200);
    expect(drawn.length).toBe(limit);
    expect(drawn[0]!.body.data.image).toMatch(/^data:image\/png;base64,/);
    for (const r of results.filter((r) => r.status !== 200)) expectRefused(r, Msg.RATE_LIMITED, 429);
  });

  it(`slider: failed checks count against the address; after ${CAPTCHA_FAILURES_PER_HOUR} every check is refused`, async () => {
    const address = `10.45.${randomInt(0, 255)}.${randomInt(0, 255)}`;
    const kv = t.ctx.kv;
    const puzzle = async () => {
      const p = expectOk(await call<CaptchaPuzzle>(t.app, { url: '/api/captcha' }));
      const { x } = JSON.parse((await kv.get(`captcha:${p.captchaId}`)) ?? '{}') as { x: number };
      return { id: p.captchaId, x };
    };
    await kv.set(`captcha:fail:${address}`, String(CAPTCHA_FAILURES_PER_HOUR - 1), 3600_000);
    const first = await puzzle();
    await sleep(420);
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/captcha/check',
      remoteAddress: address,
      payload: { captchaId: first.id, x: first.x + 20, track: handTrack(first.x + 20) },
    });
    expectRefused(wrong, AuthMsg.CAPTCHA_FAILED);
    const next = await puzzle();
    await sleep(420);
    const right = await call(t.app, {
      method: 'POST',
      url: '/api/captcha/check',
      remoteAddress: address,
      payload: { captchaId: next.id, x: next.x, track: handTrack(next.x) },
    });
    expectRefused(right, AuthMsg.CAPTCHA_TOO_MANY, 429);
  });

  it('slider: a drop 4 pixels off, or a track that does not end at the drop, fails', async () => {
    const kv = t.ctx.kv;
    for (const [dx, trackDx] of [
      [4, 4],
      [0, 15],
    ] as const) {
      const p = expectOk(await call<CaptchaPuzzle>(t.app, { url: '/api/captcha' }));
      const { x } = JSON.parse((await kv.get(`captcha:${p.captchaId}`)) ?? '{}') as { x: number };
      await sleep(420);
      const result = await call(t.app, {
        method: 'POST',
        url: '/api/captcha/check',
        remoteAddress: `10.46.${randomInt(0, 255)}.1`,
        payload: { captchaId: p.captchaId, x: x + dx, track: handTrack(x + trackDx) },
      });
      expectRefused(result, AuthMsg.CAPTCHA_FAILED);
    }
  });
});
