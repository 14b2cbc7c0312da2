import { adminKeys, fetchPage } from '../../../api/admin';
import type { Params } from '../../../api/client';
import { ListTable, type ListTableProps } from '../../../kit/ListTable';

type AdminTableProps<T> = Omit<ListTableProps<T>, 'source' | 'variant' | 'className' | 'rowKey'> & {
  /** The server's paged list (`{rows, total}` for pageNum, pageSize and the filters). */
  url: string;
  rowKey: ListTableProps<T>['rowKey'];
};

/**
 * Every list of the console: the kit's `ListTable` reading a console address with the staff session. Lists reload
 * with `invalidateQueries({ queryKey: adminKeys.list(url) })` (or a `FormModal`'s/`ConfirmAction`'s `reload`).
 */
export function AdminTable<T extends object>({ url, ...props }: AdminTableProps<T>) {
  return (
    <ListTable<T>
      {...props}
      className="admin-table"
      source={{ key: adminKeys.list(url), fetch: (query: Params) => fetchPage<T>(url, query) }}
    />
  );
}
