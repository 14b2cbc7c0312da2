import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthMsg, Code, Msg, SiteMsg } from '@textbook/contracts';
import { buildApp } from '../../src/app.js';
import { CIPHER_KEY_FILE, ensureCipherKey, loadConfig } from '../../src/config.js';
import { encrypt } from '../../src/modules/auth/test-support.js';
import { imageSize } from '../../src/http/image-size.js';
import { containsNul } from '../../src/http/input-guard.js';
import { buildMember, buildStaff } from '../factories.js';
import { call, expectRefused, useTestApp } from '../helpers.js';

/** A PNG that is only a header: signature and an IHDR declaring width × height (no pixels follow). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16); // bit depth
  ihdr.writeUInt8(6, 17); // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)]);
}

function multipart(file: Buffer, name = 'a.png') {
  const boundary = '----sec-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('inputs that used to give 500 (issue 12.9, 12.10)', () => {
  const t = useTestApp();

  it('NUL in a body, a query or a path parameter is refused with a clear message, on any route', async () => {
    const member = await buildMember(t.ctx.db);
    const cases = [
      await call(t.app, { method: 'POST', url: '/api/router', payload: { path: '\u0000' } }),
      await call(t.app, { url: '/api/book/search?searchText=a%00b' }),
      await call(t.app, { url: '/api/site/image/a%00.png' }),
      await call(t.app, {
        method: 'POST',
        url: '/api/updateName',
        token: member.token,
        payload: { userName: 'a\u0000' },
      }),
    ];
    cases.forEach((result, i) => expect([i, result.body.msg]).toEqual([i, Msg.NUL_CHARACTER]));
    expect(containsNul({ a: [{ b: { c: 'x\u0000' } }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 1, null, { b: '没有' }] })).toBe(false);
    // A member-only route still answers a visitor 401 first.
    expect(
      (await call(t.app, { method: 'POST', url: '/api/updateName', payload: { userName: 'a\u0000' } })).status,
    ).toBe(401);
  });

  it('a lone surrogate anywhere is refused with a clear message (it would be stored as U+FFFD)', async () => {
    const staff = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
    // A college named by a lone surrogate was stored as U+FFFD and not found again: the answer was a 500.
    for (const name of ['\ud800', 'x\udfffy']) {
      const result = await call(t.app, {
        method: 'POST',
        url: '/api/admin/college/save',
        token: staff.token,
        payload: { name },
      });
      expect([result.status, result.body.msg]).toEqual([400, Msg.BROKEN_CHARACTER]);
    }
    const pair = await call(t.app, {
      method: 'POST',
      url: '/api/admin/college/save',
      token: staff.token,
      payload: { name: '学院😀' },
    });
    expect(pair.status).toBe(200);
  });

  it('a path that does not decode, or a parameter past its length, is refused in the envelope', async () => {
    for (const url of ['/api/admin/link/%E0%A4%A', '/api/admin/link/%ED%A0%80', `/api/admin/link/${'x'.repeat(200)}`]) {
      const result = await t.app.inject({ method: 'DELETE', url });
      expect(result.statusCode, url).toBeLessThan(500);
      expect(result.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(result.json(), url).toEqual({ code: Code.REFUSED, msg: Msg.BAD_REQUEST, data: null });
    }
  });

  it('a content item under a menu that does not exist is refused, not a foreign-key fault', async () => {
    const staff = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
    const item = { contentType: 'news', title: '标题', body: '<p>正文</p>', menuId: 2 ** 31 };
    const created = await call(t.app, { method: 'POST', url: '/api/admin/content', token: staff.token, payload: item });
    expect([created.status, created.body.msg]).toEqual([400, SiteMsg.MENU_MISSING]);
  });

  it('a display order past a 4-byte integer is refused (PostgreSQL refused it as a server error)', async () => {
    const staff = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
    const writes = [
      { url: '/api/admin/navMenu', payload: { menuName: '菜单', sort: 2 ** 31 } },
      { url: '/api/admin/link', payload: { linkName: '链接', linkUrl: 'https://example.com', sort: 2 ** 31 } },
      { url: '/api/admin/help/topic', payload: { name: '分类', sort: -(2 ** 31) - 1 } },
    ];
    for (const { url, payload } of writes) {
      const result = await call(t.app, { method: 'POST', url, token: staff.token, payload });
      expect([url, result.status, result.body.msg]).toEqual([url, 400, Msg.BAD_REQUEST]);
    }
  });

  it('multipart without a boundary is refused (400), not a fault, on every upload route', async () => {
    const member = await buildMember(t.ctx.db);
    const staff = await buildStaff(t.ctx.db, { isAdmin: true });
    const routes = [
      { url: '/api/avatar', token: member.token },
      { url: '/api/site/image/upload', token: member.token },
      { url: '/api/admin/book/import', token: staff.token },
    ];
    for (const route of routes) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const result = await call(t.app, {
          method: 'POST',
          ...route,
          headers: { 'content-type': contentType },
          payload: 'not a form',
        });
        expect(result.status, `${route.url} ${contentType}`).toBe(400);
        expect(result.body.code).toBe(Code.REFUSED);
        expect(result.body.msg).not.toBe(Msg.UNKNOWN);
      }
      // A form cut off in the middle.
      const cut = multipart(pngHeader(10, 10));
      const result = await call(t.app, {
        method: 'POST',
        ...route,
        headers: cut.headers,
        payload: cut.payload.subarray(0, 60),
      });
      expect(result.status, `${route.url} cut`).toBeLessThan(500);
    }
  });

  it('the same staff name created many times in parallel: one 200, the rest 409', async () => {
    const admin = await buildStaff(t.ctx.db, { isAdmin: true });
    const userName = `twin${Date.now() % 100000}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/api/admin/staff/create',
          token: admin.token,
          payload: { userName, displayName: '编辑', password: encrypt(t, 'Editor-Pass-2026') },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expectRefused(r, AuthMsg.STAFF_NAME_TAKEN, 409);
  });
});

describe('decompression bombs (issue 12.6)', () => {
  const t = useTestApp();

  it('reads the size from the header of PNG, GIF, WebP and JPEG', () => {
    expect(imageSize(pngHeader(40000, 40000))).toEqual({ width: 40000, height: 40000 });
    const gif = Buffer.from('GIF89a\x10\x27\x20\x4e\x00\x00\x00\x00', 'latin1');
    expect(imageSize(gif)).toEqual({ width: 10000, height: 20000 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(16383, 24, 3);
    vp8x.writeUIntLE(9999, 27, 3);
    expect(imageSize(vp8x)).toEqual({ width: 16384, height: 10000 });
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x9c, 0x40, 0x75, 0x30, 0x03,
    ]);
    expect(imageSize(Buffer.concat([jpeg, Buffer.alloc(20)]))).toEqual({ width: 30000, height: 40000 });
  });

  it('a small PNG declaring 40000×40000 pixels is refused with 413 before decoding: avatar and site images', async () => {
    const member = await buildMember(t.ctx.db);
    const bomb = multipart(pngHeader(40000, 40000));
    for (const url of ['/api/avatar', '/api/site/image/upload']) {
      const started = Date.now();
      const result = await call(t.app, { method: 'POST', url, token: member.token, ...bomb });
      expectRefused(result, Msg.IMAGE_TOO_MANY_PIXELS(25), 413);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });
});

describe('production defaults (issue 12.11)', () => {
  it('/api/docs is off by default in production, on with API_DOCS=1, on in development', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
  });

  const t = useTestApp({ apiDocs: false });
  it('an app with docs off answers 404 at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(404);
  });

  it('production never uses the development cipher key: one is made in the data folder and kept', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cipher-key-'));
    try {
      const config = { ...loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }), webDist: '/nonexistent' };
      const dev = loadConfig({ NODE_ENV: 'development' }).accounts.passwordCipherKey;
      expect(config.accounts.passwordCipherKey).toBe('');
      await expect(buildApp({ config, database: t.database })).rejects.toThrow(/PASSWORD_CIPHER_KEY/);
      ensureCipherKey(config);
      const key = config.accounts.passwordCipherKey;
      expect(Buffer.from(key, 'base64')).toHaveLength(32);
      expect(key).not.toBe(dev);
      expect(fs.readFileSync(path.join(dataDir, CIPHER_KEY_FILE), 'utf8')).toBe(key);
      const again = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
      ensureCipherKey(again);
      expect(again.accounts.passwordCipherKey).toBe(key);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
