import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/helpers.js';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-web-'));
fs.mkdirSync(path.join(web, 'assets'));
fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title>');
fs.writeFileSync(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(web, 'assets', 'index-abc123.js.gz'), '');

describe('hosting the built web app', () => {
  const t = useTestApp({ webDist: web });
  afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

  it('caches hashed assets for a year and revalidates the page', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the app, but not the API or missing assets', async () => {
    for (const url of ['/textbook', '/my/person?x=1', '/book-detail?id=3']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
    }
    const api = await call(t.app, { url: '/api/unknown' });
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(404);
    expect((await t.app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/textbook' })).statusCode).toBe(404);
  });
});
