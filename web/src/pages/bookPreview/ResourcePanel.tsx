import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Spin } from 'antd';
import { ResourceCategories, ResourceCategoryLabel, type SectionResource } from '@textbook/contracts';
import { api } from '../../api';

type Category = (typeof ResourceCategories)[number];

/** Supplementary resources of the chapter's sections, by category (video and audio play in place). */
export function ResourcePanel({ bookId, chapterId }: { bookId: number; chapterId: number }) {
  const [category, setCategory] = useState<Category | 'all'>('all');
  const list = useQuery({
    queryKey: ['reader', 'resources', bookId, chapterId],
    queryFn: () =>
      api.get<SectionResource[]>('/api/reader/section/resource/chapter', { bookId, chapterId }, { silent: true }),
  });
  const rows = (list.data ?? []).filter((r) => category === 'all' || r.category === category);
  return (
    <div className="resource-panel" data-testid="resource-panel">
      <Segmented
        size="small"
        value={category}
        onChange={(v) => setCategory(v as Category | 'all')}
        options={[
          { value: 'all', label: '全部' },
          ...ResourceCategories.map((c) => ({ value: c, label: ResourceCategoryLabel[c] })),
        ]}
      />
      {list.isLoading ? <Spin /> : null}
      {!list.isLoading && !rows.length ? <Empty description="暂无内容" /> : null}
      <ul className="resource-list">
        {rows.map((r) => (
          <li key={r.id}>
            <div className="resource-head">
              <span className="resource-tag">{ResourceCategoryLabel[r.category]}</span>
              <a href={r.url} target="_blank" rel="noopener noreferrer">
                {r.title}
              </a>
            </div>
            {r.sectionTitle ? <div className="resource-section">{r.sectionTitle}</div> : null}
            {r.description ? <p>{r.description}</p> : null}
            {r.category === 'video' ? <video src={r.url} controls preload="none" /> : null}
            {r.category === 'audio' ? <audio src={r.url} controls preload="none" /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
