import { useState } from 'react';
import { Tag } from 'antd';
import { SampleState, type SampleAdminRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { applicationColumns, RejectDialog } from '../components/Review';

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
          ...applicationColumns<SampleAdminRow>({
            waiting: (r) => r.state === SampleState.AUDITING,
            approve: (r) => ({
              title: `通过《${r.bookTitle}》的样书申请？`,
              run: () => adminPost('/api/admin/sample-book/approve', { id: r.id }),
            }),
            onReject: setRejecting,
            reload: [LIST],
          }),
        ]}
      />
      <RejectDialog
        title="驳回样书申请"
        open={Boolean(rejecting)}
        onClose={() => setRejecting(undefined)}
        reload={[LIST]}
        reject={(reason) => adminPost('/api/admin/sample-book/reject', { id: rejecting!.id, reason })}
      />
    </>
  );
}
