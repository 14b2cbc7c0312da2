import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeItem, Paged } from '@textbook/contracts';
import { api } from './index';
import { memberKeys } from './member';

export const noticeKeys = {
  page: (args: NoticeArgs) => ['member', 'notices', args] as const,
  books: ['member', 'notices', 'books'] as const,
};

export interface NoticeArgs {
  type?: string;
  bookId?: number;
  pageNum: number;
  pageSize: number;
}

export function useNotices(args: NoticeArgs, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.page(args),
    queryFn: () => api.get<Paged<NoticeItem>>('/api/msg-notice/page', { ...args }),
    enabled,
    placeholderData: keepPreviousData,
    // A notice pushed while the page is open shows up on the next look.
    refetchOnWindowFocus: 'always',
  });
}

export function useNoticeBooks(enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.books,
    queryFn: () => api.get<{ id: number; bookName: string }[]>('/api/msg-notice/getAllBooks'),
    enabled,
  });
}

/** Marks one notice or all read; the badge takes the count the server answers. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { id: number } | { all: true }) => api.post<number>('/api/msg-notice/read', target),
    onSuccess: (unread) => {
      client.setQueryData([...memberKeys.unread, true], unread);
      void client.invalidateQueries({ queryKey: ['member', 'notices'] });
    },
  });
}
