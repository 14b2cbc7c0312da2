import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export const useRecommended = (limit = 8) =>
  useQuery({ queryKey: bookKeys.recommend, queryFn: () => api.get<BookCard[]>('/api/book/recommend', { limit }) });
export const useNewBooks = (limit = 8) =>
  useQuery({ queryKey: bookKeys.fresh, queryFn: () => api.get<BookCard[]>('/api/book/new', { limit }) });
export const useAllFields = () =>
  useQuery({
    queryKey: bookKeys.fields,
    queryFn: () => api.get<AllFields>('/api/book/all/field'),
    staleTime: 60_000,
  });

/** The textbook list (textbook, textbook-search). */
export const useTextbooks = (params: Params) =>
  useQuery({
    queryKey: bookKeys.list(params),
    queryFn: () => api.get<Paged<BookCard>>('/api/book/list', params),
    placeholderData: keepPreviousData,
  });

/** search-result: normal (type 0) or advanced (type 1). Disabled while there is nothing to search. */
export const useBookSearch = (params: Params, enabled: boolean) =>
  useQuery({
    queryKey: bookKeys.search(params),
    queryFn: () => api.get<Paged<BookSearchHit>>('/api/book/search', params),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useBookDetail = (id: number) =>
  useQuery({
    queryKey: bookKeys.detail(id),
    queryFn: () => api.get<BookDetail>(`/api/book/detail/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
export const useSectionTree = (id: number) =>
  useQuery({
    queryKey: bookKeys.tree(id),
    queryFn: () => api.get<SectionNode[]>('/api/book/sectionTree', { bookId: id }, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
export const useInBookSearch = (id: number, q: string) =>
  useQuery({
    queryKey: bookKeys.inBook(id, q),
    queryFn: () =>
      api.get<{ rows: InBookHit[]; total: number }>('/api/book/searchInBook', { bookId: id, q, limit: 100 }),
    enabled: id > 0 && q.length > 0,
  });

export const useBookLists = (params: Params) =>
  useQuery({
    queryKey: bookKeys.bookLists(params),
    queryFn: () => api.get<Paged<BookListSummary>>('/api/booklist/list', params),
    placeholderData: keepPreviousData,
  });
export const useBookListDetail = (id: number) =>
  useQuery({
    queryKey: bookKeys.bookList(id),
    queryFn: () => api.get<BookListDetail>(`/api/booklist/detail/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    retry: false,
  });

/**
 * Reader address of a chapter; `at` is an element id or the words to find there. `trial` marks a free-preview
 * link, which the route guard lets a visitor follow (members pass in any case).
 */
export function readerHref(bookId: number, chapterId: number, at = '', options: { trial?: boolean } = {}): string {
  const trial = options.trial ? '&trial=1' : '';
  return `/bookPreview?bookId=${bookId}&chapterId=${chapterId}${trial}${at ? `#${encodeURIComponent(at)}` : ''}`;
}
