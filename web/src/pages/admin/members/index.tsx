import type { AdminMemberRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { dateTime } from '../format';

const LIST = '/api/admin/member/page';

/** Members: search by phone or name; end all of a member's sessions. */
export default function AdminMembers() {
  return (
    <AdminTable<AdminMemberRow>
      url={LIST}
      rowKey={(r) => r.id}
      testId="admin-members"
      filters={[{ name: 'keyword', label: '会员', placeholder: '手机号或姓名' }]}
      columns={[
        { title: 'ID', dataIndex: 'id', sorter: (a, b) => a.id - b.id },
        { title: '手机号', dataIndex: 'phone' },
        { title: '姓名', key: 'name', render: (_, r) => r.realName || r.userName },
        { title: '注册时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
        { title: '在线会话', dataIndex: 'sessions' },
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_, r) =>
            r.sessions > 0 ? (
              <ConfirmAction
                title={`结束 ${r.realName || r.userName} 的全部会话？`}
                danger
                run={() => adminPost('/api/admin/online/logout', { memberId: r.id })}
                done="已强制下线"
                reload={[LIST, '/api/admin/online/page']}
              >
                强制下线
              </ConfirmAction>
            ) : null,
        },
      ]}
    />
  );
}
