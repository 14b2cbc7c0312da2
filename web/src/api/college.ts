import { useQueryClient } from '@tanstack/react-query';
import { api } from './index';

/** Changes the current college; member info (roles, flags, menu) follows. */
export function useSwitchCollege(): (collegeId: number) => Promise<void> {
  const client = useQueryClient();
  return async (collegeId) => {
    await api.post('/api/college/switch', { collegeId });
    await client.invalidateQueries({ queryKey: ['member'] });
  };
}
