import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Skeleton,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { Link } from 'react-router';
import {
  CollegeLimits,
  CollegeMsg,
  Limits,
  type CollegeBookRow,
  type CollegeOrderRow,
  type CollegeUserRow,
  type ImportResult,
  PHONE_PATTERN,
} from '@textbook/contracts';
import { phoneRules } from '../../../kit/rules';
import { ConfirmAction } from '../../../kit/Confirm';
import { FormModal } from '../../../kit/FormModal';
import { ListTable } from '../../../kit/ListTable';
import { bookRules, collegeNameRules, quantityRules, rolesRules, termRules } from './rules';
import { collegeApi, collegeKeys, collegeLists, useCollegeDetail, useInvalidateCollege } from '../../../api/college';
import { saveFile } from '../../../kit/download';
import { AuthorizeDialog, BookPicker, CodesDialog, day, time } from './parts';

const ROLE_NAMES: Record<number, string> = { 0: '普通用户', 1: '院校管理员', 2: '教师', 3: '学生' };
const ORDER_STATUS: Record<number, [string, string]> = {
  0: ['待确认', 'orange'],
  1: ['已确认', 'green'],
  2: ['已拒绝', 'default'],
};

function CollegeInfo() {
  const { message } = App.useApp();
  const detail = useCollegeDetail();
  const invalidate = useInvalidateCollege();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm();
  if (detail.isLoading || !detail.data) return <Skeleton active />;
  const d = detail.data;
  if (editing) {
    return (
      <Form
        form={form}
        layout="vertical"
        initialValues={d}
        style={{ maxWidth: 560 }}
        onFinish={async (values: Parameters<typeof collegeApi.saveDetail>[0]) => {
          await collegeApi.saveDetail(values);
          message.success('保存成功');
          setEditing(false);
          invalidate();
        }}
      >
        <Form.Item name="name" label="学校名称" rules={collegeNameRules}>
          <Input maxLength={CollegeLimits.NAME_MAX} />
        </Form.Item>
        <Form.Item name="logo" label="校徽地址">
          <Input maxLength={CollegeLimits.LOGO_MAX} />
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
          <Input.TextArea maxLength={CollegeLimits.INTRODUCTION_MAX} rows={4} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            保存
          </Button>
          <Button onClick={() => setEditing(false)}>取消</Button>
        </Space>
      </Form>
    );
  }
  return (
    <>
      <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small" data-testid="college-info">
        <Descriptions.Item label="学校名称">{d.name}</Descriptions.Item>
        <Descriptions.Item label="成员人数">{d.memberCount}</Descriptions.Item>
        <Descriptions.Item label="联系人">{d.contact || '—'}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{d.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="地址" span={2}>
          {d.address || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="简介" span={2}>
          {d.introduction || '—'}
        </Descriptions.Item>
      </Descriptions>
      <Button style={{ marginTop: 12 }} onClick={() => setEditing(true)}>
        编辑院校信息
      </Button>
    </>
  );
}

type MemberValues = { phone: string; realName: string; studentId: string; roles: number[]; hasGrant: boolean };

function MemberDialog({ row, onClose }: { row: CollegeUserRow | 'new'; onClose: () => void }) {
  const [who, setWho] = useState<string>();
  const editing = row !== 'new';
  const lookUp = async (phone: string) => {
    if (!PHONE_PATTERN.test(phone)) return setWho(undefined);
    const found = await collegeApi.nameByPhone(phone);
    setWho(
      found.exists
        ? `${found.name}${found.inCollege ? '（已是本校成员）' : ''}`
        : '该手机号尚未注册，保存后将为其开通账号并短信通知',
    );
  };
  return (
    <FormModal<MemberValues>
      open
      title={editing ? '编辑成员' : '添加成员'}
      onClose={onClose}
      okText="确定"
      showRefusal={false}
      done={editing ? '保存成功' : '添加成功'}
      reload={[collegeKeys.all]}
      initialValues={editing ? row : { roles: [3], realName: '', studentId: '', hasGrant: false }}
      submit={(values) => (editing ? collegeApi.updateUser({ id: row.id, ...values }) : collegeApi.addUser(values))}
    >
      <Form.Item name="phone" label="手机号" rules={phoneRules()} extra={who}>
        <Input
          maxLength={Limits.PHONE_LENGTH}
          disabled={editing}
          onChange={(e) => void lookUp(e.target.value.trim())}
        />
      </Form.Item>
      <Form.Item name="realName" label="姓名">
        <Input maxLength={Limits.STUDENT_NAME_MAX} />
      </Form.Item>
      <Form.Item name="studentId" label="学号/工号">
        <Input maxLength={Limits.STUDENT_ID_MAX} />
      </Form.Item>
      <Form.Item name="roles" label="角色" rules={rolesRules}>
        <Checkbox.Group options={[1, 2, 3].map((r) => ({ value: r, label: ROLE_NAMES[r] }))} />
      </Form.Item>
      <Form.Item
        name="hasGrant"
        label="教材发放权限"
        valuePropName="checked"
        extra="教师或管理员可向所教班级的学生发放本校教材授权"
      >
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

function Members() {
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<CollegeUserRow | 'new'>();
  const [imported, setImported] = useState<ImportResult>();
  const invalidate = useInvalidateCollege();
  return (
    <>
      <ListTable<CollegeUserRow>
        variant="centre"
        source={collegeLists.users}
        params={keyword ? { keyword } : {}}
        rowKey="id"
        toolbar={
          <Space wrap>
            <Input.Search
              allowClear
              maxLength={Limits.SEARCH_MAX}
              placeholder="手机号、姓名或学号"
              onSearch={(v) => setKeyword(v.trim())}
              style={{ width: 240 }}
            />
            <Button type="primary" onClick={() => setDialog('new')}>
              添加成员
            </Button>
            <Button onClick={async () => saveFile(await collegeApi.download('/api/collegeUser/export', { type: 0 }))}>
              导出
            </Button>
            <Button onClick={async () => saveFile(await collegeApi.download('/api/collegeUser/template', {}))}>
              下载导入模板
            </Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) => {
                collegeApi
                  .importUsers(file as File)
                  .then((result) => {
                    setImported(result);
                    invalidate();
                    onSuccess?.(null);
                  })
                  .catch((e: Error) => onError?.(e));
              }}
            >
              <Button>批量导入</Button>
            </Upload>
          </Space>
        }
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '学号', dataIndex: 'studentId' },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: number[], r: CollegeUserRow) => (
              <>
                {roles.map((n) => (
                  <Tag key={n}>{ROLE_NAMES[n]}</Tag>
                ))}
                {r.hasGrant && <Tag color="green">可发放</Tag>}
              </>
            ),
          },
          {
            title: '操作',
            render: (_: unknown, r: CollegeUserRow) => (
              <Space size={4}>
                <Button size="small" onClick={() => setDialog(r)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`将${r.realName}移出本校？其持有的授权将收回。`}
                  run={() => collegeApi.removeUser(r.id)}
                  done="已移出本校"
                  reload={[collegeKeys.all]}
                  danger
                  button={{ type: 'default' }}
                >
                  移出
                </ConfirmAction>
              </Space>
            ),
          },
        ]}
      />
      {dialog && <MemberDialog row={dialog} onClose={() => setDialog(undefined)} />}
      <Modal
        open={Boolean(imported)}
        title={
          imported
            ? CollegeMsg.IMPORT_SUMMARY(imported.added, imported.updated, imported.refused, imported.examples)
            : ''
        }
        onCancel={() => setImported(undefined)}
        footer={null}
      >
        {imported && imported.refused === 0 ? (
          <Alert type="success" showIcon title={CollegeMsg.IMPORT_ALL_DONE} data-testid="import-all-done" />
        ) : (
          <Table
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ y: 320 }}
            aria-label="未导入的行"
            dataSource={imported?.rows.filter((r) => r.result === 'refused') ?? []}
            columns={[
              { title: '行', dataIndex: 'row', width: 60 },
              { title: '手机号', dataIndex: 'phone' },
              { title: '原因', dataIndex: 'reason' },
            ]}
          />
        )}
      </Modal>
    </>
  );
}

function CollegeBooks() {
  const { message } = App.useApp();
  const invalidate = useInvalidateCollege();
  const [authorizing, setAuthorizing] = useState<CollegeBookRow>();
  const [coding, setCoding] = useState<CollegeBookRow>();
  const [adding, setAdding] = useState(false);
  const [bookId, setBookId] = useState<number>();
  return (
    <>
      <Button style={{ marginBottom: 12 }} onClick={() => setAdding(true)}>
        添加教材
      </Button>
      <ListTable<CollegeBookRow>
        variant="centre"
        source={collegeLists.books}
        rowKey="id"
        minWidth={760}
        testId="college-books"
        columns={[
          { title: '教材', dataIndex: 'bookName', fixed: 'left', width: 150 },
          { title: '购买', dataIndex: 'boughtCount', width: 70 },
          { title: '已授权', dataIndex: 'givenCount', width: 70 },
          {
            title: '剩余',
            dataIndex: 'residueAuthorizeCount',
            width: 70,
            render: (n: number) => <span data-testid="seats-left">{n}</span>,
          },
          { title: '到期', dataIndex: 'expiresAt', render: day, width: 110 },
          {
            title: '操作',
            render: (_: unknown, r: CollegeBookRow) => (
              <Space wrap size={4}>
                <Button size="small" type="primary" onClick={() => setAuthorizing(r)}>
                  授权
                </Button>
                <Button size="small" onClick={() => setCoding(r)}>
                  激活码
                </Button>
                <Link to={`/my/authDetails?id=${r.id}`}>
                  <Button size="small">授权明细</Button>
                </Link>
              </Space>
            ),
          },
        ]}
      />
      {authorizing && <AuthorizeDialog book={authorizing} open onClose={() => setAuthorizing(undefined)} />}
      {coding && <CodesDialog book={coding} open onClose={() => setCoding(undefined)} />}
      <Modal
        open={adding}
        title="添加教材"
        onCancel={() => setAdding(false)}
        okButtonProps={{ disabled: !bookId }}
        onOk={async () => {
          if (!bookId) return;
          await collegeApi.addBook(bookId);
          message.success('已添加，可通过订购获得授权数量');
          setAdding(false);
          invalidate();
        }}
        destroyOnHidden
      >
        <BookPicker value={bookId} onChange={setBookId} />
      </Modal>
    </>
  );
}

function Orders() {
  const { message } = App.useApp();
  const invalidate = useInvalidateCollege();
  const [form] = Form.useForm<{ bookId: number; quantity: number; termMonths: number; remark?: string }>();
  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={{ quantity: 50, termMonths: 12 }}
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={async (values) => {
          await collegeApi.order(values);
          message.success('订单已提交，等待出版社确认');
          form.resetFields();
          invalidate();
        }}
      >
        <Form.Item name="bookId" rules={bookRules} style={{ minWidth: 220 }}>
          <BookPicker />
        </Form.Item>
        <Form.Item name="quantity" label="数量" rules={quantityRules}>
          <InputNumber {...CollegeLimits.ORDER_QUANTITY} precision={0} />
        </Form.Item>
        <Form.Item name="termMonths" label="期限（月）" rules={termRules}>
          <InputNumber {...CollegeLimits.ORDER_TERM} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          订购
        </Button>
      </Form>
      <ListTable<CollegeOrderRow>
        variant="centre"
        source={collegeLists.orders}
        rowKey="id"
        minWidth={600}
        columns={[
          { title: '教材', dataIndex: 'bookName' },
          { title: '数量', dataIndex: 'quantity' },
          { title: '期限（月）', dataIndex: 'termMonths' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number) => <Tag color={ORDER_STATUS[s]?.[1]}>{ORDER_STATUS[s]?.[0]}</Tag>,
          },
          { title: '下单时间', dataIndex: 'createTime', render: time },
        ]}
      />
    </>
  );
}

function Academy() {
  return (
    <div className="page-section academy-page">
      <Typography.Title level={3}>院校信息</Typography.Title>
      <Tabs
        items={[
          { key: 'info', label: '院校信息', children: <CollegeInfo /> },
          { key: 'books', label: '教材授权', children: <CollegeBooks /> },
          { key: 'members', label: '成员', children: <Members /> },
          { key: 'orders', label: '订购', children: <Orders /> },
        ]}
      />
    </div>
  );
}

/** /my/academy (spec §2, role 1): the college's details, its books with seats, members and orders. */
export default function AcademyPage() {
  return (
    <App>
      <Academy />
    </App>
  );
}
