import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Grid, Input, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  ShelfSourceLabel,
  type AdminMemberDetail,
  type AdminMemberRow,
  type ShelfSourceName,
  Limits,
} from '@textbook/contracts';
import { adminGet, adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { dateTime } from '../format';
import { memberPhoneRules } from '../rules';

const LIST = '/api/admin/member/page';
const ROLE_NAMES = ['普通用户', '学院管理员', '教师', '学生'];
const nameOf = (r: { realName: string; userName: string }) => r.realName || r.userName;

/** One member: memberships (college, roles) and where each book on the shelf came from. */
function MemberDrawer({ id, onClose }: { id?: number; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  const detail = useQuery({
    queryKey: ['admin', 'member', id],
    queryFn: () => adminGet<AdminMemberDetail>('/api/admin/member/detail', { id: id! }),
    enabled: id !== undefined,
  });
  const m = detail.data;
  return (
    <Drawer title="会员详情" open={id !== undefined} onClose={onClose} size={phone ? '100%' : 720} destroyOnHidden>
      {m && (
        <div data-testid="member-detail">
          <Descriptions column={phone ? 1 : 2} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="姓名">{nameOf(m)}</Descriptions.Item>
            <Descriptions.Item label="手机号">{m.phone ?? '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {m.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="在线会话">{m.sessions}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{dateTime(m.createdAt)}</Descriptions.Item>
          </Descriptions>
          <h4>所属学校</h4>
          <Table
            rowKey="collegeId"
            size="small"
            pagination={false}
            dataSource={m.memberships}
            scroll={{ x: 'max-content' }}
            style={{ marginBottom: 16 }}
            columns={[
              {
                title: '学校',
                key: 'college',
                render: (_, r) => (
                  <>
                    {r.collegeName} {r.current && <Tag color="blue">当前</Tag>}
                  </>
                ),
              },
              { title: '角色', key: 'roles', render: (_, r) => r.roles.map((c) => <Tag key={c}>{ROLE_NAMES[c]}</Tag>) },
              { title: '校内姓名', dataIndex: 'realName' },
              { title: '学号/工号', dataIndex: 'studentId' },
            ]}
          />
          <h4>书架来源</h4>
          <Table
            rowKey={(r) => `${r.bookId}-${r.source}`}
            size="small"
            dataSource={m.shelf}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '教材', dataIndex: 'title', ellipsis: true },
              {
                title: '来源',
                key: 'source',
                render: (_, r) => <Tag>{ShelfSourceLabel[r.source as ShelfSourceName] ?? r.source}</Tag>,
              },
              { title: '加入时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
              { title: '到期', key: 'expiresAt', render: (_, r) => dateTime(r.expiresAt) || '长期' },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}

/**
 * Members: search by phone or name; a member's memberships and shelf sources; disable (their sessions end at
 * once) and enable; reset the phone they log in with; end all their sessions. Each asks first.
 */
export default function AdminMembers() {
  const [open, setOpen] = useState<number>();
  const [resetting, setResetting] = useState<AdminMemberRow>();
  return (
    <>
      <AdminTable<AdminMemberRow>
        url={LIST}
        rowKey={(r) => r.id}
        testId="admin-members"
        filters={[{ name: 'keyword', label: '会员', placeholder: '手机号或姓名' }]}
        columns={[
          { title: 'ID', dataIndex: 'id', sorter: (a, b) => a.id - b.id },
          { title: '手机号', dataIndex: 'phone' },
          { title: '姓名', key: 'name', render: (_, r) => nameOf(r) },
          {
            title: '状态',
            key: 'disabled',
            render: (_, r) => (r.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
          },
          { title: '注册时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
          { title: '在线会话', dataIndex: 'sessions', sorter: (a, b) => a.sessions - b.sessions },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                  详情
                </Button>
                {r.disabled ? (
                  <ConfirmAction
                    title={`启用 ${nameOf(r)} 的账号？`}
                    run={() => adminPost('/api/admin/member/enable', { id: r.id })}
                    done="账号已启用"
                    reload={[LIST]}
                  >
                    启用
                  </ConfirmAction>
                ) : (
                  <ConfirmAction
                    title={`停用 ${nameOf(r)} 的账号？`}
                    description="其登录会话将立即结束，且无法再登录，直到重新启用"
                    danger
                    run={() => adminPost('/api/admin/member/disable', { id: r.id })}
                    done="账号已停用"
                    reload={[LIST, '/api/admin/online/page']}
                  >
                    停用
                  </ConfirmAction>
                )}
                <Button size="small" type="link" onClick={() => setResetting(r)}>
                  重置手机号
                </Button>
                {r.sessions > 0 && (
                  <ConfirmAction
                    title={`结束 ${nameOf(r)} 的全部会话？`}
                    danger
                    run={() => adminPost('/api/admin/online/logout', { memberId: r.id })}
                    done="已强制下线"
                    reload={[LIST, '/api/admin/online/page']}
                  >
                    强制下线
                  </ConfirmAction>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormModal<{ phone: string }>
        title={`重置 ${resetting ? nameOf(resetting) : ''} 的手机号`}
        open={Boolean(resetting)}
        onClose={() => setResetting(undefined)}
        done="手机号已重置"
        reload={[LIST]}
        testId="reset-phone-form"
        submit={(v) => adminPost('/api/admin/member/resetPhone', { id: resetting!.id, phone: v.phone })}
      >
        <p>原手机号：{resetting?.phone ?? '未绑定'}。重置后该会员的登录会话将结束，需用新手机号登录。</p>
        <Form.Item name="phone" label="新手机号" rules={memberPhoneRules}>
          <Input maxLength={Limits.PHONE_LENGTH} />
        </Form.Item>
      </FormModal>
      <MemberDrawer id={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
