import { useSearchParams } from 'react-router';
import { BROWSE_BY, BrowseGroups, type BrowseKey } from './BrowseGroups';
import { TextbookList } from './TextbookList';

const isBrowseKey = (key: string | null): key is BrowseKey => key !== null && key in BROWSE_BY;

/**
 * textbook: every published textbook, filtered by subject and collection, sorted and paged; with the search
 * panel's conditionKey (and no condition chosen yet) the books grouped by subject or collection.
 */
export default function TextbookPage() {
  const [params] = useSearchParams();
  const key = params.get('conditionKey');
  if (isBrowseKey(key) && !params.get('subjectId') && !params.get('collectionId')) return <BrowseGroups by={key} />;
  return <TextbookList searchMode={false} />;
}
