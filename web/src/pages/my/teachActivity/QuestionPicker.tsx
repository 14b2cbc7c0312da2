import { useState } from 'react';
import { Select } from 'antd';
import { usePickableQuestions } from '../../../api/activities';

const TYPE_LABEL: Record<string, string> = { single: '单选', multiple: '多选', judge: '判断', blank: '填空' };

/** A stem as one line of text (the bank keeps rich text). */
export function stemText(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Picks the quiz's questions from the teacher's bank (objective types), searched by words. */
export function QuestionPicker({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const questions = usePickableQuestions(keyword);
  const options = (questions.data ?? []).map((q) => ({
    value: q.id,
    label: `【${TYPE_LABEL[q.type] ?? q.type}】${stemText(q.stem).slice(0, 60)}`,
  }));
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
