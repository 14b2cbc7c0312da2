import { BookLimits } from '@textbook/contracts';
import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AdminBookListDetail, AdminBookListRow, AdminBookRow } from '@textbook/contracts';
import { adminDelete, adminGet, adminPost, adminPut, fetchPage } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { AddButton, publishedFilter } from '../../../kit/TableBar';
import { FormModal } from '../components/FormModal';
import { dateTime } from '../format';
import { bookListNameRules } from '../rules';

const LIST = '/api/admin/booklist/page';

interface ListBook {
  id: number;
  title: string;
  published: boolean;
}

interface Values {
  name: string;
  description?: string;
  published?: boolean;
  sort?: number;
  books?: ListBook[];
}

/** A list's books in order: add by searching the catalogue, move up or down, remove. */
function BooksField({ value = [], onChange }: { value?: ListBook[]; onChange?: (books: ListBook[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'booklist-picker', keyword],
    queryFn: () => fetchPage<AdminBookRow>('/api/admin/book/page', { keyword, pageSize: 20 }),
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [one] = next.splice(from, 1);
    next.splice(to, 0, one!);
    onChange?.(next);
  };
  return (
    <div data-testid="booklist-books">
      <Select
        showSearch
        value={null}
        placeholder="搜索书名、作者或 ISBN 添加图书"
        filterOption={false}
        onSearch={setKeyword}
        loading={found.isFetching}
        style={{ width: '100%', marginBottom: 8 }}
        options={(found.data?.rows ?? []).map((b) => ({
          value: b.id,
          label: `${b.title}${b.published ? '' : '（未发布）'}`,
          disabled: value.some((v) => v.id === b.id),
        }))}
        onChange={(id: number) => {
          const book = found.data?.rows.find((b) => b.id === id);
          if (book) onChange?.([...value, { id: book.id, title: book.title, published: book.published }]);
        }}
        data-testid="booklist-add"
      />
      <ol className="admin-order-list">
        {value.map((b, i) => (
          <li key={b.id} data-testid="booklist-item">
            <span className="admin-order-title">
              {b.title} {!b.published && <Tag>未发布</Tag>}
            </span>
            <Space size={0}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label="上移"
                onClick={() => move(i, i - 1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label="下移"
                onClick={() => move(i, i + 1)}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="移除"
                onClick={() => onChange?.(value.filter((v) => v.id !== b.id))}
              />
            </Space>
          </li>
        ))}
      </ol>
      {!value.length && <Typography.Text type="secondary">还没有图书</Typography.Text>}
    </div>
  );
}

/** Book lists (书单): every list, published or not; create, edit with its books in order, delete. */
export default function AdminBookLists() {
  const [editing, setEditing] = useState<AdminBookListRow | 'new'>();
  const row = editing === 'new' ? undefined : editing;
  const detail = useQuery({
    queryKey: ['admin', 'booklist', row?.id],
    queryFn: () => adminGet<AdminBookListDetail>(`/api/admin/booklist/${row!.id}`),
    enabled: Boolean(row),
  });
  const ready = editing === 'new' || (detail.data && detail.data.id === row?.id && !detail.isFetching);

  return (
    <>
      <AdminTable<AdminBookListRow>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-booklists"
        serverSort={{ param: 'sort' }}
        filters={[{ name: 'keyword', label: '名称', placeholder: '书单名称' }, publishedFilter]}
        toolbar={<AddButton onClick={() => setEditing('new')}>新建书单</AddButton>}
        columns={[
          { title: '名称', key: 'name', dataIndex: 'name', sorter: true },
          { title: '简介', dataIndex: 'description', ellipsis: true },
          { title: '图书数', dataIndex: 'bookCount', sorter: (a, b) => a.bookCount - b.bookCount },
          { title: '排序', key: 'sort', dataIndex: 'sort', sorter: true },
          {
            title: '状态',
            key: 'published',
            render: (_, r) => (r.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          { title: '更新时间', key: 'updated', render: (_, r) => dateTime(r.updatedAt), sorter: true },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`删除书单「${r.name}」？`}
                  description="书单中的图书不受影响"
                  danger
                  run={() => adminDelete(`/api/admin/booklist/${r.id}`)}
                  done="已删除"
                  reload={[LIST]}
                >
                  删除
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<Values>
        title={row ? `编辑书单「${row.name}」` : '新建书单'}
        open={Boolean(editing) && Boolean(ready)}
        onClose={() => setEditing(undefined)}
        testId="booklist-form"
        initialValues={
          row && detail.data
            ? {
                name: detail.data.name,
                description: detail.data.description,
                published: detail.data.published,
                sort: detail.data.sort,
                books: detail.data.books,
              }
            : { published: true, sort: 0, books: [] }
        }
        reload={[LIST]}
        submit={(v) => {
          const body = {
            name: v.name,
            description: v.description ?? '',
            published: Boolean(v.published),
            sort: v.sort ?? 0,
            bookIds: (v.books ?? []).map((b) => b.id),
          };
          return row ? adminPut(`/api/admin/booklist/${row.id}`, body) : adminPost('/api/admin/booklist', body);
        }}
      >
        <Form.Item name="name" label="名称" rules={bookListNameRules}>
          <Input maxLength={BookLimits.LIST_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <Input.TextArea rows={2} maxLength={BookLimits.LIST_DESCRIPTION_MAX} />
        </Form.Item>
        <div className="admin-form-row">
          <Form.Item name="sort" label="排序" extra="数字小的在前">
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="published" label="状态" valuePropName="checked">
            <Checkbox>发布</Checkbox>
          </Form.Item>
        </div>
        <Form.Item name="books" label="图书（按顺序）">
          <BooksField />
        </Form.Item>
      </FormModal>
    </>
  );
}
