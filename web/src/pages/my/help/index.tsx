import { Limits } from '@textbook/contracts';
import { Input, Pagination } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useHelpContents, useHelpTopics } from '../../../api/help';
import '../../../components/Content/content.css';
import { Loading } from '../../../components/Content/states';
import { EmptyState } from '../../../components/Empty/EmptyState';

const PAGE_SIZE = 15;

/** Help centre (personal centre): topics, searchable contents; each opens helpDetail. */
export default function HelpPage() {
  const [params, setParams] = useSearchParams();
  const topicId = Number(params.get('topicId')) || undefined;
  const keyword = params.get('keyword') ?? '';
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const [draft, setDraft] = useState(keyword);
  const topics = useHelpTopics();
  const contents = useHelpContents({
    topicId: keyword ? undefined : topicId,
    keyword: keyword || undefined,
    pageNum,
    pageSize: PAGE_SIZE,
  });

  const go = (next: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) search.set(k, v);
    setParams(search);
  };
  const rows = contents.data?.rows ?? [];

  return (
    <div className="page-section">
      <section className="content-card" data-testid="help-centre">
        <h1 className="content-title">帮助中心</h1>
        <Input.Search
          className="help-search"
          placeholder="搜索帮助内容"
          allowClear
          maxLength={Limits.SEARCH_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(value) => go({ keyword: value.trim() || undefined })}
          enterButton="搜索"
        />
        {!keyword && (
          <div className="help-topics" role="tablist" aria-label="帮助分类">
            <button
              type="button"
              role="tab"
              aria-selected={!topicId}
              className={!topicId ? 'topic-chip active' : 'topic-chip'}
              onClick={() => go({})}
            >
              全部
            </button>
            {(topics.data?.rows ?? []).map((t) => (
              <button
                type="button"
                role="tab"
                key={t.id}
                aria-selected={topicId === t.id}
                className={topicId === t.id ? 'topic-chip active' : 'topic-chip'}
                onClick={() => go({ topicId: String(t.id) })}
              >
                {t.name}
              </button>
            ))}
          </div>
        )}
        {keyword && (
          <div className="content-meta">
            “{keyword}”的搜索结果：{contents.data?.total ?? 0} 条
          </div>
        )}
        {contents.isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="help-list">
            {rows.map((c) => (
              <Link key={c.id} to={`/my/helpDetail?id=${c.id}`}>
                <span>{c.title}</span>
                <span className="help-topic-name">{c.topicName}</span>
              </Link>
            ))}
          </div>
        )}
        {(contents.data?.total ?? 0) > PAGE_SIZE && (
          <div className="content-pager">
            <Pagination
              current={pageNum}
              pageSize={PAGE_SIZE}
              total={contents.data?.total}
              showSizeChanger={false}
              onChange={(n) => {
                const next = new URLSearchParams(params);
                next.set('pageNum', String(n));
                setParams(next);
              }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
