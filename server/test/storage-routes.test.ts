import { randomUUID } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { ActivityRow } from '@textbook/contracts';
import { buildActivityWorld, post, saveActivity } from './activities.js';
import { buildMember } from './factories.js';
import { call, expectOk, useTestApp } from './helpers.js';
import { multipart } from './multipart.js';
import { buildEpub, importBook, tempDataDir } from './reader-fixtures.js';
import { grantShelfEntry } from '../src/modules/shelf/service.js';

const ASSET = /\/api\/book\/asset\/([\w.-]+)/;

/**
 * The whole path of every stored file, on the folder and on an S3 bucket (a local S3 server): book files behind
 * the read decision, covers, avatars, site images and material files, with ETag (304) and byte ranges (206).
 */
describe.each(['folder', 's3'] as const)('files served by the app, storage on %s', (storage) => {
  const t = useTestApp({ dataDir: tempDataDir() }, { storage });

  it('uses the storage it was given', () => {
    expect(Boolean(t.ctx.config.storage.url)).toBe(storage === 's3');
  });

  it('serves a book’s files behind the read decision, with ETag and ranges', async () => {
    const bytes = buildEpub(`urn:test:storage:${randomUUID()}`, '存储测试', [
      { title: '第一章 试读', body: '<p>免费。</p><img src="images/free.png" alt="f"/>' },
      { title: '第二章 正文', body: '<p>付费。</p><img src="images/paid.png" alt="p"/>' },
    ]);
    const { bookId } = await importBook(t.ctx, bytes, { published: true, price: 10 });
    const rows = await t.ctx.db
      .selectFrom('book_chapters')
      .select('html')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const paid = ASSET.exec(rows[1]!.html)![1]!;
    const free = ASSET.exec(rows[0]!.html)![1]!;
    const asset = (name: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: `/api/book/asset/${name}`, headers });

    // Public: a free chapter's image, to anyone, cacheable by anyone.
    const open = await asset(free);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/png');
    expect(open.headers['cache-control']).toContain('public');
    expect(open.headers.etag).toMatch(/^"/);

    // Private: refused without the right, served with it.
    expect((await asset(paid)).statusCode).toBe(401);
    const reader = await buildMember(t.ctx.db);
    const auth = { authorization: `Bearer ${reader.token}` };
    expect((await asset(paid, auth)).statusCode).toBe(403);
    expect((await asset(paid, { ...auth, range: 'bytes=0-3' })).statusCode).toBe(403);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: reader.id, bookId, source: 'purchase', sourceRef: 1 });
    const whole = await asset(paid, auth);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toBe('private, max-age=86400');
    expect(whole.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const etag = whole.headers.etag as string;
    expect((await asset(paid, { ...auth, 'if-none-match': etag })).statusCode).toBe(304);
    const part = await asset(paid, { ...auth, range: 'bytes=1-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${whole.rawPayload.length}`);
    expect(part.body).toBe('PNG');
    // A conditional request still walks the read decision first.
    expect((await asset(paid, { 'if-none-match': etag })).statusCode).toBe(401);
  });

  it('serves a published book’s cover to a visitor', async () => {
    const bytes = buildEpub(`urn:test:cover:${randomUUID()}`, '封面测试', [{ title: '第一章', body: '<p>文字</p>' }]);
    const { bookId } = await importBook(t.ctx, bytes, { published: true });
    const { cover } = await t.ctx.db
      .selectFrom('books')
      .select('cover')
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
    expect(cover).not.toBe('');
    const res = await t.app.inject({ url: `/api/book/asset/${cover}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
  });

  it('stores an avatar uploaded by a member and serves it to anyone, 304 when unchanged', async () => {
    const m = await buildMember(t.ctx.db);
    const canvas = createCanvas(64, 64);
    canvas.getContext('2d').fillRect(0, 0, 64, 64);
    const png = await canvas.encode('png');
    const { avatar } = expectOk(
      await call<{ avatar: string }>(t.app, {
        method: 'POST',
        url: '/api/avatar',
        token: m.token,
        ...multipart({ bytes: png, name: 'me.png', type: 'image/png' }),
      }),
    );
    const served = await t.app.inject({ url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(
      (await t.app.inject({ url: avatar, headers: { 'if-none-match': served.headers.etag as string } })).statusCode,
    ).toBe(304);
  });

  it('stores a site image and serves it; a name never stored is 404', async () => {
    const m = await buildMember(t.ctx.db);
    const canvas = createCanvas(8, 8);
    const png = await canvas.encode('png');
    const { url } = expectOk(
      await call<{ url: string }>(t.app, {
        method: 'POST',
        url: '/api/site/image/upload',
        token: m.token,
        ...multipart({ bytes: png, name: 'a.png' }),
      }),
    );
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(png))).toBe(true);
    expect((await t.app.inject({ url: `/api/site/image/${randomUUID()}.png` })).statusCode).toBe(404);
  });

  it('stores a material file and lets only the class download it', async () => {
    const w = await buildActivityWorld(t, 1);
    const teacher = w.teacher.token;
    const a = expectOk(await saveActivity(t, teacher, { classId: w.cls.id, kind: 'material', title: '课件' }));
    const content = Buffer.from('%PDF-1.4 '.padEnd(3000, 'x'));
    expectOk(
      await call<ActivityRow>(t.app, {
        method: 'POST',
        url: `/api/teachActivity/upload?id=${a.id}`,
        token: teacher,
        ...multipart({ bytes: content, name: '课件.pdf', type: 'application/pdf' }),
      }),
    );
    expectOk(await post(t, teacher, '/open', { id: a.id }));
    const download = (token: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        url: `/api/teachActivity/download?id=${a.id}`,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
    const got = await download(w.student.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('课件.pdf'));
    expect(got.rawPayload.equals(content)).toBe(true);
    const tail = await download(w.student.token, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(content.subarray(-100))).toBe(true);
    expect((await download(w.secondStudent.token)).statusCode).toBe(403);
  });
});
