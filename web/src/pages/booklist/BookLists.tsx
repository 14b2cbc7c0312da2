import { Input, Pagination, Typography } from 'antd';
import { Limits, Msg } from '@textbook/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { useBookLists } from '../../api/books';
import { BookListCard } from '../../components/Books/BookListCard';
import { EmptyState } from '../../components/Empty/EmptyState';

const PAGE_SIZE = 12;

/** booklist (every published list) and booksearch (lists whose name or books match the keyword). */
export function BookLists({ searchMode }: { searchMode: boolean }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const keyword = searchMode ? (params.get('keyword') ?? '') : '';
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const { data } = useBookLists({ keyword, pageNum, pageSize: PAGE_SIZE });
  return (
    <div className="container page-section">
      <div className="catalog-toolbar">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {searchMode ? (keyword ? `书单搜索：${keyword}` : '书单搜索') : '书单'}
        </Typography.Title>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          maxLength={Limits.SEARCH_MAX}
          placeholder="搜索书单名称或书名"
          aria-label="搜索书单"
          style={{ maxWidth: 340 }}
          onSearch={(text) => {
            const value = text.trim();
            navigate(value ? `/booksearch?keyword=${encodeURIComponent(value)}` : '/booklist');
          }}
        />
      </div>
      {data && !data.rows.length ? (
        <EmptyState description={searchMode ? Msg.EMPTY_SEARCH : Msg.EMPTY} />
      ) : (
        <div className="booklist-grid">
          {data?.rows.map((l) => (
            <BookListCard key={l.id} list={l} />
          ))}
        </div>
      )}
      {data && data.total > PAGE_SIZE && (
        <div className="pager">
          <Pagination
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={(page) => {
              const next = new URLSearchParams(params);
              next.set('pageNum', String(page));
              setParams(next);
            }}
          />
        </div>
      )}
    </div>
  );
}
