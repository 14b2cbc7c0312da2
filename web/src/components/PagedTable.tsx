import { Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged } from '@textbook/contracts';

type Props<T> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'scroll'> & {
  /** The page's answer: its rows and the total. */
  query: UseQueryResult<Paged<T>>;
  pageNum: number;
  onPage: (pageNum: number) => void;
  pageSize?: number;
  /** Below this width the table scrolls sideways (phones). */
  minWidth?: number;
};

/** A list paged on the server: the rows of the page asked for, the total, and the page number the caller keeps. */
export function PagedTable<T extends object>({ query, pageNum, onPage, pageSize, minWidth = 640, ...rest }: Props<T>) {
  return (
    <Table<T>
      size="small"
      scroll={{ x: minWidth }}
      loading={query.isFetching}
      dataSource={query.data?.rows ?? []}
      pagination={{
        current: pageNum,
        ...(pageSize ? { pageSize } : {}),
        total: query.data?.total ?? 0,
        onChange: onPage,
      }}
      {...rest}
    />
  );
}
