import '../../styles/books.css';
import { bookHref, type BookCard as Book } from '@textbook/contracts';
import { Link } from 'react-router';

/**
 * A book in a grid: cover, title (optionally highlighted by the server), authors. Plain elements only. `eager`:
 * the cover loads at once (the first row is in view and often the page's largest paint), else when scrolled near.
 */
export function BookCard({ book, titleHtml, eager = false }: { book: Book; titleHtml?: string; eager?: boolean }) {
  return (
    <Link to={bookHref(book.id)} className="book-card" data-testid="book-card">
      <div className="book-cover">
        {book.cover ? (
          <img src={book.cover} alt={book.title} loading={eager ? 'eager' : 'lazy'} />
        ) : (
          <span>{book.title}</span>
        )}
      </div>
      {titleHtml ? (
        // The server escapes the title and adds only <em> around matched words.
        <div className="book-title" dangerouslySetInnerHTML={{ __html: titleHtml }} />
      ) : (
        <div className="book-title">{book.title}</div>
      )}
      <div className="book-meta">{book.authors || book.publisher}</div>
    </Link>
  );
}

/** Covers loaded at once: a phone's first two rows of the grid. */
const EAGER_COVERS = 6;

export function BookGrid({ books, titles }: { books: Book[]; titles?: Map<number, string> }) {
  return (
    <div className="book-grid">
      {books.map((b, i) => (
        <BookCard key={b.id} book={b} titleHtml={titles?.get(b.id)} eager={i < EAGER_COVERS} />
      ))}
    </div>
  );
}

/** A skeleton grid while a list loads (keeps the layout from jumping). */
export function BookGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="book-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="book-card is-loading">
          <div className="book-cover" />
          <div className="book-title">&nbsp;</div>
        </div>
      ))}
    </div>
  );
}
