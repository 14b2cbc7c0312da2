import { useMemo, useState } from 'react';
import { Input, Pagination, Segmented, Tag, Tree, Typography } from 'antd';
import type { DictNode } from '@textbook/contracts';
import { Limits, Msg } from '@textbook/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { textbookParams, useAllFields, useTextbooks } from '../../api/books';
import { BookGrid, BookGridSkeleton } from '../../components/Books/BookCard';
import { EmptyState } from '../../components/Empty/EmptyState';

const SORTS = [
  { value: 'newest', label: '最新上架' },
  { value: 'title', label: '书名' },
  { value: 'popular', label: '最受欢迎' },
];

type TreeData = { key: string; title: string; children: TreeData[] };
const toTree = (nodes: DictNode[]): TreeData[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.label, children: toTree(n.children) }));

/**
 * The textbook list (textbook) and its search (textbook-search): subject tree, collection chips, sort,
 * paging; everything lives in the address so a list can be shared and the back button works.
 */
export function TextbookList({ searchMode }: { searchMode: boolean }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const fields = useAllFields();
  const query = textbookParams(params, searchMode);
  const { subjectId, collectionId, sort, pageNum, pageSize } = query;
  const keyword = params.get('keyword') ?? '';
  const { data, isFetching } = useTextbooks(query);
  const treeData = useMemo(() => toTree(fields.data?.subjects ?? []), [fields.data]);
  // On a phone the subject tree starts folded (the books come first); the chosen subject shows in its title.
  // The tree is rendered only while open: a phone's first view does not pay for a widget it does not show.
  const [subjectsOpen, setSubjectsOpen] = useState(() => !window.matchMedia('(max-width: 768px)').matches);
  const subjectName = useMemo(() => {
    const find = (nodes: DictNode[]): string =>
      nodes.reduce((found, n) => found || (String(n.id) === subjectId ? n.label : find(n.children)), '');
    return find(fields.data?.subjects ?? []);
  }, [fields.data, subjectId]);

  const update = (next: Record<string, string | number>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === '' || v === undefined) merged.delete(k);
      else merged.set(k, String(v));
    }
    if (!('pageNum' in next)) merged.delete('pageNum');
    setParams(merged);
  };
  const search = (text: string) => {
    const value = text.trim();
    const next = new URLSearchParams(params);
    next.delete('pageNum');
    if (value) next.set('keyword', value);
    else next.delete('keyword');
    navigate(`${value ? '/textbook-search' : '/textbook'}?${next.toString()}`);
  };

  return (
    <div className="container page-section">
      <Typography.Title level={3}>{searchMode ? `教材搜索：${keyword}` : '教材'}</Typography.Title>
      <div className="catalog-layout">
        <aside className="catalog-side" data-testid="subject-tree">
          <details open={subjectsOpen} onToggle={(e) => setSubjectsOpen(e.currentTarget.open)}>
            <summary>
              <h3>学科{subjectName ? `：${subjectName}` : ''}</h3>
            </summary>
            {/* Mounted once the subjects are known, so that every level starts expanded. */}
            {subjectsOpen && fields.data && (
              <Tree
                treeData={treeData}
                selectedKeys={subjectId ? [subjectId] : []}
                defaultExpandAll
                blockNode
                onSelect={(keys) => update({ subjectId: keys[0] ? String(keys[0]) : '' })}
              />
            )}
            {subjectId && (
              <a className="block-more" onClick={() => update({ subjectId: '' })}>
                全部学科
              </a>
            )}
          </details>
        </aside>
        <div className="catalog-main">
          <div className="chip-row" data-testid="collection-filter">
            <span className="chip-label">丛书</span>
            <Tag.CheckableTag checked={!collectionId} onChange={() => update({ collectionId: '' })}>
              全部
            </Tag.CheckableTag>
            {fields.data?.collections.map((c) => (
              <Tag.CheckableTag
                key={c.id}
                checked={collectionId === String(c.id)}
                onChange={(on) => update({ collectionId: on ? c.id : '' })}
              >
                {c.label}
              </Tag.CheckableTag>
            ))}
          </div>
          <div className="catalog-toolbar" style={{ marginTop: 16 }}>
            <Segmented value={sort} options={SORTS} onChange={(v) => update({ sort: String(v) })} />
            <Input.Search
              key={keyword}
              defaultValue={keyword}
              allowClear
              maxLength={Limits.SEARCH_MAX}
              placeholder="在教材中搜索（书名、作者、拼音首字母）"
              onSearch={search}
              style={{ maxWidth: 340 }}
              aria-label="在教材中搜索"
            />
          </div>
          {data && <div className="result-count">共 {data.total} 本教材</div>}
          <div style={{ marginTop: 16, opacity: isFetching ? 0.6 : 1 }}>
            {!data ? (
              <BookGridSkeleton count={8} />
            ) : data.rows.length ? (
              <BookGrid books={data.rows} />
            ) : (
              <EmptyState description={searchMode ? Msg.EMPTY_SEARCH : Msg.EMPTY} />
            )}
          </div>
          {data && data.total > pageSize && (
            <div className="pager">
              <Pagination
                current={pageNum}
                pageSize={pageSize}
                total={data.total}
                showSizeChanger
                pageSizeOptions={[10, 20, 50, 100]}
                onChange={(page, size) => update({ pageNum: page, pageSize: size })}
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
