import { lazy, Suspense, useState } from 'react';
import { Button, Card, Empty, Grid, Pagination, Segmented, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime, OrderStateLabel, PayChannelLabel, type OrderState, type OrderView } from '@textbook/contracts';
import { downloadReceipt, useMyOrders } from '../../../api/orders';
import './record.css';

const PayDialog = lazy(() => import('../../../components/PayDialog/PayDialog').then((m) => ({ default: m.PayDialog })));

const STATE_COLOR: Record<OrderState, string> = {
  unpaid: 'orange',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
};

const time = (ms: number | null) => formatDateTime(ms, '—');
const money = (yuan: number) => `¥${yuan.toFixed(2)}`;

function Actions({ order, onPay }: { order: OrderView; onPay: (o: OrderView) => void }) {
  const [loading, setLoading] = useState(false);
  if (order.state === 'paid') {
    return (
      <Button
        size="small"
        loading={loading}
        data-testid="receipt-download"
        onClick={async () => {
          setLoading(true);
          try {
            await downloadReceipt(order.id);
          } catch {
            // The client has shown the server's message.
          } finally {
            setLoading(false);
          }
        }}
      >
        下载收据
      </Button>
    );
  }
  if (order.state === 'unpaid') {
    return (
      <Button size="small" type="primary" onClick={() => onPay(order)}>
        去支付
      </Button>
    );
  }
  return null;
}

/** /my/record: my purchase records (paged), state, times, a receipt for a paid order. */
export default function RecordPage() {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [state, setState] = useState<OrderState | 'all'>('all');
  const [paying, setPaying] = useState<OrderView | null>(null);
  const orders = useMyOrders({ pageNum, pageSize, state: state === 'all' ? undefined : state });
  const phone = !Grid.useBreakpoint().md;
  const rows = orders.data?.rows ?? [];
  const stateTag = (s: OrderState) => <Tag color={STATE_COLOR[s]}>{OrderStateLabel[s]}</Tag>;

  return (
    <div className="page-section record-page">
      <div className="record-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          购买记录
        </Typography.Title>
        <Segmented
          value={state}
          onChange={(v) => {
            setState(v as OrderState | 'all');
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: '全部' },
            ...(Object.keys(OrderStateLabel) as OrderState[]).map((s) => ({ value: s, label: OrderStateLabel[s] })),
          ]}
        />
      </div>
      {phone ? (
        <div className="record-cards" data-testid="record-cards">
          {rows.length === 0 && !orders.isFetching ? <Empty description="暂无内容" /> : null}
          {rows.map((o) => (
            <Card key={o.id} size="small" className="record-card">
              <div className="record-card-top">
                <Link to={`/book-detail?id=${o.bookId}`}>{o.bookTitle}</Link>
                {stateTag(o.state)}
              </div>
              <div className="record-card-amount">{money(o.amount)}</div>
              <div className="record-card-line">订单号 {o.orderNo}</div>
              <div className="record-card-line">
                {o.channel ? PayChannelLabel[o.channel] : '未选择支付方式'} · 下单 {time(o.createdAt)}
              </div>
              {o.paidAt ? <div className="record-card-line">支付 {time(o.paidAt)}</div> : null}
              <div className="record-card-actions">
                <Actions order={o} onPay={setPaying} />
              </div>
            </Card>
          ))}
          <Pagination
            simple
            current={pageNum}
            pageSize={pageSize}
            total={orders.data?.total ?? 0}
            onChange={(p) => setPageNum(p)}
            hideOnSinglePage
          />
        </div>
      ) : (
        <Table<OrderView>
          rowKey="id"
          data-testid="record-table"
          loading={orders.isFetching}
          dataSource={rows}
          locale={{ emptyText: <Empty description="暂无内容" /> }}
          scroll={{ x: 980 }}
          pagination={{
            current: pageNum,
            pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (p, s) => {
              setPageNum(p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: '订单号', dataIndex: 'orderNo', width: 170 },
            {
              title: '教材',
              dataIndex: 'bookTitle',
              width: 160,
              render: (_v, o) => <Link to={`/book-detail?id=${o.bookId}`}>{o.bookTitle}</Link>,
            },
            { title: '金额', dataIndex: 'amount', width: 90, render: (v: number) => money(v) },
            {
              title: '支付方式',
              dataIndex: 'channel',
              width: 96,
              render: (c: OrderView['channel']) => (c ? PayChannelLabel[c] : '—'),
            },
            { title: '状态', dataIndex: 'state', width: 80, render: (s: OrderState) => stateTag(s) },
            { title: '下单时间', dataIndex: 'createdAt', width: 150, render: (v: number) => time(v) },
            {
              title: '支付时间',
              dataIndex: 'paidAt',
              width: 150,
              render: (_v, o) => time(o.refundedAt ?? o.paidAt),
            },
            { title: '操作', width: 100, fixed: 'right', render: (_v, o) => <Actions order={o} onPay={setPaying} /> },
          ]}
        />
      )}
      {paying && (
        <Suspense fallback={null}>
          <PayDialog
            orderId={paying.id}
            bookId={paying.bookId}
            onClose={() => {
              setPaying(null);
              void orders.refetch();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
