import '../../styles/books.css';
import { Input, Pagination, Typography } from 'antd';
import { bookHref, Limits, Msg } from '@textbook/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBookSearch } from '../../api/books';
import { EmptyState } from '../../components/Empty/EmptyState';
import { searchHref } from '../../components/Header/SearchBox';

const ADVANCED = ['title', 'author', 'isbn', 'publisher', 'subjectId', 'collectionId', 'year'] as const;
const PAGE_SIZE = 10;
/** Pinyin initials (gdsx) match titles, not the text inside books: no in-book search for them. */
const PINYIN = /^[a-zA-Z]{2,40}$/;

/** search-result: ranked hits with the matched words highlighted; each opens the book or searches inside it. */
export default function SearchResultPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const searchText = (params.get('searchText') ?? '').slice(0, Limits.SEARCH_MAX);
  const type = params.get('type') === '1' ? 1 : 0;
  const name = params.get('name') || searchText;
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const query: Record<string, string | number> = { searchText, type, pageNum, pageSize: PAGE_SIZE };
  if (type === 1) for (const k of ADVANCED) if (params.get(k)) query[k] = params.get(k)!;
  const enabled = Boolean(searchText) || (type === 1 && ADVANCED.some((k) => params.get(k)));
  const { data, isFetching } = useBookSearch(query, enabled);
  return (
    <div className="container page-section">
      <div className="catalog-toolbar">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {type === 1 ? '高级搜索' : '搜索'}
          {name && name !== '高级搜索' ? `：${name}` : ''}
        </Typography.Title>
        <div className="chip-row">
          <Input.Search
            key={searchText}
            defaultValue={searchText}
            maxLength={Limits.SEARCH_MAX}
            placeholder="书名、作者、ISBN 或拼音首字母"
            aria-label="重新搜索"
            style={{ width: 320 }}
            onSearch={(text) => text.trim() && navigate(searchHref(text.trim()))}
          />
          <Link to="/search?type=1" className="block-more">
            高级搜索
          </Link>
        </div>
      </div>
      <div className="panel" style={{ opacity: isFetching ? 0.6 : 1 }}>
        {data && <div className="result-count">共找到 {data.total} 本教材</div>}
        {!enabled || (data && !data.rows.length) ? (
          <EmptyState description={Msg.EMPTY_SEARCH} />
        ) : (
          <div className="hit-list" data-testid="search-hits">
            {data?.rows.map((hit) => (
              <div className="hit" key={hit.id}>
                <Link to={bookHref(hit.id)} className="book-cover">
                  {hit.cover && <img src={hit.cover} alt={hit.title} loading="lazy" />}
                </Link>
                <div>
                  <Link to={bookHref(hit.id)} className="hit-title" data-testid="hit-title">
                    <span dangerouslySetInnerHTML={{ __html: hit.titleHighlight }} />
                  </Link>
                  <div className="hit-meta">
                    {[hit.authors, hit.publisher, hit.pubYear, hit.subjectName].filter(Boolean).join(' · ')}
                    {hit.isbn && <div>ISBN {hit.isbn}</div>}
                  </div>
                  {searchText &&
                    !(PINYIN.test(searchText) && !hit.title.toLowerCase().includes(searchText.toLowerCase())) && (
                      <div className="hit-actions">
                        <Link
                          to={`/search-result-detail?bookId=${hit.id}&searchText=${encodeURIComponent(searchText)}`}
                        >
                          在书中查找“{searchText}” ›
                        </Link>
                      </div>
                    )}
                </div>
              </div>
            ))}
          </div>
        )}
        {data && data.total > PAGE_SIZE && (
          <div className="pager">
            <Pagination
              current={pageNum}
              pageSize={PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={(page) => {
                const next = new URLSearchParams(params);
                next.set('pageNum', String(page));
                setParams(next);
              }}
            />
          </div>
        )}
      </div>
    </div>
  );
}
