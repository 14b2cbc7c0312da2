import { Link } from 'react-router';
import type { DictNode } from '@textbook/contracts';
import { useAllFields, useTextbooks } from '../../api/books';
import { BookGrid, BookGridSkeleton } from '../../components/Books/BookCard';

/** The search panel's browse links: /textbook?conditionKey=1 (by subject) and 4 (by collection), spec §2. */
export const BROWSE_BY = { '1': 'subjectId', '4': 'collectionId' } as const;
export type BrowseKey = keyof typeof BROWSE_BY;
const TITLE: Record<BrowseKey, string> = { '1': '按学科浏览', '4': '按丛书浏览' };
/** Books shown per group; the group's link opens the whole list filtered by it. */
const PER_GROUP = 6;

function Group({ by, node }: { by: BrowseKey; node: DictNode }) {
  const field = BROWSE_BY[by];
  const { data } = useTextbooks({
    [field]: String(node.id),
    sort: 'newest',
    keyword: '',
    pageNum: 1,
    pageSize: PER_GROUP,
  });
  // A subject or collection with no published book is not a group to browse.
  if (data && !data.total) return null;
  const headingId = `browse-${field}-${node.id}`;
  return (
    <section className="browse-group" aria-labelledby={headingId} data-testid="browse-group">
      <div className="block-head">
        <h2 id={headingId}>{node.label}</h2>
        <Link to={`/textbook?${field}=${node.id}`} className="block-more">
          {data ? `全部 ${data.total} 本 ›` : '全部 ›'}
        </Link>
      </div>
      {data ? <BookGrid books={data.rows} /> : <BookGridSkeleton count={PER_GROUP} />}
    </section>
  );
}

/** The textbooks grouped by top-level subject or by collection, each group's newest books first. */
export function BrowseGroups({ by }: { by: BrowseKey }) {
  const fields = useAllFields();
  const nodes = (by === '1' ? fields.data?.subjects : fields.data?.collections) ?? [];
  return (
    <div className="container page-section browse-page">
      <h3 className="prerender-title">{TITLE[by]}</h3>
      {!fields.data ? <BookGridSkeleton count={PER_GROUP} /> : null}
      {nodes.map((node) => (
        <Group key={node.id} by={by} node={node} />
      ))}
    </div>
  );
}
