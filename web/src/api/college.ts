import { useQueryClient } from '@tanstack/react-query';
import { api } from './index';

/**
 * Changes the current college. Everything cached was read for the previous college (classes, books, roles,
 * menu): it is all dropped, so no screen can show, or act on, the old college's data; what is on screen loads
 * again for the new one.
 */
export function useSwitchCollege(): (collegeId: number) => Promise<void> {
  const client = useQueryClient();
  return async (collegeId) => {
    await api.post('/api/college/switch', { collegeId });
    await client.cancelQueries();
    // Reset, not invalidate: a reset query has no data until it loads again (no stale rows meanwhile).
    await Promise.all([
      client.invalidateQueries({ queryKey: ['member'] }),
      client.resetQueries({ predicate: (query) => query.queryKey[0] !== 'member' }),
    ]);
  };
}
