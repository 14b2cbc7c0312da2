import { TextbookList } from '../textbook/TextbookList';

/** textbook-search: the textbook list searched by a keyword (with the same filters). */
export default function TextbookSearchPage() {
  return <TextbookList searchMode />;
}
