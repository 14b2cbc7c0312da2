import { wordsOf } from '../catalog/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../adapters/storage/index.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { multipart } from '../../../test/multipart.js';
import { BZIP2, writeZip, type ZipEntry } from '../../../test/zip-writer.js';
import { Msg } from '@textbook/contracts';
import { grantShelfEntry, activeEntries } from '../shelf/index.js';
import { joinHardWrappedCjk } from './cjk.js';
import { ImportRefusal } from './errors.js';
import { importEpub } from './importer.js';
import { sanitizeChapter } from './sanitize.js';
import { bookStorage } from '../books/index.js';
import { readZip, ZipLimits } from './zip.js';

/** A small valid EPUB 3 built in memory; `chapters` are body fragments. */
export function makeEpub(
  options: { id?: string; title?: string; chapters?: string[]; extra?: Record<string, Uint8Array> } = {},
): Uint8Array {
  const chapters = options.chapters ?? ['<h1>第一章 函数</h1><p>函数是高等数学的基础。</p>'];
  const items = chapters
    .map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`)
    .join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  const nav = chapters.map((_, i) => `<li><a href="c${i}.xhtml">第${i + 1}章</a></li>`).join('');
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">${options.id ?? 'urn:uuid:test-book'}</dc:identifier><dc:title>${options.title ?? '测试教材'}</dc:title><dc:language>zh-CN</dc:language><dc:creator>张三</dc:creator></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${items}</manifest><spine>${spine}</spine></package>`,
    ),
    'OEBPS/nav.xhtml': strToU8(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>${nav}</ol></nav></body></html>`,
    ),
    ...options.extra,
  };
  chapters.forEach((body, i) => {
    files[`OEBPS/c${i}.xhtml`] = strToU8(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c${i}</title></head><body>${body}</body></html>`,
    );
  });
  return zipSync(files);
}

const refusal = (fn: () => unknown): ImportRefusal => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ImportRefusal) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('zip checks before unpacking', () => {
  it('refuses names that climb out of the archive or are absolute', () => {
    for (const name of ['../evil.txt', 'OEBPS/../../evil.txt', '/etc/passwd', 'C:/windows/evil']) {
      const bytes = zipSync({ mimetype: strToU8('application/epub+zip'), [name]: strToU8('x') });
      expect(refusal(() => readZip(bytes)).zh).toContain('路径越出压缩包');
    }
  });

  it('refuses a zip bomb by its ratio, before inflating it', () => {
    const bytes = zipSync({ 'bomb.txt': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bytes.length).toBeLessThan(100_000);
    expect(refusal(() => readZip(bytes)).zh).toContain('疑似压缩炸弹');
  });

  it('refuses too many entries and too large a total', () => {
    const saved = { ...ZipLimits };
    try {
      ZipLimits.MAX_ENTRIES = 3;
      const many = zipSync(Object.fromEntries([1, 2, 3, 4].map((i) => [`f${i}.txt`, strToU8('x')])));
      expect(refusal(() => readZip(many)).zh).toContain('文件过多');
      ZipLimits.MAX_ENTRIES = saved.MAX_ENTRIES;
      ZipLimits.MAX_TOTAL_BYTES = 1000;
      const big = zipSync({ 'a.bin': new Uint8Array(600).fill(7), 'b.bin': new Uint8Array(600).fill(9) });
      expect(refusal(() => readZip(big)).zh).toBe('EPUB 解压后总大小超出限制');
    } finally {
      Object.assign(ZipLimits, saved);
    }
  });

  it('refuses what is not a zip and an empty file', () => {
    expect(refusal(() => readZip(new Uint8Array())).en).toBe('The file is empty; it is not an EPUB.');
    expect(refusal(() => readZip(strToU8('%PDF-1.4'))).zh).toContain('不是 ZIP 压缩包');
  });
});

describe('XML without external entities', () => {
  it('never reads a file named by an entity of the package document', async () => {
    const { parsePackage } = await import('./package-doc.js');
    const opf = `<?xml version="1.0"?><!DOCTYPE package [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">x</dc:identifier>
      <dc:title>before&xxe;after</dc:title></metadata><manifest/><spine/></package>`;
    let title = '';
    try {
      title = parsePackage(opf, 'content.opf').title;
    } catch (err) {
      expect(err).toBeInstanceOf(ImportRefusal);
    }
    expect(title).not.toContain('root:');
  });
});

describe('sanitizing a content document', () => {
  const links = {
    chapterUrl: (p: string, fragment: string) =>
      p === 'OEBPS/c1.xhtml'
        ? `/bookPreview?bookId=1&chapterId=2${fragment ? `#${encodeURIComponent(fragment)}` : ''}`
        : null,
    assetUrl: (p: string) => (p === 'OEBPS/img/a.png' ? '/api/book/asset/abcdef12-aaaa.png' : null),
  };

  it('removes what runs, loads or posts, and keeps MathML, SVG, ruby and tables', () => {
    const out = sanitizeChapter(
      `<html><body onload="x()"><script>alert(1)</script><p onclick="x()" style="background:url(http://evil/x.png)">文</p>
       <iframe src="file:///etc/passwd"></iframe><object data="http://evil/x.swf"></object><embed src="x.swf"/>
       <form action="http://evil/post"><input name="a"/>留言</form><a href="javascript:alert(1)">j</a>
       <img src="file:///etc/a.png"/><img src="img/a.png" srcset="http://evil/b.png 2x"/><img src="img/unlisted.png"/>
       <math><mi>x</mi><mo>=</mo><mn>1</mn></math><svg viewBox="0 0 1 1"><circle r="1"/></svg>
       <ruby>漢<rt>かん</rt></ruby><table><tr><td>1</td></tr></table>
       <a href="c1.xhtml#第二节">下一章</a><a href="https://example.org">外链</a></body></html>`,
      'OEBPS/c0.xhtml',
      links,
    );
    expect(out.html).not.toMatch(/script|onload|onclick|iframe|object|embed|<form|<input|javascript|file:|evil/);
    expect(out.html).toContain('<math>');
    expect(out.html).toContain('<svg viewBox="0 0 1 1">');
    expect(out.html).toContain('<ruby>漢<rt>かん</rt></ruby>');
    expect(out.html).toContain('<td>1</td>');
    expect(out.html).toContain('src="/api/book/asset/abcdef12-aaaa.png"');
    expect(out.html).not.toContain('unlisted');
    expect(out.html).toContain(`href="/bookPreview?bookId=1&amp;chapterId=2#${encodeURIComponent('第二节')}"`);
    expect(out.html).toContain('rel="noopener noreferrer nofollow"');
    expect(out.text).toContain('留言');
  });

  it('joins hard-wrapped Chinese but keeps the space between Latin words', () => {
    expect(joinHardWrappedCjk('高等数学是\n  理工科的基础')).toBe('高等数学是理工科的基础');
    expect(joinHardWrappedCjk('hard\nwrapped')).toBe('hard\nwrapped');
    const out = sanitizeChapter('<body><p>函数的极限\n与连续性</p><pre>代码\n保留</pre></body>', 'a.xhtml', links);
    expect(out.html).toContain('<p>函数的极限与连续性</p>');
    expect(out.html).toContain('代码\n保留');
  });
});

describe('importing', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-files-'));
  const t = useTestApp({ dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const deps = () => ({
    db: t.ctx.db,
    dialect: t.ctx.dialect,
    storage: bookStorage(t.ctx.config),
    caches: t.ctx.caches,
    words: wordsOf(t.ctx),
  });
  const storedFiles = (): string[] => {
    const root = path.join(dataDir, 'files');
    if (!fs.existsSync(root)) return [];
    return fs.readdirSync(root).flatMap((dir) => fs.readdirSync(path.join(root, dir)));
  };
  const bookCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('books')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('is all or nothing: a failure inside the transaction leaves no book and no stored file', async () => {
    const books = await bookCount();
    const files = storedFiles().length;
    // A subject that does not exist breaks the book row's foreign key, after the files were stored.
    await expect(importEpub(deps(), makeEpub({ id: 'urn:x:fk' }), { subjectId: 999_999 })).rejects.toThrow();
    expect(await bookCount()).toBe(books);
    expect(storedFiles().length).toBe(files);
  });

  it('is all or nothing when storage fails half-way', async () => {
    const real = bookStorage(t.ctx.config);
    let puts = 0;
    const flaky: Pick<Storage, 'put' | 'delete'> = {
      put: async (name, bytes) => {
        if (++puts === 2) throw new Error('disk full');
        await real.put(name, bytes);
      },
      delete: (name) => real.delete(name),
    };
    const files = storedFiles().length;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const bytes = makeEpub({
      id: 'urn:x:flaky',
      chapters: ['<p><img src="a.png"/><img src="b.png"/></p>'],
      extra: { 'OEBPS/a.png': png, 'OEBPS/b.png': png },
    });
    // The images are not in the manifest, so add them: rebuild the package with two image items.
    const withImages = makeEpubWithImages(bytes);
    await expect(importEpub({ ...deps(), storage: flaky }, withImages)).rejects.toThrow('disk full');
    expect(storedFiles().length).toBe(files);
    expect(await t.ctx.db.selectFrom('books').select('id').where('identifier', '=', 'urn:x:flaky').execute()).toEqual(
      [],
    );
  });

  it('re-importing a new edition keeps the book id and its readers’ shelf entries, and drops the old files', async () => {
    const first = await importEpub(deps(), makeEpub({ id: 'urn:x:edition', title: '线性代数' }), { published: true });
    const member = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: member.id,
      bookId: first.bookId,
      source: 'free',
      expiresAt: null,
    });
    const oldFiles = (
      await t.ctx.db.selectFrom('book_assets').select('name').where('book_id', '=', first.bookId).execute()
    ).map((a) => a.name);
    const second = await importEpub(
      deps(),
      makeEpub({ id: 'urn:x:edition', title: '线性代数（第二版）', chapters: ['<h1>一</h1>', '<h1>二</h1>'] }),
      { bookId: first.bookId },
    );
    expect(second).toMatchObject({ bookId: first.bookId, created: false, edition: 2, chapters: 2 });
    expect(await activeEntries(t.ctx.db, member.id, first.bookId)).toHaveLength(1);
    const detail = expectOk(
      await call<{ title: string; edition: number }>(t.app, { method: 'GET', url: `/api/book/detail/${first.bookId}` }),
    );
    expect(detail).toMatchObject({ title: '线性代数（第二版）', edition: 2 });
    for (const name of oldFiles) expect(storedFiles()).not.toContain(name);
  });

  /** Uploads a file through the console's import route. */
  const upload = (token: string | undefined, name: string, bytes: Uint8Array) =>
    call<{ jobId: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/book/import',
      token,
      ...multipart({ bytes, name, type: 'application/epub+zip' }),
    });
  /** Polls an import job until it ends, as the uploader does. */
  const poll = async (token: string, jobId: number) => {
    for (let i = 0; i < 100; i++) {
      const job = expectOk(
        await call<{ status: string; progress: number; message: string; bookId: number | null }>(t.app, {
          method: 'GET',
          url: `/api/admin/book/import/job/${jobId}`,
          token,
        }),
      );
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('job did not finish');
  };

  it('lets staff upload an EPUB and follow the job; others may not', async () => {
    const staff = await buildStaff(t.ctx.db);
    const member = await buildMember(t.ctx.db);
    const denied = await upload(member.token, 'a.epub', makeEpub());
    expect(denied.status).toBe(403);
    expect((await upload(undefined, 'a.epub', makeEpub())).status).toBe(401);
    expectRefused(await upload(staff.token, 'a.pdf', makeEpub()), Msg.PDF_INVALID);
    expectRefused(await upload(staff.token, 'a.zip', makeEpub()), Msg.EPUB_REQUIRED);

    const { jobId } = expectOk(
      await upload(staff.token, '概率论.epub', makeEpub({ id: 'urn:x:upload', title: '概率论' })),
    );
    const done = await poll(staff.token, jobId);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.message).toContain('导入成功：概率论');
    expect(done.bookId).toBeGreaterThan(0);

    const bad = expectOk(await upload(staff.token, 'broken.epub', strToU8('not a zip')));
    const failed = await poll(staff.token, bad.jobId);
    expect(failed).toMatchObject({ status: 'failed', message: '文件不是 EPUB 电子书（不是 ZIP 压缩包）' });

    const other = await buildStaff(t.ctx.db);
    const peek = await call(t.app, { method: 'GET', url: `/api/admin/book/import/job/${jobId}`, token: other.token });
    expect(peek.status).toBe(403);
  });

  it('refuses a bzip2-compressed entry and a split archive, saying which (the console and the command line)', async () => {
    const staff = await buildStaff(t.ctx.db);
    const files = (method?: number): ZipEntry[] =>
      [...readZip(makeEpub({ id: 'urn:x:container' }))].map(([name, data]) => ({
        name,
        data,
        method: name === 'OEBPS/c0.xhtml' ? method : undefined,
      }));
    const [bzipped] = writeZip(files(BZIP2));
    // Segments of 512 bytes (`zip -s` cuts at 64 KiB at least; the format is the same) split this small book.
    const parts = writeZip(files(), { segmentBytes: 512 });
    expect(parts.length).toBeGreaterThan(2);
    // The same book in one piece imports: the refusals are about the container only.
    await expect(importEpub(deps(), writeZip(files())[0]!)).resolves.toMatchObject({ chapters: 1 });

    const compression = Msg.EPUB_COMPRESSION_UNSUPPORTED('bzip2（编号 12）', 'OEBPS/c0.xhtml');
    const cases: [string, Uint8Array, string, RegExp][] = [
      ['bzip2.epub', bzipped!, compression, /compressed with bzip2 \(method 12\).*: OEBPS\/c0\.xhtml$/],
      // The part that holds the central directory (the .zip, renamed .epub) and the first part (.z01).
      ['split.epub', parts[parts.length - 1]!, Msg.EPUB_SPLIT_ARCHIVE, /one segment of a split \(multi-part\)/],
      ['split.z01.epub', parts[0]!, Msg.EPUB_SPLIT_ARCHIVE, /one segment of a split \(multi-part\)/],
    ];
    const { runImportCli } = await import('./cli.js');
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    for (const [name, bytes, zh, en] of cases) {
      const { jobId } = expectOk(await upload(staff.token, name, bytes));
      expect(await poll(staff.token, jobId)).toMatchObject({ status: 'failed', message: zh });
      const file = path.join(dataDir, name);
      fs.writeFileSync(file, bytes);
      expect(await runImportCli([file], { ...deps(), storage: bookStorage(t.ctx.config) }, out)).toBe(1);
      expect(lines.pop()).toMatch(en);
    }
  });
});

/** Adds manifest items for OEBPS/a.png and OEBPS/b.png to an EPUB made by makeEpub. */
function makeEpubWithImages(bytes: Uint8Array): Uint8Array {
  const files: Record<string, Uint8Array> = Object.fromEntries(readZip(bytes));
  const opf = new TextDecoder().decode(files['OEBPS/content.opf']);
  files['OEBPS/content.opf'] = strToU8(
    opf.replace(
      '</manifest>',
      '<item id="a" href="a.png" media-type="image/png"/><item id="b" href="b.png" media-type="image/png"/></manifest>',
    ),
  );
  return zipSync(files);
}

describe('npm run import-book', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-files-'));
  const t = useTestApp({ dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('imports a file with a subject, and says in English why a file is refused', async () => {
    const { runImportCli } = await import('./cli.js');
    const deps = {
      db: t.ctx.db,
      dialect: t.ctx.dialect,
      storage: bookStorage(t.ctx.config),
      words: wordsOf(t.ctx),
      caches: t.ctx.caches,
    };
    await t.ctx.db
      .insertInto('dict_data')
      .values({ dict_type: 'book_subject', parent_id: 0, label: '数学', value: 'math', sort: 0 })
      .execute();
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`E ${l}`) };
    const good = path.join(dataDir, 'good.epub');
    fs.writeFileSync(good, makeEpub({ id: 'urn:x:cli', title: '复变函数' }));
    expect(await runImportCli([good, '--subject', '数学', '--publish'], deps, out)).toBe(0);
    expect(lines.pop()).toMatch(/^Imported as a new book: "复变函数" as book \d+ \(1 chapters/);
    const book = await t.ctx.db
      .selectFrom('books as b')
      .innerJoin('dict_data as d', 'd.id', 'b.subject_id')
      .select(['d.label', 'b.published'])
      .where('b.identifier', '=', 'urn:x:cli')
      .executeTakeFirstOrThrow();
    expect(book).toEqual({ label: '数学', published: 1 });

    const bad = path.join(dataDir, 'bad.epub');
    fs.writeFileSync(bad, 'hello');
    expect(await runImportCli([bad], deps, out)).toBe(1);
    expect(lines.pop()).toBe('E Refused: The file is not an EPUB (it is not a ZIP archive).');
    expect(await runImportCli([good, '--subject', '天文'], deps, out)).toBe(1);
    expect(lines.pop()).toContain('Unknown subject "天文"');
    expect(await runImportCli([], deps, out)).toBe(2);
  });

  it('makes a new book of a file whose identifier another book has, and an edition only when asked', async () => {
    const { runImportCli } = await import('./cli.js');
    const deps = { db: t.ctx.db, dialect: t.ctx.dialect, storage: bookStorage(t.ctx.config) };
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`E ${l}`) };
    const first = path.join(dataDir, 'first.epub');
    fs.writeFileSync(first, makeEpub({ id: 'urn:x:shared', title: '第一本' }));
    const other = path.join(dataDir, 'other.epub');
    fs.writeFileSync(other, makeEpub({ id: 'urn:x:shared', title: '另一本' }));
    expect(await runImportCli([first], deps, out)).toBe(0);
    const firstId = Number(/as book (\d+)/.exec(lines.pop()!)![1]);
    expect(await runImportCli([other], deps, out)).toBe(0);
    const otherLine = lines.pop()!;
    expect(otherLine).toMatch(/^Imported as a new book: "另一本"/);
    expect(Number(/as book (\d+)/.exec(otherLine)![1])).not.toBe(firstId);
    // Asked for: a new edition of the first book, published by --publish.
    expect(await runImportCli([other, '--edition-of', String(firstId), '--publish'], deps, out)).toBe(0);
    expect(lines.pop()).toMatch(new RegExp(`^Imported as edition 2 of book ${firstId}: "另一本"`));
    const shared = await t.ctx.db
      .selectFrom('books')
      .select(['id', 'title', 'edition', 'published'])
      .where('identifier', '=', 'urn:x:shared')
      .orderBy('id')
      .execute();
    expect(shared).toEqual([
      { id: firstId, title: '另一本', edition: 2, published: 1 },
      { id: expect.any(Number), title: '另一本', edition: 1, published: 0 },
    ]);
    expect(await runImportCli([other, '--edition-of', '99999999'], deps, out)).toBe(1);
    expect(lines.pop()).toBe('E Refused: No book 99999999');
    expect(await runImportCli([other, '--edition-of', 'x'], deps, out)).toBe(2);
  });
});
