import { useState } from 'react';
import { App, Button, Form, Input, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { ClassMsg, formatClassTime, type ClassStudentRow, Limits } from '@textbook/contracts';
import { exportStudents, studentList, useClassDetail, usePending, useStudentActions } from '../../../api/classes';
import { ConfirmAction } from '../../../kit/Confirm';
import { FormModal } from '../../../kit/FormModal';
import { ListTable } from '../../../kit/ListTable';
import { EmptyState } from '../../../components/Empty/EmptyState';
import '../../../styles/classes.css';
import { studentIdRules, studentNameRules } from '../studentRules';

const STATUS: Record<number, { text: string; color: string }> = {
  0: { text: '待审核', color: 'orange' },
  1: { text: '已加入', color: 'green' },
  2: { text: '未通过', color: 'default' },
};

function EditStudent({ row, onClose }: { row: ClassStudentRow; onClose: () => void }) {
  const actions = useStudentActions();
  return (
    <FormModal<{ studentId: string; name: string }>
      open
      title="编辑学生"
      onClose={onClose}
      showRefusal={false}
      done="学生信息已保存"
      initialValues={{ studentId: row.studentId, name: row.name }}
      submit={(v) => actions.update({ id: row.id, studentId: v.studentId.trim(), name: v.name.trim() })}
    >
      <Form.Item name="studentId" label="学号" rules={studentIdRules}>
        <Input />
      </Form.Item>
      <Form.Item name="name" label="姓名" rules={studentNameRules}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

function StudentsTab({ classId }: { classId: number }) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<ClassStudentRow | null>(null);
  const actions = useStudentActions();
  return (
    <div data-testid="student-list">
      <ListTable<ClassStudentRow>
        variant="centre"
        source={studentList}
        params={{ classId, ...(keyword ? { keyword } : {}) }}
        rowKey="id"
        minWidth={560}
        totalText={(n) => `共 ${n} 人`}
        table={{ size: 'middle', locale: { emptyText: <EmptyState /> } }}
        toolbar={
          <Input.Search
            placeholder="搜索学号或姓名"
            allowClear
            maxLength={Limits.SEARCH_MAX}
            style={{ width: 260, maxWidth: '100%' }}
            onSearch={(v) => setKeyword(v.trim())}
          />
        }
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
                    <ConfirmAction
                      title={`拒绝“${row.name}”加入班级？`}
                      okText="拒绝"
                      danger
                      run={() => actions.decide({ ids: [row.id], status: 2 })}
                      done={`已拒绝“${row.name}”的加入申请`}
                    >
                      拒绝
                    </ConfirmAction>
                  </>
                )}
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <ConfirmAction
                  title={`将“${row.name}”移出班级？`}
                  description="移出后，通过本班级加入其书架的教材将被移除。"
                  okText="移出"
                  danger
                  run={() => actions.remove([row.id])}
                  done="已移出班级"
                >
                  移出
                </ConfirmAction>
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
