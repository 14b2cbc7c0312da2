import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookAccess,
  BookPage,
  BookmarkBody,
  ReaderBookmark,
  ChapterContent,
  ChapterRead,
  CollectBook,
  NoteBody,
  NoteUpdateBody,
  Paged,
  ReaderNote,
  ReadingPosition,
  SectionNode,
  ShelfBook,
  SpineChapter,
  ShelfSourceName,
  TextAnchor,
  TransResult,
} from '@textbook/contracts';
import { CLIENT_HEADER, ClientKind } from '@textbook/contracts';
import { api } from './index';
import { hasSession } from '../stores/token';

export type { SpineChapter };

export const readerKeys = {
  access: (bookId: number) => ['reader', 'access', bookId] as const,
  tree: (bookId: number) => ['reader', 'tree', bookId] as const,
  spine: (bookId: number) => ['reader', 'spine', bookId] as const,
  chapter: (bookId: number, chapterId: number) => ['reader', 'chapter', bookId, chapterId] as const,
  notes: (bookId: number) => ['reader', 'notes', bookId] as const,
  bookmarks: (bookId: number) => ['reader', 'bookmarks', bookId] as const,
  pages: (bookId: number) => ['reader', 'pages', bookId] as const,
  shelf: ['shelf'] as const,
  collect: ['collect'] as const,
};

/** The read decision and what the caller may do with the book (`enabled: false`: not asked, e.g. a visitor). */
export const useBookAccess = (bookId: number, enabled = true) =>
  useQuery({
    queryKey: readerKeys.access(bookId),
    queryFn: () => api.get<BookAccess>('/api/book/readAccess', { bookId }, { silent: true }),
    enabled: enabled && bookId > 0,
  });

export const useSectionTree = (bookId: number) =>
  useQuery({
    queryKey: readerKeys.tree(bookId),
    queryFn: () => api.get<SectionNode[]>('/api/book/sectionTree', { bookId }),
    staleTime: 300_000,
  });

/** A book's print pages (none for a book without them). */
export const useBookPages = (bookId: number) =>
  useQuery({
    queryKey: readerKeys.pages(bookId),
    queryFn: () => api.get<BookPage[]>('/api/book/pages', { bookId }, { silent: true }),
    staleTime: 300_000,
    enabled: bookId > 0,
  });

export const useSpine = (bookId: number) =>
  useQuery({
    queryKey: readerKeys.spine(bookId),
    queryFn: () => api.get<SpineChapter[]>('/api/reader/spine', { bookId }),
    staleTime: 300_000,
  });

/** A chapter; refusals (401 visitor, 403, 502 other college) come back as the envelope for the page to show. */
export function fetchChapter(bookId: number, chapterId: number) {
  return api.request<ChapterContent>('GET', '/api/book/chapter', { params: { bookId, chapterId }, silent: true });
}

export const useNotes = (bookId: number, enabled: boolean) =>
  useQuery({
    queryKey: readerKeys.notes(bookId),
    queryFn: () => api.get<ReaderNote[]>('/api/reader/note/detail', { bookId }),
    enabled,
  });

/** The member's bookmarks of a book (asked when the bookmarks panel first opens). */
export const useBookmarks = (bookId: number, enabled: boolean) =>
  useQuery({
    queryKey: readerKeys.bookmarks(bookId),
    queryFn: () => api.get<ReaderBookmark[]>('/api/reader/bookmark/list', { bookId }),
    enabled,
  });
export const addBookmark = (body: BookmarkBody) => api.post<ReaderBookmark>('/api/reader/bookmark/add', body);
export const deleteBookmark = (id: number) => api.post<null>(`/api/reader/bookmark/delete/${id}`, {});

type CallOptions = { silent?: boolean | 'toasts' };
export const addNote = (body: NoteBody, opts?: CallOptions) => api.post<ReaderNote>('/api/reader/note/add', body, opts);
export const updateNote = (id: number, body: NoteUpdateBody, opts?: CallOptions) =>
  api.post<ReaderNote>(`/api/reader/note/update/${id}`, body, opts);
export const deleteNote = (id: number, opts?: CallOptions) =>
  api.post<null>(`/api/reader/note/delete/${id}`, undefined, opts);

export const getPosition = (bookId: number) =>
  api.get<ReadingPosition | null>('/api/book/extend/getPosition', { bookId }, { silent: true });

export interface LeavePayload {
  bookId: number;
  chapterId: number;
  anchor: TextAnchor;
  /** The chapters seen in this session and how far (the server works the book's progress out from them). */
  reads: ChapterRead[];
  seconds: number;
}

/** Records the position; on page hide it must outlive the page, so it is sent with `keepalive`. */
export function leave(payload: LeavePayload, keepalive = false): void {
  if (!hasSession()) return;
  if (keepalive) {
    void fetch('/api/book/extend/leave', {
      method: 'POST',
      keepalive: true,
      // The session cookie goes with it; the client header is the CSRF proof of a cookie write.
      headers: { 'content-type': 'application/json', [CLIENT_HEADER]: ClientKind.MEMBER },
      body: JSON.stringify(payload),
    }).catch(() => {});
    return;
  }
  api.post('/api/book/extend/leave', payload, { silent: true }).catch(() => {});
}

export const translate = (text: string) => api.get<TransResult>('/api/reader/trans', { text }, { silent: true });

export const reportError = (body: { bookId: number; chapterId: number; quote: string; content: string }) =>
  api.post<null>('/api/error/feedback/add', body);

export function useShelf(query: { pageNum: number; pageSize: number; source?: ShelfSourceName; keyword?: string }) {
  return useQuery({
    queryKey: [...readerKeys.shelf, query],
    queryFn: () => api.get<Paged<ShelfBook>>('/api/shelfBook/page', query),
    placeholderData: keepPreviousData,
  });
}

export function useFavourites(query: { pageNum: number; pageSize: number; keyword?: string }) {
  return useQuery({
    queryKey: [...readerKeys.collect, query],
    queryFn: () => api.get<Paged<CollectBook>>('/api/bookCollect/page', query),
    placeholderData: keepPreviousData,
  });
}

export function useInvalidateShelf() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: readerKeys.shelf });
    void client.invalidateQueries({ queryKey: readerKeys.collect });
    void client.invalidateQueries({ queryKey: ['reader', 'access'] });
  };
}

export const removeFromShelf = (bookId: number) =>
  api.post<{ removed: boolean; remaining: number }>('/api/shelfBook/deleteOnDetail', { bookId });
export const addFreeToShelf = (bookId: number) => api.post<null>('/api/book/shelfBook', { bookId });
export const star = (bookId: number) => api.post<null>('/api/book/markBook', { bookId });
export const unstar = (bookId: number) => api.post<null>('/api/book/cancelStar', { bookId });

/** Saves a downloaded file under its server-given name (the reader's note export imports it from here). */
export { saveFile } from '../kit/download';
