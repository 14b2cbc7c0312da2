import { Tag } from 'antd';
import { OrderStateLabel, OrderStates, PayChannelLabel, PayChannels, type AdminOrderRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { PlayMoneyAlert } from '../components/PlayMoneyAlert';
import { ConfirmAction } from '../components/Confirm';
import { dateTime, yuan } from '../format';

const LIST = '/api/admin/orders/page';
const COLOR = { unpaid: 'gold', paid: 'green', closed: 'default', refunded: 'red' } as const;

/** Personal orders with filters; a paid order can be refunded (the book leaves the member's shelf). */
export default function AdminOrders() {
  return (
    <>
      <PlayMoneyAlert />
      <AdminTable<AdminOrderRow>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-orders"
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '订单号、书名或手机号' },
          { name: 'state', label: '状态', options: OrderStates.map((s) => ({ value: s, label: OrderStateLabel[s] })) },
          {
            name: 'channel',
            label: '渠道',
            options: PayChannels.map((c) => ({ value: c, label: PayChannelLabel[c] })),
          },
        ]}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '教材', dataIndex: 'bookTitle', ellipsis: true },
          {
            title: '会员',
            key: 'member',
            render: (_, r) => `${r.memberName}${r.memberPhone ? `（${r.memberPhone}）` : ''}`,
          },
          { title: '金额', key: 'amount', render: (_, r) => yuan(r.amount), sorter: (a, b) => a.amount - b.amount },
          {
            title: '状态',
            key: 'state',
            render: (_, r) => <Tag color={COLOR[r.state]}>{OrderStateLabel[r.state]}</Tag>,
          },
          { title: '渠道', key: 'channel', render: (_, r) => (r.channel ? PayChannelLabel[r.channel] : '') },
          {
            title: '下单时间',
            key: 'createdAt',
            render: (_, r) => dateTime(r.createdAt),
            sorter: (a, b) => a.createdAt - b.createdAt,
          },
          { title: '支付时间', key: 'paidAt', render: (_, r) => dateTime(r.paidAt) },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) =>
              r.state === 'paid' ? (
                <ConfirmAction
                  title={`退款 ${yuan(r.amount)}？`}
                  description="退款后该教材将从会员书架移除"
                  danger
                  run={() => adminPost('/api/admin/orders/refund', { id: r.id })}
                  done="已退款"
                  reload={[LIST]}
                >
                  退款
                </ConfirmAction>
              ) : null,
          },
        ]}
      />
    </>
  );
}
