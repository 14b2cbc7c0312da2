import { useState } from 'react';
import { Select } from 'antd';
import { QUESTION_TYPE_LABEL } from '@textbook/contracts';
import { useQuestionList } from '../../../api/questions';

/** A stem as one line of text (the bank keeps rich text). */
export function stemText(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Picks the quiz's questions from the teacher's bank (objective types), searched by words. */
export function QuestionPicker({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const [keyword, setKeyword] = useState('');
  // The bank's own list; a quiz is graded at once, so short answers are left out.
  const questions = useQuestionList({ keyword: keyword || undefined }, 1, 50);
  const options = (questions.data?.rows ?? [])
    .filter((q) => q.type !== 'short')
    .map((q) => ({ value: q.id, label: `【${QUESTION_TYPE_LABEL[q.type]}】${stemText(q.stem).slice(0, 60)}` }));
  // Chosen questions not in this search still show by id.
  for (const id of value ?? []) {
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: `题目 #${id}` });
  }
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      loading={questions.isLoading}
      showSearch={{ onSearch: setKeyword, filterOption: false }}
      placeholder="搜索并选择题库中的题目"
      notFoundContent={questions.isLoading ? '加载中…' : '题库中没有可用的客观题'}
    />
  );
}
