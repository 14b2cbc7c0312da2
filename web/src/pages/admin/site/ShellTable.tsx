import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Grid, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminKeys, adminPost, adminPut } from '../../../api/admin';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { AddButton, TableBar, type FilterValues } from '../../../kit/TableBar';
import { stepped } from './order';

/** A row of a site-shell collection: an id, and a shown/published flag. */
export interface ShellRow {
  id: number;
  visible?: number;
  published?: number;
}

interface ShellTableProps<T extends ShellRow, V extends object> {
  /** Under /api/admin: `${base}/list`, POST base, PUT/DELETE `${base}/:id`, `${base}/sort`, `${base}/:id/publish`. */
  base: string;
  what: string;
  name: (row: T) => string;
  columns: ColumnsType<T>;
  /** The flag shown as 显示/隐藏 (`visible`) or 已发布/未发布 (`published`). */
  flag: 'visible' | 'published';
  /** Rows keep the server's order and move up and down (`${base}/sort`). */
  ordered?: boolean;
  fields: ReactNode;
  toValues: (row?: T) => Partial<V>;
  toBody: (values: V) => unknown;
  testId: string;
}

const FLAG_LABELS = {
  visible: { on: '显示', off: '隐藏', show: '显示', hide: '隐藏' },
  published: { on: '已发布', off: '未发布', show: '发布', hide: '下架' },
};

/**
 * A small collection of the site shell (friendly links, bottom menu, client versions): the whole list in one answer,
 * paged, filtered (name, shown or not) and sorted in the browser; create and edit in a dialog that shows the
 * server's refusal; show/hide, move up/down and delete (which asks first).
 */
export function ShellTable<T extends ShellRow, V extends object>(props: ShellTableProps<T, V>) {
  const { base, what, name, columns, flag, ordered, fields, toValues, toBody, testId } = props;
  const listUrl = `${base}/list`;
  const phone = Grid.useBreakpoint().md === false;
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.list(listUrl), queryFn: () => adminGet<T[]>(listUrl) });
  const [editing, setEditing] = useState<T | 'new'>();
  const [filter, setFilter] = useState<FilterValues>({});
  const labels = FLAG_LABELS[flag];
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(
    () =>
      rows.filter(
        (r) =>
          (!filter.keyword || name(r).toLowerCase().includes(filter.keyword.toLowerCase())) &&
          (!filter.shown || String(r[flag] ?? 1) === filter.shown),
      ),
    [rows, filter, name, flag],
  );
  const reload = () => client.invalidateQueries({ queryKey: adminKeys.list(listUrl) });

  const move = async (row: T, by: -1 | 1) => {
    const ids = stepped(
      rows.map((r) => r.id),
      row.id,
      by,
    );
    if (!ids) return;
    try {
      await adminPost(`${base}/sort`, { ids });
    } catch {
      return; // the client has shown the server's message
    }
    void message.success('顺序已保存');
    void reload();
  };

  const item = editing === 'new' ? undefined : editing;
  return (
    <div className="admin-table" data-testid={testId}>
      <TableBar
        filters={[
          { name: 'keyword', label: '名称' },
          {
            name: 'shown',
            label: '状态',
            options: [
              { value: '1', label: labels.on },
              { value: '0', label: labels.off },
            ],
          },
        ]}
        onSearch={setFilter}
        toolbar={<AddButton onClick={() => setEditing('new')}>新增{what}</AddButton>}
      />
      <Table<T>
        rowKey={(r) => r.id}
        dataSource={shown}
        loading={list.isFetching}
        size={phone ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        pagination={{
          defaultPageSize: 10,
          showSizeChanger: !phone,
          showTotal: phone ? undefined : (total) => `共 ${total} 条`,
          size: phone ? 'small' : undefined,
        }}
        columns={[
          ...columns,
          {
            title: '状态',
            key: 'flag',
            render: (_, r) => ((r[flag] ?? 1) ? <Tag color="green">{labels.on}</Tag> : <Tag>{labels.off}</Tag>),
            sorter: (a, b) => (a[flag] ?? 1) - (b[flag] ?? 1),
          },
          {
            title: '操作',
            key: 'actions',
            fixed: phone ? undefined : 'right',
            render: (_, r) => (
              <Space size={0} wrap>
                {ordered && !filter.keyword && !filter.shown && (
                  <>
                    <Button
                      size="small"
                      type="link"
                      icon={<ArrowUpOutlined />}
                      aria-label="上移"
                      disabled={rows[0]?.id === r.id}
                      onClick={() => void move(r, -1)}
                    />
                    <Button
                      size="small"
                      type="link"
                      icon={<ArrowDownOutlined />}
                      aria-label="下移"
                      disabled={rows[rows.length - 1]?.id === r.id}
                      onClick={() => void move(r, 1)}
                    />
                  </>
                )}
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`${(r[flag] ?? 1) ? labels.hide : labels.show}「${name(r)}」？`}
                  run={() => adminPost(`${base}/${r.id}/${(r[flag] ?? 1) ? 'unpublish' : 'publish'}`)}
                  reload={[listUrl]}
                >
                  {(r[flag] ?? 1) ? labels.hide : labels.show}
                </ConfirmAction>
                <ConfirmAction
                  title={`删除「${name(r)}」？`}
                  danger
                  run={() => adminDelete(`${base}/${r.id}`)}
                  done="已删除"
                  reload={[listUrl]}
                >
                  删除
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<V>
        title={item ? `编辑${what}` : `新增${what}`}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        initialValues={toValues(item)}
        reload={[listUrl]}
        testId={`${testId}-form`}
        submit={(v) => (item ? adminPut(`${base}/${item.id}`, toBody(v)) : adminPost(base, toBody(v)))}
      >
        {fields}
      </FormModal>
    </div>
  );
}
