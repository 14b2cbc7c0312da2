import { TextbookList } from './TextbookList';

/** textbook: every published textbook, filtered by subject and collection, sorted and paged. */
export default function TextbookPage() {
  return <TextbookList searchMode={false} />;
}
