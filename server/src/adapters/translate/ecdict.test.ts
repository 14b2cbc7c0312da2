import { describe, expect, it } from 'vitest';
import { baseForms, ecdictLookup } from './ecdict.js';

describe('ECDICT: English to Chinese', () => {
  it('finds a word, its lemma and a regular base form; refuses what is not an English word', () => {
    const [insular] = ecdictLookup('insular');
    expect(insular).toMatchObject({ simplified: 'insular', pinyin: expect.stringMatching(/^\/.+\/$/) });
    expect(ecdictLookup('went')[0]).toMatchObject({ simplified: 'go' });
    expect(ecdictLookup('studies')[0]).toMatchObject({ simplified: 'study' });
    expect(ecdictLookup('学习')).toEqual([]);
    expect(ecdictLookup('')).toEqual([]);
    // Beside the one row out of order in the file (say yes to, say), and at its two ends.
    expect(ecdictLookup('say')[0]).toMatchObject({ simplified: 'say' });
    expect(ecdictLookup('say yes to')[0]).toMatchObject({ simplified: 'say yes to' });
    expect(ecdictLookup('aardvark')[0]).toMatchObject({ simplified: 'aardvark' });
    expect(ecdictLookup('zzz')[0]).toMatchObject({ simplified: 'zzz' });
    expect(ecdictLookup('zzzzzzzzzzzz')).toEqual([]);
    expect(ecdictLookup('aaaaaaaaaaaa')).toEqual([]);
  });

  it('takes regular inflections back to the forms they may come from', () => {
    expect(baseForms('cats')).toContain('cat');
    expect(baseForms('running')).toContain('run');
    expect(baseForms('studies')[0]).toBe('study');
    expect(baseForms('taken')).toEqual([]);
    expect(baseForms('hoped')).toContain('hope');
  });
});
