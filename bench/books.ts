// Catalogue benchmarks (issue #4): list, detail and search against the bare route; the import time of
// SICP from the shared corpus; search latency over 1,000 generated books.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { appContext, buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { BENCH_CIPHER_KEY } from './lib.js';
import { openDatabase } from '../server/src/db/connection.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { clearCatalogCache, reindexBook, titlePinyin, Words } from '../server/src/modules/catalog/index.js';
import { importEpub } from '../server/src/modules/import/index.js';
import { LocalStorage } from '../server/src/adapters/storage/local.js';
import type { EndpointSpec, Measurement } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SICP = path.resolve(ROOT, '..', 'shared', 'data', 'epub', 'textbooks', 'sicp.epub');
const q = encodeURIComponent;

/** The demo textbooks are ids 1-10 of the bench server's fresh database (the seed imports them in order). */
export const endpoints: EndpointSpec[] = [
  { name: 'book list (page 1, 20)', url: '/api/book/list?pageNum=1&pageSize=20' },
  { name: 'book list (subject filter)', url: '/api/book/list?subjectId=1&sort=title&pageSize=20' },
  { name: 'book detail', url: '/api/book/detail/1' },
  { name: 'book sectionTree', url: '/api/book/sectionTree?bookId=1' },
  { name: 'search 高等数学', url: `/api/book/search?searchText=${q('高等数学')}&type=0` },
  { name: 'search gdsx (pinyin initials)', url: '/api/book/search?searchText=gdsx&type=0' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function tempDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-books-'));
  const handle = openDatabase(path.join(dir, 'bench.db'));
  await migrateToLatest(handle.db);
  return {
    dir,
    handle,
    storage: new LocalStorage(path.join(dir, 'files')),
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const WORDS = [
  '高等',
  '数学',
  '线性',
  '代数',
  '概率',
  '统计',
  '大学',
  '物理',
  '化学',
  '工程',
  '力学',
  '电路',
  '信号',
  '系统',
  '数据',
  '结构',
  '算法',
  '操作',
  '网络',
  '原理',
  '经济',
  '管理',
  '会计',
  '法学',
  '文学',
  '历史',
  '哲学',
  '英语',
  '写作',
  '设计',
];
const SUFFIX = ['', '（上册）', '（下册）', '教程', '基础', '导论', '实验', '习题集', '（第二版）'];

export const measurements: Measurement[] = [
  {
    name: 'import sicp.epub',
    async run() {
      if (!fs.existsSync(SICP)) return { name: 'import sicp.epub', value: -1, unit: 'ms', detail: `${SICP} not found` };
      const db = await tempDatabase();
      try {
        const bytes = new Uint8Array(fs.readFileSync(SICP));
        const deps = {
          db: db.handle.db,
          dialect: db.handle.dialect,
          storage: db.storage,
          words: new Words(),
          caches: null,
        };
        const times: number[] = [];
        let detail = '';
        for (let i = 0; i < 3; i++) {
          const t = performance.now();
          const r = await importEpub(deps, bytes);
          times.push(performance.now() - t);
          detail = `${r.chapters} chapters, ${r.sections} sections, ${r.assets} files; runs ${times.map((x) => Math.round(x)).join(', ')} ms (1st new, then new editions)`;
        }
        return {
          name: 'import sicp.epub (median of 3)',
          value: Math.round([...times].sort((a, b) => a - b)[1]!),
          unit: 'ms',
          detail,
        };
      } finally {
        await db.close();
      }
    },
  },
  {
    name: 'search latency, 1,000 books',
    async run() {
      const db = await tempDatabase();
      try {
        const { db: kdb, dialect } = db.handle;
        const words = new Words();
        const now = Date.now();
        let seed = 42;
        const rand = (n: number) => {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          return seed % n;
        };
        for (let i = 0; i < 1000; i++) {
          const title = `${WORDS[rand(WORDS.length)]}${WORDS[rand(WORDS.length)]}${SUFFIX[rand(SUFFIX.length)]}`;
          const { full, initials } = titlePinyin(title);
          const { id } = await kdb
            .insertInto('books')
            .values({
              identifier: `urn:bench:${i}`,
              title,
              title_pinyin: full,
              title_initials: initials,
              authors: `作者${rand(300)}`,
              publisher: '示范大学出版社',
              description: `${title}是面向本科生的教材，讲述${WORDS[rand(WORDS.length)]}与${WORDS[rand(WORDS.length)]}的基本内容。`,
              published: 1,
              published_at: now - i * 1000,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await reindexBook(kdb, dialect, id, words);
        }
        const config = {
          ...loadConfig({ NODE_ENV: 'production', PASSWORD_CIPHER_KEY: BENCH_CIPHER_KEY, LOG_LEVEL: 'silent' }),
          dataDir: db.dir,
          webDist: '/nonexistent',
        };
        const app = await buildApp({ config, database: db.handle });
        await app.ready();
        const queries = [
          '高等数学',
          '数据结构',
          'gdsx',
          'sjjg',
          '概率统计',
          '大学物理实验',
          '经济管理',
          'xxds',
          '算法导论',
          '英语写作',
        ];
        const times: number[] = [];
        let hits = 0;
        for (let round = 0; round < 30; round++) {
          for (const text of queries) {
            clearCatalogCache(appContext(app)); // measure the search, not the read cache
            const t = performance.now();
            const res = await app.inject({ method: 'GET', url: `/api/book/search?searchText=${q(text)}&pageSize=20` });
            times.push(performance.now() - t);
            if (round === 0) hits += (res.json() as { data: { total: number } }).data.total;
          }
        }
        await app.close();
        times.sort((a, b) => a - b);
        const p50 = Math.round(percentile(times, 0.5) * 10) / 10;
        const p99 = Math.round(percentile(times, 0.99) * 10) / 10;
        return [
          {
            name: 'search 1,000 books: p50 (in-process)',
            value: p50,
            unit: 'ms',
            detail: `${times.length} searches, ${hits} hits over 10 queries`,
          },
          { name: 'search 1,000 books: p99 (in-process)', value: p99, unit: 'ms', budget: 50, limit: 'max' },
        ];
      } finally {
        await db.close();
      }
    },
  },
];
