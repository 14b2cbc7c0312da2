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

/** The first covers a page shows (its largest paint on a phone) start downloading as soon as their address is known. */
function preloadCovers(covers: (string | null | undefined)[]): void {
  for (const href of covers) {
    if (!href || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = href;
    link.fetchPriority = 'high';
    document.head.appendChild(link);
  }
}
const FIRST_COVERS = 3;

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
    prefetchTextbooks(search, false);
  },
  textbookSearch: (search) => {
    void queryClient.prefetchQuery(allFieldsQuery());
    prefetchTextbooks(search, true);
  },
  bookDetail: (search) => {
    const id = Number(search.get('id') ?? search.get('bookId')) || 0;
    if (id <= 0) return;
    void queryClient
      .fetchQuery(bookDetailQuery(id))
      .then((book) => preloadCovers([book.cover]))
      .catch(() => undefined); // the page shows the failure
    void queryClient.prefetchQuery(sectionTreeQuery(id));
  },
} satisfies Record<string, Prefetch>;

function prefetchTextbooks(search: URLSearchParams, searchMode: boolean): void {
  void queryClient
    .fetchQuery(textbooksQuery(textbookParams(search, searchMode)))
    .then((page) => preloadCovers(page.rows.slice(0, FIRST_COVERS).map((b) => b.cover)))
    .catch(() => undefined);
}

export type PrefetchName = keyof typeof PREFETCH;

/** A route loader that starts the page's requests and does not wait for them. */
export function prefetchLoader(name: PrefetchName) {
  return ({ request }: LoaderFunctionArgs) => {
    PREFETCH[name](new URL(request.url).searchParams);
    return null;
  };
}
