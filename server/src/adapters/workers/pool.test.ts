import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../../../test/epub-corpus.js';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { drawPuzzle } from '../../modules/auth/captcha-draw.js';
import { startWorkers, workerEntry } from '../../workers.js';
import { BUSY_MESSAGE, TaskOverrun, WorkerPool } from './pool.js';

const puzzle = { gapX: 120, gapY: 40, left: 117, top: 20 };

describe('worker pool (issue 12.5)', () => {
  it('runs tasks in a thread, answers bytes as Buffers, and refuses beyond the queue with 503', async () => {
    const pool = new WorkerPool({ entry: workerEntry(), name: 'test', threads: 1, queue: 2 });
    try {
      const runs = Array.from({ length: 5 }, () =>
        pool.run('captcha', puzzle).then(
          (v) => v,
          (e: unknown) => e,
        ),
      );
      const results = await Promise.all(runs);
      // One running, two waiting; the other two are refused at once.
      const refused = results.filter((r) => r instanceof AppError);
      expect(refused).toHaveLength(2);
      for (const r of refused) expect(r).toMatchObject({ status: 503, message: BUSY_MESSAGE });
      const drawn = results.filter((r) => !(r instanceof AppError)) as { image: string }[];
      expect(drawn).toHaveLength(3);
      expect(drawn[0]!.image).toMatch(/^data:image\/png;base64,/);
      const sheet = await pool.run('xlsx', {
        sheetName: 's',
        columns: [{ header: 'a', key: 'a', width: 5 }],
        rows: [{ a: 1 }],
      });
      expect(Buffer.isBuffer(sheet)).toBe(true);
      expect((sheet as Buffer).subarray(0, 2).toString()).toBe('PK');
    } finally {
      await pool.close();
    }
  });

  it('a refusal thrown in the worker comes back as the same AppError', async () => {
    const work = startWorkers({ threads: 1, queue: 4, dictionaryAtStart: false });
    try {
      await expect(work.run('avatar', Buffer.from('not an image at all'))).rejects.toMatchObject({
        status: 400,
        message: '请上传 JPG、PNG、GIF 或 WEBP 格式的图片',
      });
    } finally {
      await work.close();
    }
  });

  it('the event loop stays free while puzzles are drawn', async () => {
    const pool = new WorkerPool({ entry: workerEntry(), name: 'test', threads: 1, queue: 64 });
    try {
      await pool.run('captcha', puzzle); // the thread and the canvas library are loaded
      // Event-loop utilisation is the main thread's busy share (idle while it waits for the worker's answers),
      // so unlike wall-clock stalls it does not depend on how loaded the machine is.
      const before = performance.eventLoopUtilization();
      await Promise.all(Array.from({ length: 20 }, () => pool.run('captcha', puzzle)));
      const inWorker = performance.eventLoopUtilization(before).utilization;
      const start = performance.eventLoopUtilization();
      for (let i = 0; i < 5; i += 1) await drawPuzzle(puzzle);
      const onMain = performance.eventLoopUtilization(start).utilization;
      expect(inWorker).toBeLessThan(0.5);
      expect(onMain).toBeGreaterThan(inWorker);
    } finally {
      await pool.close();
    }
  });

  it("a task past its time or its thread's heap limit is stopped and said so; the next task gets a new thread", async () => {
    // A PDF whose drawing never ends (a content cycle from pdf.js's test suite): it allocates until stopped.
    const file = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'pdf', 'broken', 'operator_list_cycle.pdf');
    if (!fs.existsSync(file)) return;
    const input = { bytes: new Uint8Array(fs.readFileSync(file)), maxImagePixels: 25_000_000 };
    const timed = new WorkerPool({ entry: workerEntry(), name: 'test', threads: 1, queue: 2, timeoutMs: 3000 });
    const heap = new WorkerPool({
      entry: workerEntry(),
      name: 'test',
      threads: 1,
      queue: 2,
      resourceLimits: { maxOldGenerationSizeMb: 96 },
      timeoutMs: 170_000,
    });
    try {
      await expect(timed.run('pdfCover', input)).rejects.toEqual(new TaskOverrun('time'));
      await expect(heap.run('pdfCover', input)).rejects.toEqual(new TaskOverrun('memory'));
      expect(await timed.run('captcha', puzzle, 60_000)).toMatchObject({ image: expect.stringMatching(/^data:image/) });
    } finally {
      await Promise.all([timed.close(), heap.close()]);
    }
  }, 180_000);
});
