import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import { SampleState, type SampleAdminRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { dateTime } from '../format';

const LIST = '/api/admin/sample-book/page';

/** Teachers' sample applications: approve, or reject with a reason. */
export default function AdminSamples() {
  const [rejecting, setRejecting] = useState<SampleAdminRow>();
  return (
    <>
      <AdminTable<SampleAdminRow>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-samples"
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '书名、教师或手机号' },
          {
            name: 'state',
            label: '状态',
            options: [
              { value: String(SampleState.AUDITING), label: '待审核' },
              { value: String(SampleState.APPROVED), label: '已通过' },
              { value: String(SampleState.REJECTED), label: '已驳回' },
            ],
          },
        ]}
        columns={[
          { title: '教材', dataIndex: 'bookTitle', ellipsis: true },
          { title: '教师', key: 'member', render: (_, r) => `${r.memberName}（${r.phone}）` },
          { title: '学院', dataIndex: 'collegeName' },
          { title: '有效期', dataIndex: 'validityLabel' },
          {
            title: '状态',
            key: 'state',
            render: (_, r) => (
              <Tag
                color={r.state === SampleState.APPROVED ? 'green' : r.state === SampleState.REJECTED ? 'red' : 'gold'}
              >
                {r.stateLabel}
              </Tag>
            ),
          },
          {
            title: '申请时间',
            key: 'createdAt',
            render: (_, r) => dateTime(r.createdAt),
            sorter: (a, b) => a.createdAt - b.createdAt,
          },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) =>
              r.state === SampleState.AUDITING ? (
                <Space size={0}>
                  <ConfirmAction
                    title={`通过《${r.bookTitle}》的样书申请？`}
                    run={() => adminPost('/api/admin/sample-book/approve', { id: r.id })}
                    done="已通过"
                    reload={[LIST]}
                  >
                    通过
                  </ConfirmAction>
                  <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
                    驳回
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <FormModal<{ reason: string }>
        title="驳回样书申请"
        open={Boolean(rejecting)}
        onClose={() => setRejecting(undefined)}
        done="已驳回"
        reload={[LIST]}
        submit={(v) => adminPost('/api/admin/sample-book/reject', { id: rejecting!.id, reason: v.reason })}
      >
        <Form.Item name="reason" label="驳回原因" rules={[{ required: true, message: '请填写驳回原因' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </FormModal>
    </>
  );
}
