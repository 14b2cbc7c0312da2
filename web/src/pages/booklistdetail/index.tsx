import { Breadcrumb, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useBookListDetail } from '../../api/books';
import { BookGrid, BookGridSkeleton } from '../../components/Books/BookCard';
import { EmptyState } from '../../components/Empty/EmptyState';
import { NotFound } from '../../components/Empty/NotFound';

/** booklistdetail?id=: one book list with its books. */
export default function BooklistdetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data, isError } = useBookListDetail(id);
  if (!id || isError) return <NotFound />;
  return (
    <div className="container page-section">
      <Breadcrumb items={[{ title: <Link to="/booklist">书单</Link> }, { title: data?.name ?? '…' }]} />
      <div className="panel" style={{ marginTop: 16 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {data?.name}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{data?.description}</Typography.Paragraph>
        {!data ? <BookGridSkeleton /> : data.books.length ? <BookGrid books={data.books} /> : <EmptyState />}
      </div>
    </div>
  );
}
