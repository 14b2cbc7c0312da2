import { useQuery } from '@tanstack/react-query';
import type { HelpTopic } from '@textbook/contracts';
import { adminKeys, fetchPage } from '../../../api/admin';

export const TOPICS = '/api/help/topic/page';
export const CONTENTS = '/api/help/content/page';

/** Every topic in order (a few dozen at most): for the contents' topic choice and for reordering. */
export const useAllTopics = () =>
  useQuery({
    queryKey: [...adminKeys.list(TOPICS), 'all'],
    queryFn: () => fetchPage<HelpTopic>(TOPICS, { pageNum: 1, pageSize: 999 }).then((p) => p.rows),
  });
