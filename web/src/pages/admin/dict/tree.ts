import { useQuery } from '@tanstack/react-query';
import { DictType, type DictNode } from '@textbook/contracts';
import { adminGet } from '../../../api/admin';

export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

/** The key the console's dictionary reads share (the dictionaries page drops it after a change). */
export const dictKey = (dictType: string) => ['admin', 'dict', dictType] as const;

/**
 * A hierarchical dictionary as the public read serves it (subjects or collections). The content check's word list
 * is not public: its entries are listed by the console's page only.
 */
export const useDict = (dictType: string) =>
  useQuery({
    queryKey: dictKey(dictType),
    queryFn: () => adminGet<DictNode[]>('/api/dict/data/hierarchical', { dictType }),
    staleTime: 60_000,
    enabled: dictType !== DictType.AUDIT_WORD,
  });

/** A TreeSelect's options; `without` (an entry being moved) is left out with everything below it. */
export function treeOptions(nodes: DictNode[], without?: number): TreeOption[] {
  return nodes
    .filter((n) => n.id !== without)
    .map((n) => ({ value: n.id, title: n.label, children: treeOptions(n.children, without) }));
}
