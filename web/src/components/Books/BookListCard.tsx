import '../../styles/books.css';
import type { BookListSummary } from '@textbook/contracts';
import { Link } from 'react-router';

export const bookListHref = (id: number) => `/booklistdetail?id=${id}`;

/** A book list: up to four covers fanned out, name, description and count. Plain elements only. */
export function BookListCard({ list }: { list: BookListSummary }) {
  return (
    <Link to={bookListHref(list.id)} className="booklist-card" data-testid="booklist-card">
      <div className="booklist-covers">
        {list.covers.slice(0, 4).map((src, i) => (
          <img key={i} src={src} alt="" loading="lazy" />
        ))}
      </div>
      <div className="booklist-body">
        <div className="booklist-name">{list.name}</div>
        <div className="booklist-desc">{list.description}</div>
        <div className="booklist-count">共 {list.bookCount} 本</div>
      </div>
    </Link>
  );
}
