import { useState } from 'react';
import { Grid, Select, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adminGet } from '../../../api/admin';

interface Stat {
  id: number;
  title: string;
  visits: number;
  members: number;
}

const DAY = 86_400_000;
const periods = [
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
  { value: 365, label: '近一年' },
  { value: 0, label: '全部' },
];

/** Which help is read: visits and distinct members per content in a period, most read first. */
export function HelpStats() {
  const [days, setDays] = useState(30);
  const phone = Grid.useBreakpoint().md === false;
  const stats = useQuery({
    queryKey: ['admin', 'help-stats', days],
    // The start of the period, counted when the list is fetched.
    queryFn: () => adminGet<Stat[]>('/api/admin/help/access/stats', { since: days ? Date.now() - days * DAY : 0 }),
  });
  return (
    <div className="admin-table" data-testid="admin-help-stats">
      <div className="admin-table-bar">
        <Select value={days} onChange={setDays} options={periods} style={{ minWidth: 120 }} aria-label="统计时段" />
      </div>
      <Table<Stat>
        rowKey={(r) => r.id}
        dataSource={stats.data ?? []}
        loading={stats.isFetching}
        size={phone ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 10, size: phone ? 'small' : undefined }}
        columns={[
          { title: '帮助内容', dataIndex: 'title', ellipsis: true },
          {
            title: '访问次数',
            dataIndex: 'visits',
            sorter: (a, b) => a.visits - b.visits,
            defaultSortOrder: 'descend',
          },
          { title: '访问会员数', dataIndex: 'members', sorter: (a, b) => a.members - b.members },
        ]}
      />
    </div>
  );
}
