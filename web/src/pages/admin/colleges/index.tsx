import { useState } from 'react';
import { Button, Drawer, Form, Grid, Input, Space, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminCollegeRow,
  type CollegeBookRow,
  type CollegeUserRow,
  CollegeLimits,
  Limits,
} from '@textbook/contracts';
import { adminGet, adminKeys, adminPost } from '../../../api/admin';
import { AdminTable } from '../components/AdminTable';
import { ConfirmAction } from '../components/Confirm';
import { FormModal } from '../components/FormModal';
import { dateTime } from '../format';
import { COLLEGES, CollegeOrdersTable } from './OrdersTable';
import { collegeNameRules, memberPhoneRules } from '../rules';

const BOOKS = '/api/admin/college/books';
const ADMINS = '/api/admin/college/admins';

type CollegeForm = Pick<AdminCollegeRow, 'name' | 'contact' | 'phone' | 'address' | 'introduction'>;

function CollegeFields() {
  return (
    <>
      <Form.Item name="name" label="学校名称" rules={collegeNameRules}>
        <Input maxLength={CollegeLimits.NAME_MAX} />
      </Form.Item>
      <Form.Item name="contact" label="联系人">
        <Input maxLength={CollegeLimits.CONTACT_MAX} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话">
        <Input maxLength={CollegeLimits.PHONE_MAX} />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input maxLength={CollegeLimits.ADDRESS_MAX} />
      </Form.Item>
      <Form.Item name="introduction" label="简介">
        <Input.TextArea rows={3} maxLength={CollegeLimits.INTRODUCTION_MAX} />
      </Form.Item>
    </>
  );
}

/** The college's administrators: appoint a registered member by phone, dismiss one (asks first). */
function Admins({ college }: { college: AdminCollegeRow }) {
  const client = useQueryClient();
  const key = [...adminKeys.list(ADMINS), college.id];
  const admins = useQuery({
    queryKey: key,
    queryFn: () => adminGet<CollegeUserRow[]>(ADMINS, { collegeId: college.id }),
  });
  const [appointing, setAppointing] = useState(false);
  const reload = [ADMINS, COLLEGES];
  return (
    <div data-testid="college-admins">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setAppointing(true)} data-testid="appoint-admin">
          任命管理员
        </Button>
      </Space>
      <Table<CollegeUserRow>
        rowKey="id"
        size="small"
        loading={admins.isFetching}
        dataSource={admins.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '加入时间', key: 'createTime', render: (_, r) => dateTime(r.createTime) },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <ConfirmAction
                title={`撤销 ${r.realName} 的管理员身份？`}
                description="该用户仍是本校成员"
                danger
                run={async () => {
                  await adminPost('/api/admin/college/dismiss', { collegeId: college.id, memberId: r.memberId });
                  await admins.refetch();
                }}
                done="已撤销管理员身份"
                reload={[COLLEGES]}
              >
                撤销
              </ConfirmAction>
            ),
          },
        ]}
      />
      <FormModal<{ phone: string }>
        title={`任命${college.name}的管理员`}
        open={appointing}
        onClose={() => setAppointing(false)}
        done="已任命为学院管理员"
        reload={reload}
        testId="appoint-form"
        submit={async (v) => {
          await adminPost('/api/admin/college/appoint', { collegeId: college.id, phone: v.phone });
          await client.invalidateQueries({ queryKey: key });
        }}
      >
        <Form.Item name="phone" label="会员手机号" rules={memberPhoneRules}>
          <Input maxLength={Limits.PHONE_LENGTH} placeholder="已注册会员的手机号" />
        </Form.Item>
      </FormModal>
    </div>
  );
}

/** One college: administrators, books with seats, orders. */
function CollegeDrawer({ college, onClose }: { college?: AdminCollegeRow; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer title={college?.name} open={Boolean(college)} onClose={onClose} size={phone ? '100%' : 900} destroyOnHidden>
      {college && (
        <Tabs
          items={[
            { key: 'admins', label: '管理员', children: <Admins college={college} /> },
            {
              key: 'books',
              label: '教材与授权',
              children: (
                <AdminTable<CollegeBookRow>
                  url={BOOKS}
                  params={{ collegeId: college.id }}
                  rowKey={(r) => r.id}
                  testId="college-books"
                  filters={[{ name: 'bookName', label: '教材', placeholder: '书名' }]}
                  columns={[
                    { title: '教材', dataIndex: 'bookName', ellipsis: true },
                    { title: '购买', dataIndex: 'boughtCount', sorter: (a, b) => a.boughtCount - b.boughtCount },
                    { title: '已授权', dataIndex: 'givenCount', sorter: (a, b) => a.givenCount - b.givenCount },
                    {
                      title: '剩余',
                      dataIndex: 'residueAuthorizeCount',
                      sorter: (a, b) => a.residueAuthorizeCount - b.residueAuthorizeCount,
                    },
                    { title: '到期', key: 'expiresAt', render: (_, r) => dateTime(r.expiresAt) || '长期' },
                  ]}
                />
              ),
            },
            { key: 'orders', label: '订单', children: <CollegeOrdersTable collegeId={college.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}

/** Colleges: create and edit, administrators, books and seats, orders (the finance staff's 学院 menu). */
export default function AdminColleges() {
  const [editing, setEditing] = useState<AdminCollegeRow | 'new'>();
  const [open, setOpen] = useState<AdminCollegeRow>();
  return (
    <>
      <AdminTable<AdminCollegeRow>
        url={COLLEGES}
        rowKey={(r) => r.id}
        testId="admin-colleges"
        filters={[{ name: 'keyword', label: '学校', placeholder: '学校名称' }]}
        toolbar={
          <Button type="primary" onClick={() => setEditing('new')} data-testid="college-new">
            新建学校
          </Button>
        }
        columns={[
          { title: 'ID', dataIndex: 'id', sorter: (a, b) => a.id - b.id },
          { title: '学校', dataIndex: 'name' },
          { title: '联系人', dataIndex: 'contact' },
          { title: '成员', dataIndex: 'memberCount', sorter: (a, b) => a.memberCount - b.memberCount },
          { title: '教材', dataIndex: 'bookCount', sorter: (a, b) => a.bookCount - b.bookCount },
          {
            title: '待确认订单',
            key: 'waitingOrders',
            sorter: (a, b) => a.waitingOrders - b.waitingOrders,
            render: (_, r) => (r.waitingOrders ? <Tag color="gold">{r.waitingOrders}</Tag> : 0),
          },
          {
            title: '管理员',
            key: 'admins',
            render: (_, r) => (r.admins.length ? r.admins.map((a, i) => <Tag key={i}>{a}</Tag>) : '—'),
          },
          { title: '创建时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setOpen(r)}>
                  详情
                </Button>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<CollegeForm>
        title={editing === 'new' ? '新建学校' : '编辑学校'}
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        initialValues={editing && editing !== 'new' ? editing : {}}
        reload={[COLLEGES]}
        testId="college-form"
        submit={(v) =>
          editing === 'new'
            ? adminPost('/api/admin/college/save', v)
            : adminPost('/api/admin/college/update', { ...v, id: (editing as AdminCollegeRow).id })
        }
      >
        <CollegeFields />
      </FormModal>
      <CollegeDrawer college={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
