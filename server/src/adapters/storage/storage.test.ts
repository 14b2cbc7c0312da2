import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@textbook/contracts';
import type { StorageConfig } from '../../config.js';
import { registerErrorFunnel } from '../../http/envelope.js';
import { sendStored } from '../../http/stored-file.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3.js';
import { openFileAreas, type OpenedAreas } from './areas.js';
import type { Storage } from './index.js';
import { parseS3Url } from './s3.js';

const name = (ext = 'bin') => `${randomUUID()}.${ext}`;

async function drain(stream: NodeJS.ReadableStream): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

/** One suite, two backends: the folder of the embedded profile and an S3 bucket (a local S3 server). */
describe.each(['folder', 's3'] as const)('storage on %s', (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-storage-'));
  let s3: LocalS3 | undefined;
  let settings: StorageConfig;
  let opened: OpenedAreas;
  let store: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (backend === 's3') s3 = await startLocalS3();
    settings = s3?.storage ?? { url: undefined, accessKeyId: '', secretAccessKey: '' };
    opened = openFileAreas({ dataDir, storage: settings });
    store = opened.files.books;
    app = Fastify();
    registerErrorFunnel(app);
    app.get<{ Params: { name: string } }>('/f/:name', (request, reply) =>
      sendStored(request, reply, store, request.params.name, {
        type: 'application/octet-stream',
        headers: { 'cache-control': 'private, max-age=60' },
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    opened?.close();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores, reads, tags and deletes a file; a missing name is null', async () => {
    const n = name('png');
    const bytes = randomBytes(1000);
    await store.put(n, bytes);
    expect(await store.get(n)).toEqual(bytes);
    const facts = await store.stat(n);
    expect(facts?.size).toBe(1000);
    expect(facts?.etag).toMatch(/^"[^"]+"$/);
    await store.delete(n);
    expect(await store.get(n)).toBeNull();
    expect(await store.stat(n)).toBeNull();
    expect(await store.open(n)).toBeNull();
    await store.delete(n); // deleting nothing is fine
  });

  it('lists every stored name of an area, and only that area', async () => {
    const mine = [name('png'), name('png'), name()];
    for (const n of mine) await opened.files.site.put(n, new Uint8Array([7]));
    await opened.files.avatars.put(name('webp'), new Uint8Array([1]));
    const listed: string[] = [];
    for await (const n of opened.files.site.names()) listed.push(n);
    expect(listed.sort()).toEqual([...mine].sort());
    for (const n of mine) await opened.files.site.delete(n);
  });

  it('keeps the areas apart', async () => {
    const n = name('webp');
    await opened.files.avatars.put(n, new Uint8Array([1, 2, 3]));
    expect(await opened.files.avatars.get(n)).toEqual(Buffer.from([1, 2, 3]));
    expect(await opened.files.books.get(n)).toBeNull();
    expect(await opened.files.site.get(n)).toBeNull();
  });

  it('refuses names it did not generate before touching storage', async () => {
    for (const bad of ['../etc/passwd', 'a/b/cdefghij', 'short', 'abcdefgh.PNG', `${'a'.repeat(81)}`]) {
      await expect(store.put(bad, new Uint8Array(1))).rejects.toThrow(/invalid storage name/);
      await expect(store.stat(bad)).rejects.toThrow(/invalid storage name/);
    }
  });

  it('gives another instance on the same storage the same file and the same tag', async () => {
    const n = name();
    await store.put(n, randomBytes(64));
    const other = openFileAreas({ dataDir, storage: settings });
    try {
      expect(await other.files.books.stat(n)).toEqual(await store.stat(n));
      expect(await other.files.books.get(n)).toEqual(await store.get(n));
    } finally {
      other.close();
    }
  });

  it('streams a large file in many chunks, and a range of it', async () => {
    const n = name();
    const bytes = randomBytes(6 * 1024 * 1024 + 7);
    await store.put(n, bytes);
    const whole = await store.open(n);
    expect(whole?.file.size).toBe(bytes.length);
    const read = await drain(whole!.body);
    expect(read.bytes.equals(bytes)).toBe(true);
    // Streamed: the bytes arrive in pieces, never as one buffer of the whole file.
    expect(read.chunks).toBeGreaterThan(10);
    const part = await store.open(n, { start: 1_000_000, end: 1_000_099 });
    expect(part?.file.size).toBe(bytes.length);
    expect((await drain(part!.body)).bytes.equals(bytes.subarray(1_000_000, 1_000_100))).toBe(true);
  });

  it('is ready when reachable and says so when not', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const broken =
      backend === 's3'
        ? openFileAreas({
            dataDir,
            storage: { ...settings, url: settings.url!.replace('textbook-test', 'no-such-bucket') },
          })
        : openFileAreas({ dataDir: path.join(dataDir, 'not-a-folder', 'x'), storage: settings });
    if (backend === 'folder') fs.writeFileSync(path.join(dataDir, 'not-a-folder'), 'a file where a folder should be');
    try {
      await expect(broken.files.books.check()).rejects.toThrow();
    } finally {
      broken.close();
    }
  });

  describe('answered over HTTP', () => {
    const bytes = randomBytes(5000);
    const n = name();
    beforeAll(async () => store.put(n, bytes));
    const get = (headers: Record<string, string> = {}, file = n) => app.inject({ url: `/f/${file}`, headers });

    it('answers 200 with the bytes, length, tag and the route’s headers', async () => {
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-length']).toBe('5000');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      expect(res.headers.etag).toBe((await store.stat(n))!.etag);
    });

    it('answers 304 to a matching If-None-Match (a list, a weak tag, *), 200 to another', async () => {
      const etag = (await store.stat(n))!.etag;
      for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
        const res = await get({ 'if-none-match': header });
        expect(res.statusCode, header).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      expect((await get({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
    });

    it('answers 206 with Content-Range for one range: closed, open and suffix', async () => {
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=4990-', 4990, 4999],
        ['bytes=-10', 4990, 4999],
        ['bytes=4000-9999', 4000, 4999],
        ['bytes=-9000', 0, 4999],
      ];
      for (const [range, start, end] of cases) {
        const res = await get({ range });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/5000`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
      }
    });

    it('answers 416 past the end, and the whole file to a range it does not serve', async () => {
      const past = await get({ range: 'bytes=5000-' });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */5000');
      expect(past.json()).toMatchObject({ msg: Msg.RANGE_NOT_SATISFIABLE });
      for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3', 'bytes=x-']) {
        const res = await get({ range });
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.length).toBe(5000);
      }
    });

    it('honours If-Range: the range for the current tag, the whole file for another', async () => {
      const etag = (await store.stat(n))!.etag;
      expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
      expect((await get({ range: 'bytes=0-9', 'if-range': '"old"' })).statusCode).toBe(200);
    });

    it('answers HEAD with the length and tag, reading no bytes', async () => {
      const etag = (await store.stat(n))!.etag;
      const opened = store.open.bind(store);
      let opens = 0;
      store.open = (...args) => ((opens += 1), opened(...args));
      try {
        const res = await app.inject({ method: 'HEAD', url: `/f/${n}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-length']).toBe('5000');
        expect(res.headers.etag).toBe(etag);
        expect(res.rawPayload.length).toBe(0);
        expect(opens).toBe(0);
      } finally {
        store.open = opened;
      }
    });

    it('answers 404 for a name with nothing stored, plain or conditional', async () => {
      expect((await get({}, name())).statusCode).toBe(404);
      expect((await get({ range: 'bytes=0-1' }, name())).statusCode).toBe(404);
    });
  });
});

describe('STORAGE_URL', () => {
  it('reads the bucket, prefix, endpoint, region and path style', () => {
    expect(parseS3Url('s3://books/site-a?endpoint=http://127.0.0.1:9000&region=cn-east-1&forcePathStyle=1')).toEqual({
      bucket: 'books',
      prefix: 'site-a/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-east-1',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://my.bucket')).toEqual({
      bucket: 'my.bucket',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('refuses what it cannot use, at start-up, with a message naming it', () => {
    expect(() => parseS3Url('http://bucket')).toThrow(/s3:\/\//);
    expect(() => parseS3Url('s3://B_AD')).toThrow(/bucket/);
    expect(() => parseS3Url('s3://books?endpoint=ftp://x')).toThrow(/endpoint/);
    expect(() =>
      openFileAreas({ dataDir: '/tmp', storage: { url: 'nonsense', accessKeyId: '', secretAccessKey: '' } }),
    ).toThrow(/STORAGE_URL/);
  });
});
