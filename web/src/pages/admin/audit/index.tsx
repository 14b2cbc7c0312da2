import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { AuditRow } from '@textbook/contracts';
import { adminDownload } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { dateTime } from '../format';

const code = (text: string | null) =>
  text ? (
    <Typography.Text code ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
      {text}
    </Typography.Text>
  ) : null;

/** The audit log of staff changes: who, what, before and after; exportable as xlsx. */
export default function AdminAudit() {
  return (
    <AdminTable<AuditRow>
      url="/api/admin/audit/page"
      rowKey={(r) => r.id}
      testId="admin-audit"
      filters={[{ name: 'keyword', label: '关键词', placeholder: '操作、地址、员工或对象' }]}
      toolbar={
        <Button icon={<DownloadOutlined />} onClick={() => void adminDownload('/api/admin/audit/export')}>
          导出 Excel
        </Button>
      }
      columns={[
        {
          title: '时间',
          key: 'createdAt',
          render: (_, r) => dateTime(r.createdAt),
          sorter: (a, b) => a.createdAt - b.createdAt,
        },
        { title: '员工', dataIndex: 'staffName' },
        { title: '操作', key: 'summary', render: (_, r) => <span title={r.summary}>{r.action}</span> },
        { title: '地址', key: 'url', render: (_, r) => `${r.method} ${r.url}` },
        { title: '对象', dataIndex: 'target' },
        { title: '修改前', key: 'before', render: (_, r) => code(r.before) },
        { title: '修改后', key: 'after', render: (_, r) => code(r.after) },
      ]}
    />
  );
}
