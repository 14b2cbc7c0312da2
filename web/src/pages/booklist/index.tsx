import { BookLists } from './BookLists';

export default function BooklistPage() {
  return <BookLists searchMode={false} />;
}
