import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRegistry } from './repeat.js';

describe('the job registry', () => {
  const jobs = new JobRegistry();
  afterEach(() => {
    jobs.close();
    vi.useRealTimers();
  });

  it('runs a job on its timer, one round at a time, and records the result of each', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let rounds = 0;
    jobs.add(
      { name: 'slow', label: '慢任务', everyMs: 1000 },
      () => {
        rounds += 1;
        return new Promise<number>((resolve) => (release = () => resolve(rounds)));
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(3500);
    expect(rounds).toBe(1); // the ticks while it ran were skipped
    expect(jobs.get('slow')).toMatchObject({ running: true, runs: 0 });
    expect(await jobs.runNow('slow')).toBe('busy');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.get('slow')).toMatchObject({ running: false, runs: 1, lastResult: 'ok', lastMessage: '1' });
  });

  it('reports a failed round and pauses and resumes the timer', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let rounds = 0;
    jobs.add(
      { name: 'failing', label: '失败任务', everyMs: 1000 },
      async () => {
        rounds += 1;
        throw new Error('数据库不可用');
      },
      (err) => errors.push(err),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(jobs.get('failing')).toMatchObject({ lastResult: 'error', lastMessage: '数据库不可用', failures: 1 });
    expect(errors).toHaveLength(1);
    expect(jobs.pause('failing')).toMatchObject({ paused: true, nextRunAt: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toBe(1);
    jobs.resume('failing');
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    expect(jobs.pause('nope')).toBeUndefined();
    expect(await jobs.runNow('nope')).toBeUndefined();
  });

  it('close stops every timer', async () => {
    vi.useFakeTimers();
    let rounds = 0;
    const job = jobs.add(
      { name: 'x', label: 'x', everyMs: 100 },
      async () => (rounds += 1),
      () => {},
    );
    await vi.advanceTimersByTimeAsync(250);
    job.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    expect(jobs.list()).toEqual([]);
  });
});
