import { useState } from 'react';
import { Button, Empty, Input, Popconfirm, Table, Typography, message } from 'antd';
import { Link } from 'react-router';
import { formatDate, type CollectBook, Limits } from '@textbook/contracts';
import { api } from '../../../api';
import { unstar, useFavourites, useInvalidateShelf } from '../../../api/reader';
import { saveFile } from '../../../kit/download';

/** My favourites (spec /my collect): paging, search, unstar, export to a spreadsheet (export type 0). */
export default function CollectPage() {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const favourites = useFavourites({ pageNum, pageSize, keyword: keyword || undefined });
  const invalidate = useInvalidateShelf();

  const exportAll = async () => {
    setExporting(true);
    try {
      saveFile(
        await api.download('POST', '/api/bookCollect/export', { body: { type: 0, keyword: keyword || undefined } }),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page-section collect-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          我的收藏
        </Typography.Title>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Input.Search
            allowClear
            maxLength={Limits.SEARCH_MAX}
            placeholder="搜索收藏的教材"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
            style={{ width: 240 }}
          />
          <Button
            onClick={exportAll}
            loading={exporting}
            disabled={!favourites.data?.total}
            data-testid="collect-export"
          >
            导出
          </Button>
        </div>
      </div>
      <Table<CollectBook>
        rowKey="id"
        loading={favourites.isFetching}
        dataSource={favourites.data?.rows ?? []}
        locale={{ emptyText: <Empty description="暂无内容" /> }}
        scroll={{ x: 600 }}
        pagination={{
          current: pageNum,
          pageSize,
          total: favourites.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 本`,
          onChange: (p, s) => {
            setPageNum(p);
            setPageSize(s);
          },
        }}
        columns={[
          {
            title: '教材',
            dataIndex: 'title',
            render: (_v, b) => (
              <Link to={`/book-detail?id=${b.id}`} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                {b.cover ? <img src={b.cover} alt="" width={40} height={54} style={{ objectFit: 'cover' }} /> : null}
                <span>{b.title}</span>
              </Link>
            ),
          },
          { title: '作者', dataIndex: 'authors', ellipsis: true },
          { title: '价格', dataIndex: 'price', width: 90, render: (p: number) => (p ? `¥${p.toFixed(2)}` : '免费') },
          {
            title: '收藏时间',
            dataIndex: 'collectedAt',
            width: 120,
            render: (t: number) => formatDate(t),
          },
          {
            title: '操作',
            width: 160,
            render: (_v, b) => (
              <span style={{ display: 'flex', gap: 8 }}>
                <Link to={`/bookPreview?bookId=${b.id}`}>阅读</Link>
                <Popconfirm
                  title="确定取消收藏吗？"
                  onConfirm={async () => {
                    await unstar(b.id);
                    message.success('已取消收藏');
                    invalidate();
                  }}
                >
                  <a role="button">取消收藏</a>
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
