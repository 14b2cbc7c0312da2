import { useMemo, useState } from 'react';
import { App, Button, Card, Modal, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import {
  ACTIVITY_KIND_LABEL,
  ACTIVITY_STATE_LABEL,
  ActivityKind,
  type ActivityRow,
  type SectionNode,
} from '@textbook/contracts';
import { useActivities, useActivityActions } from '../../../api/activities';
import { useAllClasses, useClassDetail } from '../../../api/classes';
import { useSectionTree } from '../../../api/books';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { ActivityForm, type SectionOption } from './ActivityForm';
import { LiveDrawer } from './LiveDrawer';
import '../../../styles/classes.css';
import '../../../styles/activities.css';

const KIND_COLOR: Record<string, string> = {
  checkin: 'green',
  discussion: 'purple',
  quiz: 'geekblue',
  material: 'gold',
};
const STATE_COLOR: Record<string, string> = { draft: 'orange', open: 'green', closed: 'default' };

function sectionOptions(nodes: SectionNode[], depth = 0, into: SectionOption[] = []): SectionOption[] {
  for (const n of nodes) {
    into.push({ value: n.id, label: `${'　'.repeat(depth)}${n.title}` });
    if (depth < 1) sectionOptions(n.children, depth + 1, into);
  }
  return into;
}

/** What the card says an activity is about: its code, minutes, questions, material, how many took part. */
function summary(a: ActivityRow): string {
  if (a.kind === ActivityKind.CHECKIN) {
    const late = a.lateMinutes ? `，迟到可签 ${a.lateMinutes} 分钟` : '';
    return `签到 ${a.minutes ?? 0} 分钟${late} · 已签到 ${a.taken} 人`;
  }
  if (a.kind === ActivityKind.QUIZ) return `${a.questionCount} 道题 · 已提交 ${a.taken} 人`;
  if (a.kind === ActivityKind.DISCUSSION) return `${a.taken} 条回复`;
  return [a.link ? '链接' : '', a.fileName ? `文件：${a.fileName}` : ''].filter(Boolean).join(' · ');
}

function CopyDialog({ row, bookId, onClose }: { row: ActivityRow; bookId?: number; onClose: () => void }) {
  const { message } = App.useApp();
  const classes = useAllClasses();
  const actions = useActivityActions();
  const [target, setTarget] = useState<number>();
  const options = (classes.data?.rows ?? [])
    .filter((c) => c.id !== row.classId)
    .map((c) => ({ value: c.id, label: `${c.name}（${c.bookName}）${c.bookId === bookId ? '' : ' · 不同教材'}` }));
  return (
    <Modal
      open
      title={`复制“${row.title}”到班级`}
      okText="复制"
      cancelText="取消"
      okButtonProps={{ disabled: !target }}
      onCancel={onClose}
      onOk={async () => {
        await actions.copy({ id: row.id, classId: target! });
        message.success('已复制为目标班级的未开始活动');
        onClose();
      }}
    >
      <p>复制活动的设置（标题、说明、时长、资料、题目），不复制签到、回复和作答记录。</p>
      <Select
        style={{ width: '100%' }}
        placeholder={options.length ? '选择目标班级' : '没有其他班级'}
        options={options}
        value={target}
        onChange={setTarget}
        loading={classes.isLoading}
        aria-label="目标班级"
      />
    </Modal>
  );
}

function ActivityCard({
  row,
  onEdit,
  onLive,
  onCopy,
}: {
  row: ActivityRow;
  onEdit: () => void;
  onLive: () => void;
  onCopy: () => void;
}) {
  const { message, modal } = App.useApp();
  const actions = useActivityActions();
  return (
    <Card
      size="small"
      className="activity-card"
      data-testid="activity-card"
      title={
        <Space wrap size={6}>
          <Tag color={KIND_COLOR[row.kind]}>{ACTIVITY_KIND_LABEL[row.kind]}</Tag>
          <span className="activity-title">{row.title}</span>
          <Tag color={STATE_COLOR[row.state]}>{ACTIVITY_STATE_LABEL[row.state]}</Tag>
        </Space>
      }
    >
      <div className="activity-meta">
        {row.state === 'open' && row.code && (
          <span>
            签到码 <strong className="activity-inline-code">{row.code}</strong>
          </span>
        )}
        <span>{summary(row)}</span>
      </div>
      <div className="activity-actions">
        {row.state === 'draft' && (
          <>
            <Button
              type="primary"
              size="small"
              onClick={async () => {
                await actions.open(row.id);
                message.success('活动已开始，已通知班级学生');
                onLive();
              }}
            >
              开始
            </Button>
            <Button size="small" onClick={onEdit}>
              编辑
            </Button>
          </>
        )}
        {row.state !== 'draft' && (
          <Button type={row.state === 'open' ? 'primary' : 'default'} size="small" onClick={onLive}>
            {row.state === 'open' ? '实时查看' : '查看结果'}
          </Button>
        )}
        {row.state === 'open' && (
          <Button
            size="small"
            onClick={async () => {
              await actions.close(row.id);
              message.success('活动已结束');
            }}
          >
            结束
          </Button>
        )}
        <Button size="small" onClick={onCopy}>
          复制到班级
        </Button>
        <Button
          size="small"
          danger
          onClick={() =>
            modal.confirm({
              title: `删除活动“${row.title}”？`,
              content: '活动的签到、回复和作答记录将一并删除，无法恢复。',
              okText: '删除',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: async () => {
                await actions.remove(row.id);
                message.success('活动已删除');
              },
            })
          }
        >
          删除
        </Button>
      </div>
    </Card>
  );
}

/** A class's teaching activities (issue 17): planned by chapter, opened in class, watched live, copied, deleted. */
function TeachActivity() {
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || 0;
  const cls = useClassDetail(classId || undefined);
  const list = useActivities(classId);
  const tree = useSectionTree(cls.data?.bookId ?? 0);
  const sections = useMemo(() => sectionOptions(tree.data ?? []), [tree.data]);
  const [section, setSection] = useState<number | undefined>();
  const [form, setForm] = useState<{ open: boolean; editing: ActivityRow | null }>({ open: false, editing: null });
  const [liveId, setLiveId] = useState<number | null>(null);
  const [copying, setCopying] = useState<ActivityRow | null>(null);

  if (!classId) return <EmptyState description="请从教学空间选择班级" />;
  if (cls.isLoading || list.isLoading) return <Skeleton active />;
  const rows = (list.data ?? []).filter((r) => section === undefined || r.sectionId === section);
  // Grouped by chapter, in the book's order; activities of no chapter last.
  const order = new Map(sections.map((s, i) => [s.value, i]));
  const groups = new Map<string, ActivityRow[]>();
  for (const r of [...rows].sort(
    (x, y) => (order.get(x.sectionId ?? -1) ?? 1e9) - (order.get(y.sectionId ?? -1) ?? 1e9),
  )) {
    const key = r.sectionTitle || '未分章节';
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const liveRow = list.data?.find((r) => r.id === liveId) ?? null;

  return (
    <div className="teaching activities">
      <div className="teaching-head">
        <Space wrap>
          <Link to={`/my/teachingSpace${cls.data ? `?bookId=${cls.data.bookId}` : ''}`} aria-label="返回教学空间">
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={4}>课堂活动 · {cls.data?.name}</Typography.Title>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
          新建活动
        </Button>
      </div>
      <Select
        className="activity-section-filter"
        allowClear
        placeholder="全部章节"
        options={sections}
        value={section}
        onChange={setSection}
        aria-label="按章节筛选"
      />
      {rows.length === 0 ? (
        <EmptyState description="还没有课堂活动，点击“新建活动”发起签到、讨论、随堂测验或分享资料" />
      ) : (
        [...groups].map(([title, items]) => (
          <section key={title} className="activity-group">
            <Typography.Title level={5}>{title}</Typography.Title>
            {items.map((row) => (
              <ActivityCard
                key={row.id}
                row={row}
                onEdit={() => setForm({ open: true, editing: row })}
                onLive={() => setLiveId(row.id)}
                onCopy={() => setCopying(row)}
              />
            ))}
          </section>
        ))
      )}
      {form.open && (
        <ActivityForm
          classId={classId}
          editing={form.editing}
          sections={sections}
          sectionId={section}
          onClose={() => setForm({ open: false, editing: null })}
        />
      )}
      {liveRow && <LiveDrawer row={liveRow} onClose={() => setLiveId(null)} />}
      {copying && <CopyDialog row={copying} bookId={cls.data?.bookId} onClose={() => setCopying(null)} />}
    </div>
  );
}

export default function TeachActivityPage() {
  return (
    <App>
      <TeachActivity />
    </App>
  );
}
