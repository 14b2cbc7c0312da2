import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CollegeLimits,
  CollegeMsg,
  QUESTION_SHEET_HEADERS,
  QuestionLimits,
  QuestionMsg,
  SheetMsg,
} from '@textbook/contracts';
import { buildCollege, buildMember, uniquePhone, type BuiltMember } from '../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../test/helpers.js';
import { multipart } from '../../test/multipart.js';
import { bombXlsx, manyRowsXlsx } from '../../test/sheet-files.js';

const t = useTestApp();

/** Every spreadsheet upload route of the app, with who may use it and what its header row is. */
const ROUTES = [
  {
    url: '/api/collegeUser/import',
    roles: '1',
    header: ['手机号', '姓名', '学号', '角色'],
    values: ['13800000001', '13800000002', '13800000003', '13800000004'],
    maxRows: CollegeLimits.IMPORT_ROWS_MAX,
    tooMany: CollegeMsg.IMPORT_TOO_MANY,
    good: (book: ExcelJS.Workbook) =>
      book.addWorksheet('成员').addRows([
        ['手机号', '姓名', '学号', '角色'],
        [uniquePhone(), '新同学', 'S1', '学生'],
      ]),
  },
  {
    url: '/api/myQuestion/import',
    roles: '2',
    header: [...QUESTION_SHEET_HEADERS],
    values: ['单选题', '多选题', '判断题', '简答题'],
    maxRows: QuestionLimits.IMPORT_ROWS_MAX,
    tooMany: QuestionMsg.IMPORT_TOO_MANY,
    good: (book: ExcelJS.Workbook) =>
      book
        .addWorksheet('题目')
        .addRows([[...QUESTION_SHEET_HEADERS], ['判断题', '导入的题', '', '', '', '', '', '', '正确']]),
  },
] as const;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const ROWS = 750_000;
const BOMB_MB = 1900;
const BUDGET_MB = 512;
const STALL_MS = 100;

/**
 * Uploads a file as the network brings it, in 64 KB pieces each in a turn of the event loop (injected whole, a
 * 2 MB body would be parsed by the multipart reader in one go, which no socket does).
 */
function upload(url: string, token: string, bytes: Uint8Array, name = 'upload.xlsx') {
  const { payload, headers } = multipart({ bytes, name });
  async function* pieces() {
    for (let at = 0; at < payload.length; at += 64 * 1024) {
      await new Promise((r) => setImmediate(r));
      yield payload.subarray(at, at + 64 * 1024);
    }
  }
  return call(t.app, {
    method: 'POST',
    url,
    token,
    payload: Readable.from(pieces()),
    headers: { ...headers, 'content-length': String(payload.length) },
  });
}

async function caller(roles: string): Promise<BuiltMember> {
  return buildMember(t.ctx.db, { college: await buildCollege(t.ctx.db), roles });
}

/** CPU time this thread has used, in ms (Linux: utime + stime of /proc/thread-self/stat, in 10 ms ticks). */
function threadCpuMs(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Runs `work` while watching the server: the event loop's longest delay (perf_hooks' monitorEventLoopDelay),
 * `/api/health` asked every 20 ms (its slowest answer), the process's resident memory (its highest, over the
 * figure before), and the longest stretch the event loop's thread itself spent computing between two turns (its
 * CPU time, so a machine busy with other programs does not count as the server stalling).
 */
async function watched<T>(work: () => Promise<T>) {
  // The test's own garbage (the generated files) is collected first, so a pause for it is not counted.
  collectGarbage();
  await new Promise((r) => setTimeout(r, 50));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  let slowestHealth = 0;
  let healthAnswers = 0;
  let longestBusy = 0;
  let done = false;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let lastCpu = threadCpuMs();
  const ticks = setInterval(() => {
    const cpu = threadCpuMs();
    longestBusy = Math.max(longestBusy, cpu - lastCpu);
    lastCpu = cpu;
  }, 5);
  const health = (async () => {
    while (!done) {
      const start = performance.now();
      const answer = await t.app.inject({ url: '/api/health' });
      expect(answer.statusCode).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - start);
      healthAnswers += 1;
      peak = Math.max(peak, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const result = await work();
  done = true;
  await health;
  clearInterval(ticks);
  delay.disable();
  return {
    result,
    loopDelayMs: delay.max / 1e6,
    slowestHealth,
    healthAnswers,
    longestBusy,
    overIdleMb: (peak - idle) / 1024 / 1024,
  };
}

/**
 * More runnable threads than cores: other programs hold the CPU and every wall-clock figure grows with them
 * (this machine is shared by several test runs at a time). The loop's own computing is still measured exactly.
 */
const overloaded = () => os.loadavg()[0]! > os.availableParallelism();

function expectServerWell(seen: Awaited<ReturnType<typeof watched>>) {
  const figures = `loop delay ${seen.loopDelayMs.toFixed(0)} ms, slowest health ${seen.slowestHealth.toFixed(0)} ms, longest busy ${seen.longestBusy} ms, RSS +${seen.overIdleMb.toFixed(0)} MB`;
  expect(seen.healthAnswers, figures).toBeGreaterThan(0);
  expect(seen.longestBusy, figures).toBeLessThan(STALL_MS);
  expect(seen.overIdleMb, figures).toBeLessThan(BUDGET_MB);
  // On a machine with cores to spare the wall clock says the same; on an overloaded one, no freeze of seconds.
  const wallLimit = overloaded() ? 10 * STALL_MS : STALL_MS;
  expect(seen.loopDelayMs, figures).toBeLessThan(wallLimit);
  expect(seen.slowestHealth, figures).toBeLessThan(wallLimit);
}

describe.each(ROUTES)('spreadsheet upload $url', (route) => {
  let bomb: Buffer;
  let manyRows: Buffer;
  let me: BuiltMember;

  beforeAll(async () => {
    bomb = bombXlsx(route.header, BOMB_MB);
    manyRows = await manyRowsXlsx(route.header, route.values, ROWS);
    me = await caller(route.roles);
    // The worker thread starts with the first file (its code loads once): a good file first, so "idle" is warm.
    const book = new ExcelJS.Workbook();
    route.good(book);
    expectOk(await upload(route.url, me.token, Buffer.from(await book.xlsx.writeBuffer())));
  });

  it('refuses a zip bomb from its directory, naming the limit; the server keeps answering', async () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const seen = await watched(() => upload(route.url, me.token, bomb));
    expectRefused(seen.result, SheetMsg.TOO_LARGE, 413);
    expectServerWell(seen);
  });

  it('refuses 750,000 rows while streaming, at the row limit, naming it', async () => {
    expect(manyRows.length).toBeLessThan(2 * 1024 * 1024);
    const seen = await watched(() => upload(route.url, me.token, manyRows));
    expectRefused(seen.result, route.tooMany, 413);
    expectServerWell(seen);
    // Read no further than the limit: the same file with its sheet's last half spoilt is refused the same way
    // (a reader that went on would meet the damage and call the file broken).
    const spoilt = Buffer.from(manyRows);
    const sheetEnd = spoilt.indexOf('xl/sharedStrings.xml', 0, 'utf8');
    spoilt.fill(0xff, Math.floor(sheetEnd / 2), sheetEnd - 64);
    expectRefused(await upload(route.url, me.token, spoilt), route.tooMany, 413);
  });

  it('refuses a file of one row more than the limit and reads one at the limit', async () => {
    const over = await manyRowsXlsx(route.header, route.values, route.maxRows + 1);
    expectRefused(await upload(route.url, me.token, over), route.tooMany, 413);
    const atLimit = await manyRowsXlsx(route.header, route.values, route.maxRows);
    expect((await upload(route.url, me.token, atLimit)).status).toBe(200);
  });

  it('takes one file at a time from a caller: three at once, one is read, two are told to wait', async () => {
    const seen = await watched(() =>
      Promise.all([bomb, manyRows, bomb].map((bytes) => upload(route.url, me.token, bytes))),
    );
    expectServerWell(seen);
    const messages = seen.result.map((r) => r.body.msg);
    expect(messages.filter((m) => m === SheetMsg.ONE_AT_A_TIME)).toHaveLength(2);
    const read = messages.filter((m) => m !== SheetMsg.ONE_AT_A_TIME);
    expect(read).toHaveLength(1);
    expect([SheetMsg.TOO_LARGE, route.tooMany]).toContain(read[0]);
    // The slot is given back: the next file is read.
    expectRefused(await upload(route.url, me.token, bomb), SheetMsg.TOO_LARGE, 413);
  });

  it('three callers at once, two bombs and 750,000 rows: each refused with its limit, memory and loop kept', async () => {
    const callers = await Promise.all([0, 1, 2].map(() => caller(route.roles)));
    const seen = await watched(() =>
      Promise.all([bomb, manyRows, bomb].map((bytes, i) => upload(route.url, callers[i]!.token, bytes))),
    );
    expectServerWell(seen);
    expectRefused(seen.result[0]!, SheetMsg.TOO_LARGE, 413);
    expectRefused(seen.result[1]!, route.tooMany, 413);
    expectRefused(seen.result[2]!, SheetMsg.TOO_LARGE, 413);
  });
});

describe('what the checked reader refuses, in words', () => {
  it('a file that is no xlsx, a damaged one, and a bomb by ratio', async () => {
    const me = await caller('2');
    const url = '/api/myQuestion/import';
    expectRefused(await upload(url, me.token, Buffer.from('not a workbook')), QuestionMsg.IMPORT_FILE);
    // A sheet of 500 rows whose deflated data is spoilt near its start: met while inflating.
    const damaged = await manyRowsXlsx([...QUESTION_SHEET_HEADERS], ['单选题'], 500);
    const start = damaged.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    damaged.fill(0xff, start + 50, start + 600);
    expectRefused(await upload(url, me.token, damaged), SheetMsg.NOT_XLSX);
    // 64 MB of spaces deflate far beyond 200 to 1 but stay under the size limit: the ratio names the bomb.
    const ratioBomb = bombXlsx([...QUESTION_SHEET_HEADERS], 60);
    expectRefused(await upload(url, me.token, ratioBomb), SheetMsg.BOMB, 413);
  });
});
