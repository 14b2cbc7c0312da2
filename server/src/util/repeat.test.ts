import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KvStore } from '../adapters/kv/index.js';
import { MemoryKv } from '../adapters/kv/memory.js';
import { RedisKv } from '../adapters/kv/redis.js';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisPrefix } from '../../test/redis.js';
import { JobRegistry } from './repeat.js';

const redisUp = await redisReachable();

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

/** Instances sharing one store (the memory store here; Redis below): each job's round runs once a period. */
describe('jobs across instances', () => {
  const registries: JobRegistry[] = [];
  afterEach(() => {
    for (const r of registries.splice(0)) r.close();
    vi.useRealTimers();
  });

  function instances(n: number, store: Pick<KvStore, 'setIfAbsent' | 'set'>): JobRegistry[] {
    const made = Array.from({ length: n }, () => new JobRegistry(store));
    registries.push(...made);
    return made;
  }

  it('runs a job once a tick across three instances, a per-instance job on each', async () => {
    vi.useFakeTimers();
    const store = new MemoryKv(() => Date.now());
    let shared = 0;
    let probes = 0;
    for (const jobs of instances(3, store)) {
      jobs.add(
        { name: 'orders.close', label: '关闭订单', everyMs: 1000 },
        async () => (shared += 1),
        () => {},
      );
      jobs.add(
        { name: 'probe', label: '探测', everyMs: 1000, perInstance: true },
        async () => (probes += 1),
        () => {},
      );
    }
    await vi.advanceTimersByTimeAsync(5000);
    expect(shared).toBe(5);
    expect(probes).toBe(15);
    await store.close();
  });

  it('runs now on the asking instance even while another holds the lock', async () => {
    const store = new MemoryKv();
    const [a, b] = instances(2, store) as [JobRegistry, JobRegistry];
    const ran: string[] = [];
    a.add(
      { name: 'j', label: 'j', everyMs: 60_000 },
      async () => ran.push('a'),
      () => {},
    );
    b.add(
      { name: 'j', label: 'j', everyMs: 60_000 },
      async () => ran.push('b'),
      () => {},
    );
    await a.runNow('j');
    await b.runNow('j');
    expect(ran).toEqual(['a', 'b']);
    await store.close();
  });

  it('skips a tick and reports it when the store cannot be reached, never running it everywhere', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let rounds = 0;
    const down = {
      setIfAbsent: () => Promise.reject(new Error('redis down')),
      set: () => Promise.reject(new Error('redis down')),
    };
    for (const jobs of instances(2, down)) {
      jobs.add(
        { name: 'j', label: 'j', everyMs: 1000 },
        async () => (rounds += 1),
        (err) => errors.push(err),
      );
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(rounds).toBe(0);
    expect(errors).toHaveLength(4);
  });

  describe.skipIf(!redisUp)('through Redis', () => {
    it('runs once a period across two instances with their own connections', async () => {
      const prefix = testRedisPrefix();
      const stores = [new RedisKv(REDIS_URL, prefix), new RedisKv(REDIS_URL, prefix)];
      let rounds = 0;
      try {
        for (const store of stores) {
          const [jobs] = instances(1, store) as [JobRegistry];
          jobs.add(
            { name: 'orders.close', label: '关闭订单', everyMs: 300 },
            async () => (rounds += 1),
            () => {},
          );
        }
        await new Promise((r) => setTimeout(r, 1_600));
        // Five ticks in 1.6 s on each of two instances: five rounds, not ten (one tick may fall on the edge).
        expect(rounds).toBeGreaterThanOrEqual(4);
        expect(rounds).toBeLessThanOrEqual(6);
      } finally {
        for (const r of registries.splice(0)) r.close();
        for (const store of stores) await store.close();
        await dropRedisKeys(REDIS_URL, prefix);
      }
    });
  });
});
