import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem, HelpContent, HelpTopic, Paged } from '@textbook/contracts';
import { api } from './index';

export const helpKeys = {
  topics: ['help', 'topics'] as const,
  contents: (args: HelpContentArgs) => ['help', 'contents', args] as const,
  feedback: (kind: 'general' | 'error', pageNum: number) => ['member', 'feedback', kind, pageNum] as const,
};

export function useHelpTopics() {
  return useQuery({
    queryKey: helpKeys.topics,
    queryFn: () => api.get<Paged<HelpTopic>>('/api/help/topic/page', { pageSize: 999 }),
  });
}

export interface HelpContentArgs {
  topicId?: number;
  id?: number;
  keyword?: string;
  pageNum?: number;
  pageSize?: number;
}

export function useHelpContents(args: HelpContentArgs, enabled = true) {
  return useQuery({
    queryKey: helpKeys.contents(args),
    queryFn: () => api.get<Paged<HelpContent>>('/api/help/content/page', { ...args }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One visit of a help content (staff see which help is read); failures are silent. */
export function recordHelpAccess(contentId: number): void {
  api.post('/api/business/help/access/add', { contentId }, { silent: true }).catch(() => {});
}

export function useFeedbackPage(kind: 'general' | 'error', pageNum: number) {
  return useQuery({
    queryKey: helpKeys.feedback(kind, pageNum),
    queryFn: () =>
      api.get<Paged<FeedbackItem>>(kind === 'general' ? '/api/member/feedback/page' : '/api/error/feedback/page', {
        pageNum,
        pageSize: 10,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface FeedbackDraft {
  content: string;
  contact?: string;
  images?: string[];
}

export function useAddFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: FeedbackDraft) => api.post<{ id: number }>('/api/member/feedback/add', draft),
    onSuccess: () => client.invalidateQueries({ queryKey: ['member', 'feedback'] }),
  });
}

/** The reader's "report an error" action calls this (book, chapter, quoted text, what is wrong). */
export function addErrorReport(report: { bookId: number; chapterId?: number; quote?: string; content: string }) {
  return api.post<{ id: number }>('/api/error/feedback/add', report);
}

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  // silent: the duplicate-submit guard cannot tell two files apart (FormData), and the page shows the error.
  const { url } = await api.post<{ url: string }>('/api/site/image/upload', form, { silent: true });
  return url;
}
