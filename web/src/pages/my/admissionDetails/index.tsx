import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { ClassMsg, formatClassTime, type ClassStudentRow, Limits } from '@textbook/contracts';
import { exportStudents, useClassDetail, usePending, useStudentActions, useStudents } from '../../../api/classes';
import { EmptyState } from '../../../components/Empty/EmptyState';
import '../../../styles/classes.css';
import { studentIdRules, studentNameRules } from '../studentRules';

const STATUS: Record<number, { text: string; color: string }> = {
  0: { text: '待审核', color: 'orange' },
  1: { text: '已加入', color: 'green' },
  2: { text: '未通过', color: 'default' },
};

function EditStudent({ row, onClose }: { row: ClassStudentRow; onClose: () => void }) {
  const [form] = Form.useForm<{ studentId: string; name: string }>();
  const { message } = App.useApp();
  const actions = useStudentActions();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await actions.update({ id: row.id, studentId: v.studentId.trim(), name: v.name.trim() });
      message.success('学生信息已保存');
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="编辑学生"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
    >
      <Form form={form} layout="vertical" initialValues={{ studentId: row.studentId, name: row.name }}>
        <Form.Item name="studentId" label="学号" rules={studentIdRules}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label="姓名" rules={studentNameRules}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StudentsTab({ classId }: { classId: number }) {
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<ClassStudentRow | null>(null);
  const students = useStudents(classId, { pageNum, pageSize: 10, keyword: keyword || undefined });
  const actions = useStudentActions();
  return (
    <div data-testid="student-list">
      <div className="admission-toolbar">
        <Input.Search
          placeholder="搜索学号或姓名"
          allowClear
          maxLength={Limits.SEARCH_MAX}
          style={{ maxWidth: 260 }}
          onSearch={(v) => {
            setPageNum(1);
            setKeyword(v.trim());
          }}
        />
      </div>
      <Table<ClassStudentRow>
        rowKey="id"
        size="middle"
        loading={students.isLoading}
        dataSource={students.data?.rows ?? []}
        scroll={{ x: 560 }}
        locale={{ emptyText: <EmptyState /> }}
        pagination={{
          current: pageNum,
          total: students.data?.total ?? 0,
          pageSize: 10,
          onChange: setPageNum,
          showTotal: (n) => `共 ${n} 人`,
        }}
        columns={[
          { title: '学号', dataIndex: 'studentId' },
          { title: '姓名', dataIndex: 'name' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number) => <Tag color={STATUS[s]?.color}>{STATUS[s]?.text}</Tag>,
          },
          { title: '申请时间', dataIndex: 'joinTime', render: (t: number) => formatClassTime(t) },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Space size={0}>
                {row.status === 0 && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      onClick={async () => {
                        await actions.decide({ ids: [row.id], status: 1 });
                        message.success(`已通过“${row.name}”的加入申请`);
                      }}
                    >
                      通过
                    </Button>
                    <Popconfirm
                      title={`拒绝“${row.name}”加入班级？`}
                      okText="拒绝"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        await actions.decide({ ids: [row.id], status: 2 });
                        message.success(`已拒绝“${row.name}”的加入申请`);
                      }}
                    >
                      <Button type="link" size="small" danger>
                        拒绝
                      </Button>
                    </Popconfirm>
                  </>
                )}
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`将“${row.name}”移出班级？`}
                  description="移出后，通过本班级加入其书架的教材将被移除。"
                  okText="移出"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await actions.remove([row.id]);
                    message.success('已移出班级');
                  }}
                >
                  <Button type="link" size="small" danger>
                    移出
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <EditStudent row={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function PendingTab({ classId }: { classId: number }) {
  const { message } = App.useApp();
  const pending = usePending(classId);
  const actions = useStudentActions();
  const [selected, setSelected] = useState<number[]>([]);
  const decide = async (status: 1 | 2, ids = selected) => {
    if (ids.length === 0) {
      message.warning(ClassMsg.NO_STUDENTS);
      return;
    }
    const n = await actions.decide({ ids, status });
    setSelected([]);
    message.success(status === 1 ? `已通过 ${n} 名学生` : `已拒绝 ${n} 名学生`);
  };
  return (
    <div data-testid="pending-list">
      <div className="admission-toolbar">
        <Button type="primary" disabled={selected.length === 0} onClick={() => void decide(1)}>
          批量通过{selected.length ? `（${selected.length}）` : ''}
        </Button>
        <Button danger disabled={selected.length === 0} onClick={() => void decide(2)}>
          批量拒绝
        </Button>
      </div>
      <Table<ClassStudentRow>
        rowKey="id"
        size="middle"
        loading={pending.isLoading}
        dataSource={pending.data ?? []}
        scroll={{ x: 520 }}
        locale={{ emptyText: <EmptyState description="暂无待审核的学生" /> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={[
          { title: '学号', dataIndex: 'studentId' },
          { title: '姓名', dataIndex: 'name' },
          { title: '申请时间', dataIndex: 'joinTime', render: (t: number) => formatClassTime(t) },
          {
            title: '操作',
            key: 'actions',
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void decide(1, [row.id])}>
                  通过
                </Button>
                <Button type="link" size="small" danger onClick={() => void decide(2, [row.id])}>
                  拒绝
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}

/** Admission details (spec §2): a class's students, pending approvals, edit, remove, export. */
function AdmissionDetails() {
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || 0;
  const detail = useClassDetail(classId || undefined);
  const [exporting, setExporting] = useState(false);
  const [tab, setTab] = useState(params.get('tab') === 'pending' ? 'pending' : 'students');
  if (!classId) return <EmptyState description="请从教学空间选择班级" />;
  if (detail.isLoading) return <Skeleton active />;
  if (!detail.data) return <EmptyState />;
  const cls = detail.data;
  return (
    <div className="admission">
      <Link to={`/my/teachingSpace?bookId=${cls.bookId}`} className="admission-back">
        <ArrowLeftOutlined /> 返回教学空间
      </Link>
      <div className="admission-head">
        <Typography.Title level={4}>{cls.name} · 学生管理</Typography.Title>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => {
            setExporting(true);
            exportStudents(classId)
              .catch(() => undefined)
              .finally(() => setExporting(false));
          }}
        >
          导出名单
        </Button>
      </div>
      <div className="admission-summary">
        <span>教材：{cls.bookName}</span>
        <span>班级码：{cls.code}</span>
        <span>
          有效期：{cls.startTime} 至 {cls.endTime}
        </span>
        <span>
          已加入 {cls.studentCount} 人，待审核 {cls.pendingCount} 人
        </span>
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'students', label: '学生名单', children: <StudentsTab classId={classId} /> },
          {
            key: 'pending',
            label: `待审核${cls.pendingCount ? `（${cls.pendingCount}）` : ''}`,
            children: <PendingTab classId={classId} />,
          },
        ]}
      />
    </div>
  );
}

export default function AdmissionDetailsPage() {
  return (
    <App>
      <AdmissionDetails />
    </App>
  );
}
