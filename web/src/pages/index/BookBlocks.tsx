import { Link } from 'react-router';
import { useBookLists, useNewBooks, useRecommended } from '../../api/books';
import { BookGrid, BookGridSkeleton } from '../../components/Books/BookCard';
import { BookListCard } from '../../components/Books/BookListCard';

function Block({ title, more, children }: { title: string; more: string; children: React.ReactNode }) {
  return (
    <section className="container page-section home-block">
      <div className="block-head">
        <h2>{title}</h2>
        <Link to={more} className="block-more">
          查看更多 ›
        </Link>
      </div>
      {children}
    </section>
  );
}

/** The home page's catalogue blocks: recommended books, new books and book lists (plain elements). */
export function BookBlocks() {
  const recommended = useRecommended(6);
  const fresh = useNewBooks(6);
  const lists = useBookLists({ pageNum: 1, pageSize: 3 });
  return (
    <>
      <Block title="推荐教材" more="/textbook">
        {recommended.data ? <BookGrid books={recommended.data} /> : <BookGridSkeleton count={6} />}
      </Block>
      <Block title="新书上架" more="/textbook?sort=newest">
        {fresh.data ? <BookGrid books={fresh.data} /> : <BookGridSkeleton count={6} />}
      </Block>
      <Block title="精选书单" more="/booklist">
        <div className="booklist-grid">
          {lists.data?.rows.map((l) => (
            <BookListCard key={l.id} list={l} />
          ))}
        </div>
      </Block>
    </>
  );
}
