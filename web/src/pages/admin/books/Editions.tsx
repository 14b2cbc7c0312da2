import { Descriptions, Drawer, Grid, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBookRow, BookEditionRow, BookEditions } from '@textbook/contracts';
import { adminGet } from '../../../api/admin';
import { dateTime } from '../format';
import { EpubUpload } from './Upload';

/**
 * A book's editions: one book whose content a newer EPUB replaces (same address, shelves, notes re-anchored).
 * Lists the imports that made each edition, and takes a new EPUB as this book's next edition (the book takes the
 * file's identifier; an upload without choosing a book is always a new book).
 */
export function Editions({ book, onClose }: { book?: AdminBookRow; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  const client = useQueryClient();
  const key = ['admin', 'editions', book?.id];
  const editions = useQuery({
    queryKey: key,
    queryFn: () => adminGet<BookEditions>(`/api/admin/book/${book!.id}/editions`),
    enabled: Boolean(book),
  });
  return (
    <Drawer
      title={book ? `版本：《${book.title}》` : '版本'}
      open={Boolean(book)}
      onClose={onClose}
      size={phone ? 'default' : 'large'}
      width={phone ? '100%' : 720}
      destroyOnHidden
    >
      {book && (
        <div data-testid="book-editions">
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="当前版本">第 {editions.data?.edition ?? book.edition} 版</Descriptions.Item>
            <Descriptions.Item label="文件标识">
              <Typography.Text copyable>{editions.data?.identifier ?? ''}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <div style={{ marginBottom: 12 }}>
            <EpubUpload
              bookId={book.id}
              label="上传新版本"
              onImported={() => void client.invalidateQueries({ queryKey: key })}
            />
          </div>
          <Table<BookEditionRow>
            rowKey={(r) => r.jobId}
            size="small"
            loading={editions.isFetching}
            dataSource={editions.data?.rows ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: '没有后台上传记录（由命令行或初始数据导入）' }}
            columns={[
              {
                title: '版本',
                key: 'edition',
                render: (_, r) => (r.edition ? `第 ${r.edition} 版` : '—'),
                sorter: (a, b) => (a.edition ?? 0) - (b.edition ?? 0),
              },
              { title: '文件', dataIndex: 'fileName' },
              { title: '上传人', dataIndex: 'staffName' },
              {
                title: '时间',
                key: 'createdAt',
                render: (_, r) => dateTime(r.createdAt),
                sorter: (a, b) => a.createdAt - b.createdAt,
                defaultSortOrder: 'descend',
              },
              { title: '结果', dataIndex: 'message', ellipsis: true },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
