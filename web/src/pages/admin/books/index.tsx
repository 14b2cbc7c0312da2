import { useState } from 'react';
import { Button, Checkbox, Form, Image, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminBookRow, DictNode } from '@textbook/contracts';
import { adminGet, adminPost, adminPut } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { dateTime, yuan } from '../format';
import { EpubUpload } from './Upload';

const LIST = '/api/admin/book/page';

function flatten(nodes: DictNode[], depth = 0): { value: number; label: string }[] {
  return nodes.flatMap((n) => [
    { value: n.id, label: `${'　'.repeat(depth)}${n.label}` },
    ...flatten(n.children, depth + 1),
  ]);
}

const useDict = (dictType: string) =>
  useQuery({
    queryKey: ['admin', 'dict', dictType],
    queryFn: () => adminGet<DictNode[]>('/api/dict/data/hierarchical', { dictType }),
    staleTime: 60_000,
  });

interface EditValues {
  title: string;
  authors: string;
  isbn: string;
  publisher: string;
  subjectId: number | null;
  collectionId: number | null;
  price: number;
  recommended: boolean;
  description: string;
}

/** Books: every book, search, upload EPUBs, edit metadata, publish and withdraw. */
export default function AdminBooks() {
  const [editing, setEditing] = useState<AdminBookRow>();
  const subjects = useDict('book_subject').data ?? [];
  const collections = useDict('book_collection').data ?? [];

  return (
    <>
      <AdminTable<AdminBookRow>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-books"
        serverSort={{ param: 'sort' }}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '书名、作者或 ISBN' },
          {
            name: 'published',
            label: '状态',
            options: [
              { value: '1', label: '已发布' },
              { value: '0', label: '未发布' },
            ],
          },
        ]}
        toolbar={<EpubUpload />}
        columns={[
          {
            title: '封面',
            key: 'cover',
            width: 64,
            // An unpublished book's cover is read with the member's cookie only: shown once published.
            render: (_, r) =>
              r.cover && r.published ? (
                <Image src={r.cover} width={40} height={54} style={{ objectFit: 'cover' }} preview={false} alt="" />
              ) : null,
          },
          { title: '书名', key: 'title', dataIndex: 'title', sorter: true },
          { title: '作者', dataIndex: 'authors', ellipsis: true },
          { title: 'ISBN', dataIndex: 'isbn' },
          { title: '学科', dataIndex: 'subjectName' },
          { title: '价格', key: 'price', render: (_, r) => yuan(r.price), sorter: (a, b) => a.price - b.price },
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
                {r.published ? (
                  <ConfirmAction
                    title={`下架《${r.title}》？`}
                    description="下架后读者将无法看到这本书"
                    danger
                    run={() => adminPost(`/api/admin/book/${r.id}/publish`, { published: false })}
                    done="已下架"
                    reload={[LIST]}
                  >
                    下架
                  </ConfirmAction>
                ) : (
                  <ConfirmAction
                    title={`发布《${r.title}》？`}
                    run={() => adminPost(`/api/admin/book/${r.id}/publish`, { published: true })}
                    done="已发布"
                    reload={[LIST]}
                  >
                    发布
                  </ConfirmAction>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormModal<EditValues>
        title={editing ? `编辑《${editing.title}》` : '编辑'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        testId="book-edit-form"
        initialValues={
          editing && {
            title: editing.title,
            authors: editing.authors,
            isbn: editing.isbn,
            subjectId: editing.subjectId,
            collectionId: editing.collectionId,
            price: editing.price,
            recommended: editing.recommended,
          }
        }
        reload={[LIST]}
        submit={(v) =>
          adminPut(`/api/admin/book/${editing!.id}`, {
            title: v.title,
            authors: v.authors ?? '',
            isbn: v.isbn ?? '',
            subjectId: v.subjectId ?? null,
            collectionId: v.collectionId ?? null,
            price: Math.round((v.price ?? 0) * 100),
            recommended: Boolean(v.recommended),
          })
        }
      >
        <Form.Item name="title" label="书名" rules={[{ required: true, message: '请输入书名' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="authors" label="作者">
          <Input />
        </Form.Item>
        <Form.Item name="isbn" label="ISBN">
          <Input />
        </Form.Item>
        <Form.Item name="subjectId" label="学科">
          <Select allowClear options={flatten(subjects)} placeholder="选择学科" />
        </Form.Item>
        <Form.Item name="collectionId" label="丛书">
          <Select allowClear options={flatten(collections)} placeholder="选择丛书" />
        </Form.Item>
        <Form.Item name="price" label="价格（元）">
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="recommended" valuePropName="checked">
          <Checkbox>推荐</Checkbox>
        </Form.Item>
      </FormModal>
    </>
  );
}
