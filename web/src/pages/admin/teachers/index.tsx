import { useState } from 'react';
import { Image, Space, Tag, Typography } from 'antd';
import { CertState, CertStateLabel, type CertRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { applicationColumns, RejectDialog } from '../components/Review';

const LIST = '/api/admin/teacherCert/page';
const COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

/** Teacher certifications: approve (the member becomes a teacher of the college), or reject with a reason. */
export default function AdminTeacherCerts() {
  const [rejecting, setRejecting] = useState<CertRow>();
  return (
    <>
      <AdminTable<CertRow>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-teacher-certs"
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '姓名、手机号或学校' },
          {
            name: 'state',
            label: '状态',
            options: Object.values(CertState).map((s) => ({ value: String(s), label: CertStateLabel[s]! })),
          },
        ]}
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '学校', dataIndex: 'collegeName' },
          { title: '认证说明', dataIndex: 'proof', ellipsis: true, width: 240 },
          {
            title: '证明图片',
            key: 'proofImage',
            render: (_, r) => (r.proofImage ? <Image src={r.proofImage} width={48} alt="证明图片" /> : '—'),
          },
          {
            title: '状态',
            key: 'state',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={COLOR[r.state]}>{r.stateLabel}</Tag>
                {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
              </Space>
            ),
          },
          ...applicationColumns<CertRow>({
            waiting: (r) => r.state === CertState.AUDITING,
            approve: (r) => ({
              title: `通过 ${r.realName} 的教师认证？`,
              description: `将成为${r.collegeName}的教师`,
              run: () => adminPost('/api/admin/teacherCert/approve', { id: r.id }),
            }),
            onReject: setRejecting,
            reload: [LIST],
          }),
        ]}
      />
      <RejectDialog
        title="驳回教师认证"
        open={Boolean(rejecting)}
        onClose={() => setRejecting(undefined)}
        reload={[LIST]}
        testId="cert-reject-form"
        reject={(reason) => adminPost('/api/admin/teacherCert/reject', { id: rejecting!.id, reason })}
      />
    </>
  );
}
