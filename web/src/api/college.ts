import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './index';

/**
 * After a college switch: everything cached was read for the previous college (classes, books, roles, menu),
 * so all of it goes and no screen can show, or act on, the old college's data.
 */
export async function dropCollegeData(client: QueryClient, settleMs = 50): Promise<void> {
  await client.cancelQueries();
  // Who the member is there first: the screens follow the new roles, and a page the new college does not
  // allow closes (its queries must not be asked again there).
  await client.invalidateQueries({ queryKey: ['member'] });
  await new Promise((settled) => setTimeout(settled, settleMs));
  // Then the rest, reset rather than invalidated: a reset query shows no data until it loads again, so no
  // screen keeps the previous college's rows meanwhile.
  await client.resetQueries({ predicate: (query) => query.queryKey[0] !== 'member' });
}

/** Changes the current college; what is on screen loads again for the new one. */
export function useSwitchCollege(): (collegeId: number) => Promise<void> {
  const client = useQueryClient();
  return async (collegeId) => {
    await api.post('/api/college/switch', { collegeId });
    await dropCollegeData(client);
  };
}
