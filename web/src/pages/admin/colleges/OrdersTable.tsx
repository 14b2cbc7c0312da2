import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import { type CollegeOrderRow, CollegeLimits } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { dateTime } from '../format';

export const ORDERS = '/api/admin/collegeOrder/page';
export const COLLEGES = '/api/admin/college/page';
const STATUS = [
  { value: '0', label: '待确认', color: 'gold' },
  { value: '1', label: '已确认', color: 'green' },
  { value: '2', label: '已拒绝', color: 'red' },
];

/**
 * College orders (every college's, or one college's): confirm a waiting order (its seats reach the college's
 * book through the ledger) or refuse it with a remark. Both ask first.
 */
export function CollegeOrdersTable({ collegeId }: { collegeId?: number }) {
  const [refusing, setRefusing] = useState<CollegeOrderRow>();
  return (
    <>
      <AdminTable<CollegeOrderRow>
        url={ORDERS}
        params={collegeId ? { collegeId } : undefined}
        rowKey={(r) => r.id}
        testId="admin-college-orders"
        filters={[{ name: 'status', label: '状态', options: STATUS.map(({ value, label }) => ({ value, label })) }]}
        columns={[
          { title: '订单号', dataIndex: 'id', sorter: (a, b) => a.id - b.id },
          ...(collegeId ? [] : [{ title: '学校', dataIndex: 'collegeName' }]),
          { title: '教材', dataIndex: 'bookName', ellipsis: true },
          { title: '数量', dataIndex: 'quantity', sorter: (a, b) => a.quantity - b.quantity },
          { title: '期限', key: 'term', render: (_, r) => `${r.termMonths} 个月` },
          {
            title: '状态',
            key: 'status',
            render: (_, r) => {
              const s = STATUS[r.status];
              return <Tag color={s?.color}>{s?.label}</Tag>;
            },
          },
          { title: '备注', dataIndex: 'remark', ellipsis: true },
          { title: '下单时间', key: 'createTime', render: (_, r) => dateTime(r.createTime) },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) =>
              r.status === 0 ? (
                <Space size={0}>
                  <ConfirmAction
                    title={`确认订单 ${r.id}？`}
                    description={`${r.collegeName}将获得《${r.bookName}》${r.quantity} 个授权`}
                    run={() => adminPost('/api/admin/collegeOrder/confirm', { id: r.id })}
                    done="订单已确认"
                    reload={[ORDERS, COLLEGES, '/api/admin/college/books']}
                  >
                    确认
                  </ConfirmAction>
                  <Button size="small" type="link" danger onClick={() => setRefusing(r)}>
                    拒绝
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <FormModal<{ remark?: string }>
        title="拒绝订单"
        open={Boolean(refusing)}
        onClose={() => setRefusing(undefined)}
        done="订单已拒绝"
        reload={[ORDERS, COLLEGES]}
        submit={(v) => adminPost('/api/admin/collegeOrder/refuse', { id: refusing!.id, remark: v.remark })}
      >
        <Form.Item name="remark" label="拒绝原因">
          <Input.TextArea rows={3} maxLength={CollegeLimits.REMARK_MAX} showCount />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** /admin/college-orders: every college's orders. */
export default function CollegeOrdersPage() {
  return <CollegeOrdersTable />;
}
