import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, SampleApplyAnswer, SampleCheckAnswer, SampleDays, SampleRow } from '@textbook/contracts';
import { api } from './index';

export const sampleKeys = {
  all: ['samples'] as const,
  days: ['samples', 'days'] as const,
  check: (bookId: number) => ['samples', 'check', bookId] as const,
  mine: (params: object) => ['samples', 'mine', params] as const,
};

/** The server's checks for this book (spec §4): the dialog shows the answer's message, or the form on SUCCESS. */
export const checkSample = (bookId: number) =>
  api.post<SampleCheckAnswer>('/api/sample-book/check', { bookId }, { silent: true });

/** The apply call; a refusal (OVER, HAS, EXIST, …) rejects quietly with its message for the dialog to show. */
export const applySample = (body: {
  bookId: number;
  validityPeriod: string;
  userId?: number;
  collegeId?: number | null;
}) => api.post<SampleApplyAnswer>('/api/sample-book/apply', body, { silent: true });

export function useSampleDays(enabled: boolean) {
  return useQuery({
    queryKey: sampleKeys.days,
    queryFn: () => api.get<SampleDays>('/api/sample-book/days'),
    enabled,
  });
}

export function useMySamples(params: { pageNum: number; pageSize: number; state?: number }) {
  return useQuery({
    queryKey: sampleKeys.mine(params),
    queryFn: () => api.get<Paged<SampleRow>>('/api/sample-book/my', params),
  });
}

/** After an apply: the quota, the list, and the book's access (an auto-approved book is now readable). */
export function useInvalidateSamples() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: sampleKeys.all });
    void client.invalidateQueries({ queryKey: ['reader', 'access'] });
    void client.invalidateQueries({ queryKey: ['shelf'] });
  };
}
