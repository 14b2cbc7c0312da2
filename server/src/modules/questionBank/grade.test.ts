import { describe, expect, it } from 'vitest';
import type { QuestionSnapshot } from '@textbook/contracts';
import { gradeAnswer } from './grade.js';

const base = { id: 1, version: 1, stem: '<p>题</p>', analysis: '' };
const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, html: key }));
const single: QuestionSnapshot = { ...base, type: 'single', options, answer: 'B' };
const multiple: QuestionSnapshot = { ...base, type: 'multiple', options, answer: ['A', 'C', 'D'] };
const judge: QuestionSnapshot = { ...base, type: 'judge', options: [], answer: false };
const blank: QuestionSnapshot = {
  ...base,
  type: 'blank',
  options: [],
  answer: [['北京', 'Beijing'], ['1949'], ['CPU', '中央处理器']],
};
const short: QuestionSnapshot = { ...base, type: 'short', options: [], answer: '<p>参考</p>' };

describe('gradeAnswer', () => {
  it('single choice: all or nothing', () => {
    expect(gradeAnswer(single, 'B', 5)).toEqual({ score: 5, correct: true });
    expect(gradeAnswer(single, ' b ', 5)).toEqual({ score: 5, correct: true });
    expect(gradeAnswer(single, 'A', 5)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(single, null, 5)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(single, ['B'], 5)).toEqual({ score: 0, correct: false });
  });

  it('true/false: all or nothing, booleans only', () => {
    expect(gradeAnswer(judge, false, 2)).toEqual({ score: 2, correct: true });
    expect(gradeAnswer(judge, true, 2)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(judge, 'false', 2)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(judge, undefined, 2)).toEqual({ score: 0, correct: false });
  });

  it('multiple choice: exact set full, a right subset half (down to 0.5), any wrong choice 0', () => {
    expect(gradeAnswer(multiple, ['D', 'A', 'C'], 5)).toEqual({ score: 5, correct: true });
    expect(gradeAnswer(multiple, ['a', 'c', 'd', 'A'], 5)).toEqual({ score: 5, correct: true });
    expect(gradeAnswer(multiple, ['A', 'C'], 5)).toEqual({ score: 2.5, correct: false });
    expect(gradeAnswer(multiple, ['A'], 3)).toEqual({ score: 1.5, correct: false });
    expect(gradeAnswer(multiple, ['A'], 2.5)).toEqual({ score: 1, correct: false });
    expect(gradeAnswer(multiple, ['A'], 1)).toEqual({ score: 0.5, correct: false });
    expect(gradeAnswer(multiple, ['A', 'B'], 5)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(multiple, ['A', 'B', 'C', 'D'], 5)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(multiple, [], 5)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(multiple, 'AC', 5)).toEqual({ score: 0, correct: false });
  });

  it('blanks: an equal share per blank, matched trimmed, full-width folded and case-insensitive', () => {
    expect(gradeAnswer(blank, ['北京', '1949', 'cpu'], 6)).toEqual({ score: 6, correct: true });
    expect(gradeAnswer(blank, [' ＢＥＩＪＩＮＧ ', '１９４９', '中央处理器'], 6)).toEqual({ score: 6, correct: true });
    expect(gradeAnswer(blank, ['上海', '1949', 'CPU'], 6)).toEqual({ score: 4, correct: false });
    expect(gradeAnswer(blank, ['北京'], 6)).toEqual({ score: 2, correct: false });
    expect(gradeAnswer(blank, ['北京', '', ''], 10)).toEqual({ score: 3.33, correct: false });
    expect(gradeAnswer(blank, ['', '', ''], 6)).toEqual({ score: 0, correct: false });
    expect(gradeAnswer(blank, 'x', 6)).toEqual({ score: 0, correct: false });
  });

  it('short answers wait for the teacher', () => {
    expect(gradeAnswer(short, '<p>我的回答</p>', 10)).toEqual({ score: 0, correct: null });
  });
});
