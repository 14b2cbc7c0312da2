import type { OnlineRow } from '@textbook/contracts';
import { adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { dateTime } from '../format';

const LIST = '/api/admin/online/page';

/** Online users: members' open sessions; force logout ends one at once (their next request asks to log in). */
export default function AdminOnline() {
  return (
    <AdminTable<OnlineRow>
      url={LIST}
      rowKey={(r) => r.sessionId}
      testId="admin-online"
      filters={[{ name: 'keyword', label: '会员', placeholder: '手机号或姓名' }]}
      columns={[
        { title: '会员', key: 'member', render: (_, r) => `${r.name}（${r.phone ?? r.memberId}）` },
        {
          title: '登录时间',
          key: 'createdAt',
          render: (_, r) => dateTime(r.createdAt),
          sorter: (a, b) => a.createdAt - b.createdAt,
        },
        {
          title: '最近活动',
          key: 'lastSeenAt',
          render: (_, r) => dateTime(r.lastSeenAt),
          sorter: (a, b) => a.lastSeenAt - b.lastSeenAt,
        },
        { title: '过期时间', key: 'expiresAt', render: (_, r) => dateTime(r.expiresAt) },
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <ConfirmAction
              title={`强制 ${r.name} 下线？`}
              description="该会话立即结束，会员需重新登录"
              danger
              run={() => adminPost('/api/admin/online/logout', { sessionId: r.sessionId })}
              done="已强制下线"
              reload={[LIST]}
            >
              强制下线
            </ConfirmAction>
          ),
        },
      ]}
    />
  );
}
