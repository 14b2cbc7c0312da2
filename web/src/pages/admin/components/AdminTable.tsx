import { useState, type Key, type ReactNode } from 'react';
import { Grid, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys, fetchPage } from '../../../api/admin';
import type { Params } from '../../../api/client';
import { TableBar, type FilterField, type FilterValues } from './TableBar';

interface AdminTableProps<T> {
  /** The server's paged list (`{rows, total}` for pageNum, pageSize and the filters). */
  url: string;
  columns: ColumnsType<T>;
  rowKey: (row: T) => Key;
  filters?: FilterField[];
  /** Fixed parameters (not shown as filters). */
  params?: Params;
  /**
   * The server's sort parameter: a column with `sorter: true` asks the server to sort by its `key` (`sort=key`,
   * plus `order=asc|desc` when `withOrder`). Columns with a compare function sort the page shown.
   */
  serverSort?: { param: string; withOrder?: boolean };
  toolbar?: ReactNode;
  testId?: string;
  /** Rows with `children` (a tree): which are open. */
  expandable?: TableProps<T>['expandable'];
}

/**
 * Every list of the console: paged on the server (the page and size in the query), filterable (the filter form's
 * values are sent as query parameters and start again at page 1), sortable (on the server for the columns the
 * API sorts by, else within the page). Lists reload with `invalidateQueries({ queryKey: adminKeys.list(url) })`.
 */
export function AdminTable<T extends object>(props: AdminTableProps<T>) {
  const { url, columns, rowKey, filters = [], params, serverSort, toolbar, testId, expandable } = props;
  const phone = Grid.useBreakpoint().md === false;
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [filter, setFilter] = useState<Params>({});
  const [sort, setSort] = useState<Params>({});
  const query = { ...params, ...filter, ...sort, ...page };
  const list = useQuery({
    queryKey: [...adminKeys.list(url), query],
    queryFn: () => fetchPage<T>(url, query),
    placeholderData: keepPreviousData,
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    setPage({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 });
    const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    if (serverSort && one?.column?.sorter === true && one.order) {
      setSort({
        [serverSort.param]: String(one.columnKey),
        ...(serverSort.withOrder ? { order: one.order === 'ascend' ? 'asc' : 'desc' } : {}),
      });
    } else if (serverSort) {
      setSort({});
    }
  };

  const search = (values: FilterValues) => {
    const next: Params = {};
    for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') next[k] = v;
    setFilter(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <div className="admin-table" data-testid={testId}>
      <TableBar filters={filters} onSearch={search} toolbar={toolbar} />
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        size={phone ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        expandable={expandable}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: !phone,
          showTotal: phone ? undefined : (total) => `共 ${total} 条`,
          size: phone ? 'small' : undefined,
        }}
      />
    </div>
  );
}
