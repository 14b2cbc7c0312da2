import { Table } from 'antd';
import { adminPost, useCaches } from '../../../api/admin';
import { ConfirmAction } from '../components/Confirm';

/** This instance's read caches: what each holds; clear one (it refills on the next reads). */
export default function AdminCache() {
  const caches = useCaches();
  return (
    <div className="admin-table">
      <Table
        rowKey="name"
        size="middle"
        loading={caches.isFetching}
        dataSource={caches.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '缓存', dataIndex: 'name' },
          { title: '条目', dataIndex: 'entries', sorter: (a, b) => a.entries - b.entries },
          { title: '有效期', key: 'ttl', render: (_, r) => `${r.ttlMs / 1000} 秒` },
          { title: '上限', dataIndex: 'maxEntries' },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <ConfirmAction
                title={`清除缓存 ${r.name}？`}
                danger
                run={async () => {
                  await adminPost('/api/admin/cache/clear', { name: r.name });
                  await caches.refetch();
                }}
                done="缓存已清除"
              >
                清除
              </ConfirmAction>
            ),
          },
        ]}
      />
    </div>
  );
}
