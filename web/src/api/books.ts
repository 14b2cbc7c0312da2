import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BookCard,
  BookDetail,
  BookListDetail,
  BookListSummary,
  BookSearchHit,
  DictNode,
  InBookHit,
  Paged,
  SectionNode,
} from '@textbook/contracts';
import { Limits } from '@textbook/contracts';
import type { Params } from './client';
import { api } from './index';

export const bookKeys = {
  recommend: ['books', 'recommend'] as const,
  fresh: ['books', 'new'] as const,
  fields: ['books', 'fields'] as const,
  list: (p: Params) => ['books', 'list', p] as const,
  search: (p: Params) => ['books', 'search', p] as const,
  detail: (id: number) => ['books', 'detail', id] as const,
  tree: (id: number) => ['books', 'tree', id] as const,
  inBook: (id: number, q: string) => ['books', 'inBook', id, q] as const,
  bookLists: (p: Params) => ['booklists', p] as const,
  bookList: (id: number) => ['booklists', 'detail', id] as const,
};

export interface AllFields {
  subjects: DictNode[];
  collections: DictNode[];
  years: number[];
  publishers: string[];
  sorts: { value: string; label: string }[];
}

// Query options shared by the hooks and the route loaders (router/prefetch.ts), which start a page's requests
// while its code is still loading.
export const recommendedQuery = (limit = 8) =>
  queryOptions({ queryKey: bookKeys.recommend, queryFn: () => api.get<BookCard[]>('/api/book/recommend', { limit }) });
export const newBooksQuery = (limit = 8) =>
  queryOptions({ queryKey: bookKeys.fresh, queryFn: () => api.get<BookCard[]>('/api/book/new', { limit }) });
export const allFieldsQuery = () =>
  queryOptions({
    queryKey: bookKeys.fields,
    queryFn: () => api.get<AllFields>('/api/book/all/field'),
    staleTime: 60_000,
  });
export const textbooksQuery = (params: Params) =>
  queryOptions({
    queryKey: bookKeys.list(params),
    queryFn: () => api.get<Paged<BookCard>>('/api/book/list', params),
  });
export const bookDetailQuery = (id: number) =>
  queryOptions({
    queryKey: bookKeys.detail(id),
    queryFn: () => api.get<BookDetail>(`/api/book/detail/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
export const sectionTreeQuery = (id: number) =>
  queryOptions({
    queryKey: bookKeys.tree(id),
    queryFn: () => api.get<SectionNode[]>('/api/book/sectionTree', { bookId: id }, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
export const bookListsQuery = (params: Params) =>
  queryOptions({
    queryKey: bookKeys.bookLists(params),
    queryFn: () => api.get<Paged<BookListSummary>>('/api/booklist/list', params),
  });

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The textbook list's query from its address (textbook, textbook-search). */
export function textbookParams(search: URLSearchParams, searchMode: boolean) {
  return {
    subjectId: search.get('subjectId') ?? '',
    collectionId: search.get('collectionId') ?? '',
    sort: search.get('sort') ?? 'newest',
    keyword: searchMode ? (search.get('keyword') ?? '') : '',
    pageNum: positive(search.get('pageNum'), 1),
    pageSize: Math.min(positive(search.get('pageSize'), 20), Limits.PAGE_SIZE_MAX),
  };
}

export const useRecommended = (limit = 8) => useQuery(recommendedQuery(limit));
export const useNewBooks = (limit = 8) => useQuery(newBooksQuery(limit));
export const useAllFields = () => useQuery(allFieldsQuery());

/** The textbook list (textbook, textbook-search). */
export const useTextbooks = (params: Params) =>
  useQuery({ ...textbooksQuery(params), placeholderData: keepPreviousData });

/** search-result: normal (type 0) or advanced (type 1). Disabled while there is nothing to search. */
export const useBookSearch = (params: Params, enabled: boolean) =>
  useQuery({
    queryKey: bookKeys.search(params),
    queryFn: () => api.get<Paged<BookSearchHit>>('/api/book/search', params),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useBookDetail = (id: number) => useQuery(bookDetailQuery(id));
export const useSectionTree = (id: number) => useQuery(sectionTreeQuery(id));
export const useInBookSearch = (id: number, q: string) =>
  useQuery({
    queryKey: bookKeys.inBook(id, q),
    queryFn: () =>
      api.get<{ rows: InBookHit[]; total: number }>('/api/book/searchInBook', { bookId: id, q, limit: 100 }),
    enabled: id > 0 && q.length > 0,
  });

export const useBookLists = (params: Params) =>
  useQuery({ ...bookListsQuery(params), placeholderData: keepPreviousData });
export const useBookListDetail = (id: number) =>
  useQuery({
    queryKey: bookKeys.bookList(id),
    queryFn: () => api.get<BookListDetail>(`/api/booklist/detail/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
