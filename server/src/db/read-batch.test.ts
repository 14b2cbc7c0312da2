import { describe, expect, it, vi } from 'vitest';
import { readBatch } from './read-batch.js';

describe('readBatch', () => {
  it('asks once per group for every key asked in one turn; each caller gets its own value', async () => {
    const loadMany = vi.fn(
      async (group: string, keys: number[]) => new Map(keys.filter((k) => k !== 3).map((k) => [k, `${group}${k}`])),
    );
    const read = readBatch(loadMany);
    const answers = await Promise.all([read('a', 1), read('a', 2), read('a', 1), read('b', 1), read('a', 3)]);
    expect(answers).toEqual(['a1', 'a2', 'a1', 'b1', undefined]);
    expect(loadMany).toHaveBeenCalledTimes(2);
    expect(loadMany).toHaveBeenCalledWith('a', [1, 2, 3]);
    expect(loadMany).toHaveBeenCalledWith('b', [1]);
    // A later turn is a new batch.
    expect(await read('a', 2)).toBe('a2');
    expect(loadMany).toHaveBeenCalledTimes(3);
  });

  it('fails every caller of a group whose read failed, and only them', async () => {
    const read = readBatch(async (group: string, keys: number[]) => {
      if (group === 'bad') throw new Error('down');
      return new Map(keys.map((k) => [k, k]));
    });
    const [bad, good] = await Promise.allSettled([read('bad', 1), read('good', 2)]);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('down') });
    expect(good).toEqual({ status: 'fulfilled', value: 2 });
  });
});
