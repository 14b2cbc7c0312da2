import type { LoaderFunctionArgs } from 'react-router';
import {
  allFieldsQuery,
  bookDetailQuery,
  bookListsQuery,
  newBooksQuery,
  recommendedQuery,
  sectionTreeQuery,
  textbookParams,
  textbooksQuery,
} from '../api/books';
import { queryClient } from '../api/queryClient';

type Prefetch = (search: URLSearchParams) => void;

/**
 * Requests of the visitor's first pages, started by the route's loader: React Router runs it alongside the
 * download of the page's lazy chunk, so the data is on its way (or cached) by the time the page renders,
 * instead of being asked for only after the chunk arrived. Same query options as the pages' hooks.
 */
const PREFETCH = {
  home: () => {
    void queryClient.prefetchQuery(recommendedQuery(6));
    void queryClient.prefetchQuery(newBooksQuery(6));
    void queryClient.prefetchQuery(bookListsQuery({ pageNum: 1, pageSize: 3 }));
  },
  textbook: (search) => {
    void queryClient.prefetchQuery(allFieldsQuery());
    void queryClient.prefetchQuery(textbooksQuery(textbookParams(search, false)));
  },
  textbookSearch: (search) => {
    void queryClient.prefetchQuery(allFieldsQuery());
    void queryClient.prefetchQuery(textbooksQuery(textbookParams(search, true)));
  },
  bookDetail: (search) => {
    const id = Number(search.get('id') ?? search.get('bookId')) || 0;
    if (id <= 0) return;
    void queryClient.prefetchQuery(bookDetailQuery(id));
    void queryClient.prefetchQuery(sectionTreeQuery(id));
  },
} satisfies Record<string, Prefetch>;

export type PrefetchName = keyof typeof PREFETCH;

/** A route loader that starts the page's requests and does not wait for them. */
export function prefetchLoader(name: PrefetchName) {
  return ({ request }: LoaderFunctionArgs) => {
    PREFETCH[name](new URL(request.url).searchParams);
    return null;
  };
}
