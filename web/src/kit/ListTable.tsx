import { useState, type Key, type ReactNode } from 'react';
import { Grid, Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Paged } from '@textbook/contracts';
import type { Params } from '../api/client';
import { TableBar, type FilterField, type FilterValues } from './TableBar';

/** Where a list's rows come from: its query key (a list reloads when a key it starts with is invalidated) and one page. */
export interface ListSource<T> {
  key: QueryKey;
  fetch: (query: Params) => Promise<Paged<T>>;
}

export interface ListTableProps<T> {
  source: ListSource<T>;
  columns: ColumnsType<T>;
  rowKey: ((row: T) => Key) | (keyof T & string);
  filters?: FilterField[];
  /** Parameters not shown as filters (fixed, or from the page's own search box: a change starts at page 1). */
  params?: Params;
  /**
   * The server's sort parameter: a column with `sorter: true` asks the server to sort by its `key` (`sort=key`,
   * plus `order=asc|desc` when `withOrder`). Columns with a compare function sort the page shown.
   */
  serverSort?: { param: string; withOrder?: boolean };
  toolbar?: ReactNode;
  testId?: string;
  className?: string;
  /**
   * `console` (the default): sizes to its screen, with the total and a choice of page size. `centre` (the personal
   * centre's lists): small, a fixed page size, scrolling sideways below `minWidth`.
   */
  variant?: 'console' | 'centre';
  pageSize?: number;
  minWidth?: number;
  /** The total's words under the list (the console's `共 N 条` unless told; the centre's lists show none unless told). */
  totalText?: (total: number) => string;
  /** A centre list's pager: a choice of page size, a small pager (the console's offer the choice but on a phone). */
  pager?: Pick<TablePaginationConfig, 'showSizeChanger' | 'size'>;
  /** Anything else of antd's table (row selection, expandable rows, the empty text, another size or scroll…). */
  table?: Omit<TableProps<T>, 'columns' | 'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'onChange'>;
}

/**
 * Every paged list of the web (the console's and the personal centre's): paged on the server (the page and size in
 * the query), filterable (the filter bar's values are sent as query parameters and start again at page 1),
 * sortable (on the server for the columns the API sorts by, else within the page).
 */
export function ListTable<T extends object>(props: ListTableProps<T>) {
  const { source, columns, rowKey, filters = [], params, serverSort, toolbar, testId, className } = props;
  const { variant = 'console', pageSize = 10, minWidth = 640, totalText, pager, table } = props;
  const phone = Grid.useBreakpoint().md === false;
  const [page, setPage] = useState({ pageNum: 1, pageSize });
  const [filter, setFilter] = useState<Params>({});
  const [sort, setSort] = useState<Params>({});
  // Other fixed parameters (a search box of the page's own) start again at page 1.
  const paramsKey = JSON.stringify(params ?? {});
  const [shownParams, setShownParams] = useState(paramsKey);
  if (shownParams !== paramsKey) {
    setShownParams(paramsKey);
    setPage((p) => ({ ...p, pageNum: 1 }));
  }
  const query = { ...params, ...filter, ...sort, ...page };
  const list = useQuery({
    queryKey: [...source.key, query],
    queryFn: () => source.fetch(query),
    placeholderData: keepPreviousData,
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    setPage({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize });
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

  const centre = variant === 'centre';
  return (
    <div className={className} data-testid={testId}>
      <TableBar filters={filters} onSearch={search} toolbar={toolbar} />
      <Table<T>
        size={centre || phone ? 'small' : 'middle'}
        scroll={centre ? { x: minWidth } : { x: 'max-content' }}
        {...table}
        rowKey={rowKey}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        onChange={onChange}
        pagination={
          centre
            ? {
                current: page.pageNum,
                pageSize: page.pageSize,
                total: list.data?.total ?? 0,
                showTotal: totalText,
                ...pager,
              }
            : {
                current: page.pageNum,
                pageSize: page.pageSize,
                total: list.data?.total ?? 0,
                showSizeChanger: !phone,
                showTotal: phone ? undefined : (totalText ?? ((total) => `共 ${total} 条`)),
                size: phone ? 'small' : undefined,
              }
        }
      />
    </div>
  );
}
