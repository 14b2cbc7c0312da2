import { useState } from 'react';
import { Button, Dropdown, Image, Space, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { DictType, type AdminBookRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { publishedFilter } from '../../../kit/TableBar';
import { treeOptions, useDict, type TreeOption } from '../dict/tree';
import { dateTime, yuan } from '../format';
import { EditBook } from './EditBook';
import { Editions } from './Editions';
import { FreeChapters } from './FreeChapters';
import { BOOK_LIST } from './shared';
import { EpubUpload } from './Upload';

const flat = (nodes: TreeOption[], depth = 0): { value: string; label: string }[] =>
  nodes.flatMap((n) => [
    { value: String(n.value), label: `${'　'.repeat(depth)}${n.title}` },
    ...flat(n.children, depth + 1),
  ]);

type Dialog = 'edit' | 'free' | 'editions';

/** Books: every book, search, upload EPUBs, edit metadata and cover, free chapters, editions, publish and withdraw. */
export default function AdminBooks() {
  const [open, setOpen] = useState<{ dialog: Dialog; book: AdminBookRow }>();
  const subjects = useDict(DictType.SUBJECT).data ?? [];
  const of = (dialog: Dialog) => (open?.dialog === dialog ? open.book : undefined);
  const close = () => setOpen(undefined);

  return (
    <>
      <AdminTable<AdminBookRow>
        url={BOOK_LIST}
        rowKey={(r) => r.id}
        testId="admin-books"
        serverSort={{ param: 'sort' }}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '书名、作者或 ISBN' },
          publishedFilter,
          { name: 'subjectId', label: '学科', options: flat(treeOptions(subjects)) },
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
            render: (_, r) => (
              <Space size={4} wrap>
                {r.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
                {r.recommended && <Tag color="gold">推荐</Tag>}
                {r.sampleAutoApprove && <Tag color="blue">样书自动通过</Tag>}
              </Space>
            ),
          },
          { title: '版本', key: 'edition', render: (_, r) => `第 ${r.edition} 版` },
          { title: '更新时间', key: 'updated', render: (_, r) => dateTime(r.updatedAt), sorter: true },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setOpen({ dialog: 'edit', book: r })}>
                  编辑
                </Button>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'free', label: '试读章节' },
                      { key: 'editions', label: '版本' },
                    ],
                    onClick: ({ key }) => setOpen({ dialog: key as Dialog, book: r }),
                  }}
                >
                  <Button size="small" type="link">
                    更多 <DownOutlined />
                  </Button>
                </Dropdown>
                {r.published ? (
                  <ConfirmAction
                    title={`下架《${r.title}》？`}
                    description="下架后读者将无法看到这本书"
                    danger
                    run={() => adminPost(`/api/admin/book/${r.id}/publish`, { published: false })}
                    done="已下架"
                    reload={[BOOK_LIST]}
                  >
                    下架
                  </ConfirmAction>
                ) : (
                  <ConfirmAction
                    title={`发布《${r.title}》？`}
                    run={() => adminPost(`/api/admin/book/${r.id}/publish`, { published: true })}
                    done="已发布"
                    reload={[BOOK_LIST]}
                  >
                    发布
                  </ConfirmAction>
                )}
              </Space>
            ),
          },
        ]}
      />
      <EditBook book={of('edit')} onClose={close} />
      <FreeChapters book={of('free')} onClose={close} />
      <Editions book={of('editions')} onClose={close} />
    </>
  );
}
