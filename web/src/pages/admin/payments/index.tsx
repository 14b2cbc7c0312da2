import { Tag } from 'antd';
import {
  NotificationOutcomeLabel,
  NotificationOutcomes,
  PayChannelLabel,
  PayChannels,
  type NotificationOutcome,
  type NotificationRow,
  type PayChannel,
} from '@textbook/contracts';
import { AdminTable } from '../components/AdminTable';
import { PlayMoneyAlert } from '../components/PlayMoneyAlert';
import { dateTime, yuan } from '../format';

/** The payment providers' notifications as they arrived, with what was done with each. */
export default function AdminPayments() {
  return (
    <>
      <PlayMoneyAlert />
      <AdminTable<NotificationRow>
        url="/api/admin/payments/notifications"
        rowKey={(r) => r.id}
        testId="admin-payments"
        filters={[
          { name: 'orderNo', label: '订单号' },
          {
            name: 'channel',
            label: '渠道',
            options: PayChannels.map((c) => ({ value: c, label: PayChannelLabel[c] })),
          },
          {
            name: 'outcome',
            label: '结果',
            options: NotificationOutcomes.map((o) => ({ value: o, label: NotificationOutcomeLabel[o] })),
          },
        ]}
        columns={[
          {
            title: '时间',
            key: 'receivedAt',
            render: (_, r) => dateTime(r.receivedAt),
            sorter: (a, b) => a.receivedAt - b.receivedAt,
          },
          { title: '渠道', key: 'channel', render: (_, r) => PayChannelLabel[r.channel as PayChannel] ?? r.channel },
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '交易号', dataIndex: 'tradeNo' },
          { title: '金额', key: 'amount', render: (_, r) => yuan(r.amount) },
          {
            title: '结果',
            key: 'outcome',
            render: (_, r) => (
              <Tag color={r.outcome === 'accepted' ? 'green' : r.outcome === 'duplicate' ? 'default' : 'red'}>
                {NotificationOutcomeLabel[r.outcome as NotificationOutcome] ?? r.outcome}
              </Tag>
            ),
          },
          { title: '说明', dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </>
  );
}
