import { useMemo, useState } from 'react';
import type { DictNode } from '@textbook/contracts';
import { Limits, Msg } from '@textbook/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { textbookParams, useAllFields, useTextbooks } from '../../api/books';
import { BookGrid, BookGridSkeleton } from '../../components/Books/BookCard';
import { Chip } from '../../ui/Chip';
import { plainClick } from '../../ui/plainClick';
import { Empty } from '../../ui/Empty';
import { Pager } from '../../ui/Pager';
import { Segmented } from '../../ui/Segmented';
import { Tree, type TreeNode } from '../../ui/Tree';

const SORTS = [
  { value: 'newest', label: '最新上架' },
  { value: 'title', label: '书名' },
  { value: 'popular', label: '最受欢迎' },
];

const toTree = (nodes: DictNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: String(n.id), label: n.label, children: toTree(n.children) }));

/**
 * The textbook list (textbook) and its search (textbook-search): subject tree, collection chips, sort,
 * paging; everything lives in the address so a list can be shared and the back button works. Drawn with the
 * light controls of ui/ (no antd), in the markup of the server's page (server/src/prerender/pages.ts), so that
 * nothing moves when the app replaces it.
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
  // The server's page this first render replaces may have been unfolded by a tap before the app ran (the browser
  // opens a summary itself): it stays as the reader left it, not folded again under their finger.
  const [subjectsOpen, setSubjectsOpen] = useState(() => {
    if (!window.matchMedia('(max-width: 768px)').matches) return true;
    return document.querySelector<HTMLDetailsElement>('[data-testid=subject-tree] details')?.open ?? false;
  });
  const subjectName = useMemo(() => {
    const find = (nodes: DictNode[]): string =>
      nodes.reduce((found, n) => found || (String(n.id) === subjectId ? n.label : find(n.children)), '');
    return find(fields.data?.subjects ?? []);
  }, [fields.data, subjectId]);

  /** The address with some conditions changed; a changed condition starts again at page 1. */
  const merge = (next: Record<string, string | number>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === '' || v === undefined) merged.delete(k);
      else merged.set(k, String(v));
    }
    if (!('pageNum' in next)) merged.delete('pageNum');
    return merged;
  };
  const href = (next: Record<string, string | number>) => `?${merge(next).toString()}`;
  const update = (next: Record<string, string | number>) => setParams(merge(next));
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
      <h3 className="prerender-title">{searchMode ? `教材搜索：${keyword}` : '教材'}</h3>
      <div className="catalog-layout">
        <aside className="catalog-side" data-testid="subject-tree">
          <details open={subjectsOpen} onToggle={(e) => setSubjectsOpen(e.currentTarget.open)}>
            <summary>
              <h3>学科{subjectName ? `：${subjectName}` : ''}</h3>
            </summary>
            {/* Mounted once the subjects are known, so that every level starts expanded. */}
            {subjectsOpen && fields.data && (
              <Tree
                nodes={treeData}
                selectedKey={subjectId}
                label="学科"
                href={(key) => href({ subjectId: key })}
                onSelect={(key) => update({ subjectId: key })}
              />
            )}
            {subjectId && (
              <a
                className="block-more"
                href={href({ subjectId: '' })}
                onClick={(e) => plainClick(e) && update({ subjectId: '' })}
              >
                全部学科
              </a>
            )}
          </details>
        </aside>
        <div className="catalog-main">
          <div className="chip-row" data-testid="collection-filter">
            <span className="chip-label">丛书</span>
            <Chip checked={!collectionId} href={href({ collectionId: '' })} onPick={() => update({ collectionId: '' })}>
              全部
            </Chip>{' '}
            {fields.data?.collections.map((c) => {
              // A second click on the chosen collection clears it.
              const next = collectionId === String(c.id) ? '' : c.id;
              return (
                <Chip
                  key={c.id}
                  checked={collectionId === String(c.id)}
                  href={href({ collectionId: next })}
                  onPick={() => update({ collectionId: next })}
                >
                  {c.label}
                </Chip>
              );
            })}
          </div>
          <div className="catalog-toolbar" style={{ marginTop: 16 }}>
            <Segmented label="排序" value={sort} options={SORTS} onChange={(v) => update({ sort: v })} />
            <form
              className="search-box prerender-list-search"
              role="search"
              onSubmit={(e) => {
                e.preventDefault();
                search(new FormData(e.currentTarget).get('keyword')?.toString() ?? '');
              }}
            >
              <input
                key={keyword}
                type="search"
                name="keyword"
                defaultValue={keyword}
                maxLength={Limits.SEARCH_MAX}
                aria-label="在教材中搜索"
                placeholder="在教材中搜索（书名、作者、拼音首字母）"
              />
              <button type="submit">搜索</button>
            </form>
          </div>
          {data && <div className="result-count">共 {data.total} 本教材</div>}
          <div style={{ marginTop: 16, opacity: isFetching ? 0.6 : 1 }}>
            {!data ? (
              <BookGridSkeleton count={8} />
            ) : data.rows.length ? (
              <BookGrid books={data.rows} />
            ) : (
              <Empty description={searchMode ? Msg.EMPTY_SEARCH : Msg.EMPTY} />
            )}
          </div>
          {data && data.total > pageSize && (
            <Pager
              current={pageNum}
              pages={Math.ceil(data.total / pageSize)}
              href={(page) => href({ pageNum: page })}
              onChange={(page) => update({ pageNum: page })}
            />
          )}
        </div>
      </div>
    </div>
  );
}
