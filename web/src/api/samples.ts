import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, SampleApplyAnswer, SampleCheckAnswer, SampleDays, SampleRow } from '@textbook/contracts';
import type { ListSource } from '../kit/ListTable';
import type { Params } from './client';
import { api } from './index';

export const sampleKeys = {
  all: ['samples'] as const,
  days: ['samples', 'days'] as const,
  check: (bookId: number) => ['samples', 'check', bookId] as const,
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

/** The teacher's applications, as the kit's `ListTable` reads them (under `sampleKeys.all`). */
export const mySampleList = {
  key: ['samples', 'mine'],
  fetch: (query: Params) => api.get<Paged<SampleRow>>('/api/sample-book/my', query),
} satisfies ListSource<SampleRow>;

/** After an apply: the quota, the list, and the book's access (an auto-approved book is now readable). */
export function useInvalidateSamples() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: sampleKeys.all });
    void client.invalidateQueries({ queryKey: ['reader', 'access'] });
    void client.invalidateQueries({ queryKey: ['shelf'] });
  };
}
