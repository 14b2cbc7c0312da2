import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MARK_COOKIE, TOKEN_COOKIE } from '@textbook/contracts';
import { useTestApp } from '../../test/helpers.js';
import { buildEpub, importBook } from '../../test/reader-fixtures.js';
import { insertPublishedBook } from '../modules/testing/fixtures.js';

// A web build as the real one is shaped where the server reads it: the shell markers inside #root, module
// preloads in the head, and prerender.json naming each page's stylesheets.
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-prerender-'));
fs.writeFileSync(
  path.join(web, 'index.html'),
  `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta name="description" content="站点" />
    <title>站点</title>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
  </head>
  <body>
    <div id="root">
      <!--shell--><div class="static-shell"></div><!--/shell-->
    </div>
    <!--beside-root-->
    <script type="module">import('/assets/index-1.js')</script>
  </body>
</html>
`,
);
fs.writeFileSync(
  path.join(web, 'prerender.json'),
  JSON.stringify({
    routes: {
      index: { css: ['books-1.css'] },
      textbook: { css: ['books-1.css'] },
      bookPreview: { css: ['reader-1.css'] },
    },
  }),
);

const HOSTILE = '<script>alert(1)</script><!--';

describe('visitor pages written on the server', () => {
  const t = useTestApp({ webDist: web });
  let bookId = 0;
  let reader = { bookId: 0, free: 0, locked: 0 };
  beforeAll(async () => {
    bookId = await insertPublishedBook(t.ctx.db, `线性代数${HOSTILE}`);
    await insertPublishedBook(t.ctx.db, '大学物理');
    const epub = buildEpub('urn:prerender-reader', '经济学原理', [
      { title: '第一章 需求', body: `<p>需求定律的文字。</p><p>${HOSTILE.replace(/</g, '&lt;')}</p>` },
      { title: '第二章 供给', body: '<p>只有读者能读的文字。</p>' },
    ]);
    const imported = await importBook(t.ctx, epub);
    const spine = await t.app.inject({ url: `/api/reader/spine?bookId=${imported.bookId}` });
    const [free, locked] = spine.json<{ data: { id: number }[] }>().data;
    reader = { bookId: imported.bookId, free: free!.id, locked: locked!.id };
  });
  afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it('writes a visitor’s home with the books, the page’s stylesheet, and no module preloads', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<html lang="zh-CN" data-prerendered="">');
    expect(res.body).toContain('data-testid="book-card"');
    expect(res.body).toContain('大学物理');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/books-1.css">');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('rel="tb-modulepreload"');
    expect(res.body).not.toContain('static-shell');
  });

  it('escapes every text of the data, in the markup and in the data handed to the app', async () => {
    const res = await page('/');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('线性代数&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    const data = /<script type="application\/json" id="tb-prefetched">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(data).not.toContain('<');
    const answers = JSON.parse(data) as Record<string, { data: unknown }>;
    expect(JSON.stringify(answers['/api/book/new?limit=6']!.data)).toContain(`线性代数${HOSTILE}`);
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining(['/api/site', '/api/navMenu/list', '/api/book/recommend?limit=6']),
    );
  });

  it('writes the textbook list with its conditions as links, and the book detail', async () => {
    const list = await page('/textbook?sort=title&pageSize=1&pageNum=2');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('data-prerendered');
    expect(list.body).toContain('<title>教材 - ');
    expect(list.body).toMatch(/共 \d+ 本教材/);
    expect(list.body).toMatch(/aria-current="page"\s*>2<\/a/);
    expect(list.body).toContain('href="/textbook?pageSize=1"');
    const detail = await page(`/book-detail?id=${bookId}`);
    expect(detail.body).toContain('data-prerendered');
    expect(detail.body).toContain('<title>线性代数&lt;script&gt;');
    expect(detail.body).toContain('class="page page-full"');
    expect(detail.body).toContain('data-replay="star"');
  });

  it('compresses the page for a browser that accepts it', async () => {
    const res = await t.app.inject({ url: '/index', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('data-prerendered');
  });

  it('gives members, tokens in the address, other pages and unknown books the plain web app', async () => {
    const plain = [
      await page('/', { cookie: `${TOKEN_COOKIE}=abc` }),
      await page('/textbook', { cookie: `${LOGIN_MARK_COOKIE}=1` }),
      await page('/textbook?token=abc'),
      // The search panel's browse by subject or collection: grouped by the app, not the list written here.
      await page('/textbook?conditionKey=1'),
      await page('/textbook?conditionKey=4'),
      await page('/booklist'),
      await page('/book-detail?id=999999'),
      await page('/book-detail?id=abc'),
      await page('/book-detail'),
    ];
    for (const res of plain) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('static-shell');
      expect(res.body).not.toContain('data-prerendered');
    }
  });

  it('writes a visitor’s free chapter beside the app’s root, in a shadow root, with its answers for the app', async () => {
    const { bookId: id, free, locked } = reader;
    const res = await page(`/bookPreview?bookId=${id}&chapterId=${free}&trial=1`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered');
    expect(res.body).toMatch(/<div id="root">\s*<\/div>\s*<div class="reader-frame" id="tb-server-page"/);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/reader-1.css">');
    const chapter = /<template shadowrootmode="open">([\s\S]*?)<\/template>/.exec(res.body)![1]!;
    expect(chapter).toContain('需求定律的文字。');
    expect(chapter).toContain('&lt;script&gt;alert(1)');
    expect(chapter).toContain('.note { color: #333; }');
    expect(res.body).toMatch(/data-replay="prev-chapter"\s+disabled/);
    expect(res.body).toMatch(/data-replay="next-chapter"\s+>/);
    expect(res.body).toContain(`href="/book-detail?id=${id}"`);
    const data = /<script type="application\/json" id="tb-prefetched">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const answers = JSON.parse(data) as Record<string, unknown>;
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining([
        `/api/book/chapter?bookId=${id}&chapterId=${free}`,
        `/api/book/readAccess?bookId=${id}`,
        `/api/book/sectionTree?bookId=${id}`,
        `/api/reader/spine?bookId=${id}`,
      ]),
    );
    const sheet = Object.entries(answers).find(([url]) => url.endsWith('.css'));
    expect(sheet?.[1]).toContain('line-height: 1.6');
    // A chapter a visitor may not read, a member, and the reader without its trial flag: the plain web app.
    for (const res of [
      await page(`/bookPreview?bookId=${id}&chapterId=${locked}&trial=1`),
      await page(`/bookPreview?bookId=${id}&chapterId=${free}&trial=1`, { cookie: `${LOGIN_MARK_COOKIE}=1` }),
      await page(`/bookPreview?bookId=${id}&chapterId=${free}`),
      await page(`/bookPreview?bookId=${id}&chapterId=${'9'.repeat(300)}&trial=1`),
      await page(`/bookPreview?bookId=-1&chapterId=${free}&trial=1`),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('static-shell');
      expect(res.body).not.toContain('tb-server-page');
    }
  });

  it('answers any address of these pages, however odd, without an error', async () => {
    const odd = [
      `/textbook?subjectId=${encodeURIComponent(HOSTILE)}&collectionId=1e99&sort=${encodeURIComponent(HOSTILE)}`,
      '/textbook?pageNum=-1&pageSize=99999999999999999999',
      '/textbook?pageNum=99999',
      `/book-detail?id=${'9'.repeat(400)}`,
      '/book-detail?id=1&id=2',
      `/index?${'a'.repeat(5000)}=1`,
      '/textbook?subjectId=%E0%A4%A',
    ];
    for (const url of odd) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<script>alert');
    }
  });
});
