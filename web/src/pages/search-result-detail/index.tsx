import '../../styles/books.css';
import { Breadcrumb, Input, Typography } from 'antd';
import { bookHref, Limits, Msg } from '@textbook/contracts';
import { Link, useSearchParams } from 'react-router';
import { useBookDetail, useInBookSearch } from '../../api/books';
import { EmptyState } from '../../components/Empty/EmptyState';
import { NotFound } from '../../components/Empty/NotFound';

/**
 * search-result-detail?bookId=&searchText=: where the words occur in one book. Each snippet links into the
 * reader at that place: /bookPreview?bookId=…&chapterId=…#<words> (the reader finds and marks them).
 */
export default function SearchResultDetailPage() {
  const [params, setParams] = useSearchParams();
  const bookId = Number(params.get('bookId')) || 0;
  const searchText = (params.get('searchText') ?? '').trim().slice(0, Limits.SEARCH_MAX);
  const book = useBookDetail(bookId);
  const hits = useInBookSearch(bookId, searchText);
  if (!bookId || book.isError) return <NotFound />;
  return (
    <div className="container page-section" style={{ maxWidth: 900 }}>
      <Breadcrumb
        items={[
          { title: <Link to={`/search-result?searchText=${encodeURIComponent(searchText)}&type=0`}>搜索结果</Link> },
          { title: book.data ? <Link to={bookHref(bookId)}>{book.data.title}</Link> : '…' },
        ]}
      />
      <div className="panel" style={{ marginTop: 16 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          在《{book.data?.title ?? '…'}》中查找
        </Typography.Title>
        <Input.Search
          key={searchText}
          defaultValue={searchText}
          maxLength={Limits.SEARCH_MAX}
          aria-label="在书中查找"
          placeholder="输入要查找的文字"
          onSearch={(text) => setParams({ bookId: String(bookId), searchText: text.trim() })}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
        {hits.data && <div className="result-count">共 {hits.data.total} 处</div>}
        {!searchText || (hits.data && !hits.data.rows.length) ? (
          <EmptyState description={Msg.EMPTY_SEARCH} />
        ) : (
          <div className="hit-list" data-testid="inbook-hits">
            {hits.data?.rows.map((hit, i) => (
              <Link to={hit.link} className="hit" key={i} data-testid="inbook-hit">
                <div>
                  <div className="snippet-chapter">{hit.chapterTitle}</div>
                  <div className="hit-snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
                </div>
              </Link>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
