import { useState } from 'react';
import { App, Button, Card, Result, Skeleton, Space, Tag, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { BEIJING_TIME_NOTE, readsChinaTime, type HomeworkRow, type HomeworkSectionNode } from '@textbook/contracts';
import { api } from '../../../api';
import { useClassHomework, useHomeworkActions, useHomeworkClasses, useHomeworkTree } from '../../../api/homework';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { HomeworkDetail } from './HomeworkDetail';
import { HomeworkForm, type Picked } from './HomeworkForm';
import '../../../styles/homework.css';

interface TreeItem {
  key: number;
  title: React.ReactNode;
  children: TreeItem[];
}

function treeItems(nodes: HomeworkSectionNode[]): TreeItem[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.title}
        {n.homeworkCount > 0 && <span className="hw-chapter-count">{n.homeworkCount}</span>}
      </span>
    ),
    children: treeItems(n.children),
  }));
}

function HomeworkCard({
  row,
  onOpen,
  onEdit,
}: {
  row: HomeworkRow;
  onOpen: (row: HomeworkRow) => void;
  onEdit: (row: HomeworkRow) => void;
}) {
  const { modal, message } = App.useApp();
  const actions = useHomeworkActions();
  const draft = row.status === 0;
  const release = () =>
    modal.confirm({
      title: `发布“${row.title}”？`,
      content: `发布后班级的 ${row.studentCount} 名学生将收到通知，题目和分值不能再修改。`,
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        await actions.release(row.id);
        message.success('作业已发布');
      },
    });
  const remove = () =>
    modal.confirm({
      title: `删除“${row.title}”？`,
      content: draft ? '草稿删除后无法恢复。' : '作业删除后学生将看不到它，无法恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        if ((await actions.remove(row.id)) === 'ask') {
          modal.confirm({
            title: '已有学生提交',
            content: `已有 ${row.submittedCount} 名学生提交该作业，删除后提交记录和成绩将一并删除，确定删除吗？`,
            okText: '仍然删除',
            okButtonProps: { danger: true },
            cancelText: '取消',
            onOk: async () => {
              await actions.remove(row.id, true);
              message.success('作业已删除');
            },
          });
          return;
        }
        message.success('作业已删除');
      },
    });
  return (
    <Card size="small" className="hw-card" data-testid="hw-teacher-card">
      <div className="hw-card-main">
        <div className="hw-card-title">
          <span>{row.title}</span> {draft ? <Tag>草稿</Tag> : <Tag color="green">已发布</Tag>}
          {row.toReviewCount > 0 && <Tag color="orange">{row.toReviewCount} 份待批阅</Tag>}
        </div>
        <div className="hw-meta">
          <span>{row.sectionTitle}</span>
          <span>
            {row.questionCount} 题 · {row.totalScore} 分
          </span>
          <span>
            截止 {row.dueTime}
            {!readsChinaTime() && BEIJING_TIME_NOTE}
          </span>
          {!draft && (
            <span>
              已提交 {row.submittedCount}/{row.studentCount}
            </span>
          )}
          {row.lateRule === 'deduct' && <span>迟交扣 {row.lateDeduct}%</span>}
        </div>
      </div>
      <Space size={4} wrap>
        {draft && (
          <Button type="primary" size="small" onClick={release}>
            发布
          </Button>
        )}
        <Button size="small" onClick={() => onOpen(row)}>
          {draft ? '预览' : '查看'}
        </Button>
        <Button size="small" onClick={() => onEdit(row)}>
          编辑
        </Button>
        <Button size="small" danger onClick={remove}>
          删除
        </Button>
      </Space>
    </Card>
  );
}

/** A class's homework in the teaching space (`?classId=`): chapters of the book, the homework of the chosen one. */
function TeachingHomework() {
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || undefined;
  const classes = useHomeworkClasses();
  const cls = classes.data?.find((c) => c.id === classId);
  const tree = useHomeworkTree(cls?.bookId, classId);
  const [sectionId, setSectionId] = useState<number | undefined>();
  const list = useClassHomework(cls?.id, sectionId);
  const [form, setForm] = useState<{ editing: { row: HomeworkRow; items: Picked[] } | null } | null>(null);
  const [opened, setOpened] = useState<number | null>(null);

  if (classes.isLoading) return <Skeleton active />;
  if (!cls) return <Result status="404" title="班级不存在" extra={<Link to="/my/teachingSpace">返回教学空间</Link>} />;

  const edit = async (row: HomeworkRow) => {
    const info = await api.get<{
      questions: { questionId: number; score: number; question: Record<string, unknown> }[];
    }>('/api/homework/teacher/info', { id: row.id });
    setForm({
      editing: {
        row,
        items: info.questions.map((q) => ({
          questionId: q.questionId,
          score: q.score,
          type: String(q.question.type ?? ''),
          stem: String(q.question.stem ?? ''),
        })),
      },
    });
  };

  return (
    <div className="hw-teach">
      <div className="hw-back">
        <Link to={`/my/teachingSpace?bookId=${cls.bookId}`}>‹ 教学空间</Link>
      </div>
      <div className="hw-teach-head">
        <Typography.Title level={4}>{cls.name} · 作业</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
          布置作业
        </Button>
      </div>
      <div className="hw-meta">
        <span>{cls.bookName}</span>
        <span>{cls.studentCount} 名学生</span>
        <span>共 {cls.homeworkCount} 份作业</span>
      </div>
      <div className="hw-teach-body">
        <div className="hw-chapters" aria-label="章节">
          <Button
            type={sectionId === undefined ? 'primary' : 'text'}
            size="small"
            block
            onClick={() => setSectionId(undefined)}
            style={{ marginBottom: 6 }}
          >
            全部章节
          </Button>
          {tree.isLoading ? (
            <Skeleton active />
          ) : (
            <Tree<TreeItem>
              blockNode
              defaultExpandAll
              selectedKeys={sectionId ? [sectionId] : []}
              treeData={treeItems(tree.data ?? [])}
              onSelect={(keys) => setSectionId(keys.length ? Number(keys[0]) : undefined)}
            />
          )}
        </div>
        <div className="hw-teach-list">
          {list.isLoading ? (
            <Skeleton active />
          ) : (list.data?.length ?? 0) === 0 ? (
            <EmptyState description="本章节还没有作业，点击“布置作业”开始" />
          ) : (
            list.data!.map((row) => (
              <HomeworkCard key={row.id} row={row} onOpen={(r) => setOpened(r.id)} onEdit={(r) => void edit(r)} />
            ))
          )}
        </div>
      </div>
      {form && (
        <HomeworkForm
          cls={cls}
          tree={tree.data ?? []}
          editing={form.editing}
          sectionId={sectionId}
          onClose={() => setForm(null)}
        />
      )}
      {opened !== null && <HomeworkDetail id={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}

export default function TeachingHomeworkPage() {
  return (
    <App>
      <TeachingHomework />
    </App>
  );
}
