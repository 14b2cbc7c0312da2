import { BookLists } from '../booklist/BookLists';

export default function BooksearchPage() {
  return <BookLists searchMode />;
}
