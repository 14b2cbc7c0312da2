import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertApply, CertRow } from '@textbook/contracts';
import { api } from './index';

/** Teacher certification (issue 19): the member's application, the colleges to choose from, applying. */
export const certKeys = {
  mine: ['teacherCert', 'mine'] as const,
  colleges: (keyword: string) => ['teacherCert', 'colleges', keyword] as const,
};

export const useMyCert = () =>
  useQuery({ queryKey: certKeys.mine, queryFn: () => api.get<CertRow | null>('/api/teacherCert/my') });

export const useCertColleges = (keyword: string) =>
  useQuery({
    queryKey: certKeys.colleges(keyword),
    queryFn: () => api.get<{ id: number; name: string }[]>('/api/teacherCert/colleges', keyword ? { keyword } : {}),
    staleTime: 60_000,
  });

/** Applies; a refusal rejects quietly with the server's message for the form to show. */
export function useApplyCert() {
  const client = useQueryClient();
  return async (body: Partial<CertApply>) => {
    const row = await api.post<CertRow>('/api/teacherCert/apply', body, { silent: true });
    await client.invalidateQueries({ queryKey: certKeys.mine });
    return row;
  };
}
