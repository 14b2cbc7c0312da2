import { useState } from 'react';
import { Button, Checkbox, Form, Input, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { StaffRoleLabel, StaffRoles, type StaffInfo, type StaffRole } from '@textbook/contracts';
import { adminGet, adminPost, useStaffMe } from '../../../api/admin';
import { encryptPassword } from '../../../api/auth';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { staffPasswordRules, staffRolesRules, staffUserNameRules } from '../rules';

const roleOptions = StaffRoles.map((r) => ({ value: r, label: StaffRoleLabel[r] }));

interface Values {
  userName: string;
  displayName: string;
  password?: string;
  roles: StaffRole[];
}

/** Staff accounts and their roles (super administrators only). */
export default function AdminStaff() {
  const me = useStaffMe().data;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: () => adminGet<StaffInfo[]>('/api/admin/staff/list'),
  });
  const [editing, setEditing] = useState<StaffInfo | 'new'>();
  const item = editing === 'new' ? undefined : editing;
  const reload = () => client.invalidateQueries({ queryKey: ['admin', 'staff'] });

  return (
    <div className="admin-table" data-testid="admin-staff">
      <div className="admin-table-bar">
        <span />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新建员工
        </Button>
      </div>
      <Table<StaffInfo>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: '用户名', dataIndex: 'userName', sorter: (a, b) => a.userName.localeCompare(b.userName) },
          { title: '姓名', dataIndex: 'displayName' },
          {
            title: '角色',
            key: 'roles',
            render: (_, r) => r.roles.map((role) => <Tag key={role}>{StaffRoleLabel[role]}</Tag>),
          },
          {
            title: '状态',
            key: 'disabled',
            render: (_, r) => (r.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) =>
              r.id === me?.id ? null : (
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <ConfirmAction
                    title={r.disabled ? `启用 ${r.userName}？` : `停用 ${r.userName}？`}
                    description={r.disabled ? undefined : '停用后其会话立即结束'}
                    danger={!r.disabled}
                    run={async () => {
                      await adminPost('/api/admin/staff/update', { id: r.id, disabled: !r.disabled });
                      await reload();
                    }}
                  >
                    {r.disabled ? '启用' : '停用'}
                  </ConfirmAction>
                </Space>
              ),
          },
        ]}
      />
      <FormModal<Values>
        title={item ? `编辑 ${item.userName}` : '新建员工'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        initialValues={
          item ? { userName: item.userName, displayName: item.displayName, roles: item.roles } : { roles: ['editor'] }
        }
        testId="staff-form"
        submit={async (v) => {
          const password = v.password ? await encryptPassword(v.password) : undefined;
          if (item) {
            await adminPost('/api/admin/staff/update', {
              id: item.id,
              displayName: v.displayName,
              roles: v.roles,
              password,
            });
          } else {
            await adminPost('/api/admin/staff/create', {
              userName: v.userName,
              displayName: v.displayName ?? '',
              roles: v.roles,
              password,
            });
          }
          await reload();
        }}
      >
        <Form.Item name="userName" label="用户名" rules={staffUserNameRules(!item)}>
          <Input disabled={Boolean(item)} autoComplete="off" />
        </Form.Item>
        <Form.Item name="displayName" label="姓名">
          <Input />
        </Form.Item>
        <Form.Item name="password" label={item ? '新密码（不改请留空）' : '密码'} rules={staffPasswordRules(!item)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="roles" label="角色" rules={staffRolesRules}>
          <Checkbox.Group options={roleOptions} />
        </Form.Item>
      </FormModal>
    </div>
  );
}
