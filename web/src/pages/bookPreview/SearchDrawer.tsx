import { useState } from 'react';
import { Drawer, Empty, Input, Spin } from 'antd';
import { Limits, Msg, ReaderMsg, type InBookHit } from '@textbook/contracts';
import { useInBookSearch } from '../../api/books';

interface Props {
  open: boolean;
  onClose(): void;
  bookId: number;
  /** A hit was chosen: the reader goes to it and marks it. */
  onGoTo(hit: InBookHit): void;
}

/** 搜索: the reader's own search inside the book, its hits listed by chapter (the in-book search's answers). */
export function SearchDrawer({ open, onClose, bookId, onGoTo }: Props) {
  const [text, setText] = useState('');
  const hits = useInBookSearch(bookId, text);
  const chapters: { id: number; title: string; hits: InBookHit[] }[] = [];
  for (const hit of hits.data?.rows ?? []) {
    const last = chapters.at(-1);
    if (last?.id === hit.chapterId) last.hits.push(hit);
    else chapters.push({ id: hit.chapterId, title: hit.chapterTitle, hits: [hit] });
  }
  return (
    <Drawer title="搜索" open={open} onClose={onClose} size={380}>
      <Input.Search
        autoFocus
        allowClear
        maxLength={Limits.SEARCH_MAX}
        aria-label={ReaderMsg.SEARCH_PLACEHOLDER}
        placeholder={ReaderMsg.SEARCH_PLACEHOLDER}
        onSearch={(v) => setText(v.trim())}
        data-testid="reader-search-input"
      />
      {text && hits.isFetching && !hits.data ? <Spin /> : null}
      {hits.data ? (
        <div className="result-count reader-search-count">{ReaderMsg.SEARCH_COUNT(hits.data.total)}</div>
      ) : null}
      {text && hits.data && !hits.data.rows.length ? <Empty description={Msg.EMPTY_SEARCH} /> : null}
      <div className="reader-search-hits" data-testid="reader-search-hits">
        {chapters.map((c) => (
          <section key={c.id} aria-label={c.title}>
            <h4 className="notes-chapter">{c.title}</h4>
            {c.hits.map((hit) => (
              <button
                type="button"
                key={hit.link}
                className="reader-search-hit"
                onClick={() => onGoTo(hit)}
                data-testid="reader-search-hit"
                dangerouslySetInnerHTML={{ __html: hit.snippet }}
              />
            ))}
          </section>
        ))}
      </div>
    </Drawer>
  );
}
