import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { BUSY_MESSAGE, HeavyWork, WorkerPool } from './pool.js';

const puzzle = { gapX: 120, gapY: 40, left: 117, top: 20 };

describe('worker pool (issue 12.5)', () => {
  it('runs tasks in a thread, answers bytes as Buffers, and refuses beyond the queue with 503', async () => {
    const pool = new WorkerPool({ name: 'test', threads: 1, queue: 2 });
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
    const work = new HeavyWork({ threads: 1, queue: 4, dictionaryAtStart: false });
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
    const pool = new WorkerPool({ name: 'test', threads: 1, queue: 64 });
    try {
      await pool.run('captcha', puzzle); // the thread and the canvas library are loaded
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      await Promise.all(Array.from({ length: 20 }, () => pool.run('captcha', puzzle)));
      delay.disable();
      // Drawn here, 20 puzzles would hold the loop for the whole time; in the worker no single stall is long.
      expect(delay.max / 1e6).toBeLessThan(200);
    } finally {
      await pool.close();
    }
  });
});
