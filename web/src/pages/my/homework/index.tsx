import { useState } from 'react';
import { Alert, Button, Card, Pagination, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { BEIJING_TIME_NOTE, readsChinaTime, timeLeftText, type StudentHomeworkRow } from '@textbook/contracts';
import { useExpiringHomework, useStudentHomework } from '../../../api/homework';
import { EmptyState } from '../../../components/Empty/EmptyState';
import '../../../styles/homework.css';

function stateTag(row: StudentHomeworkRow) {
  if (row.status === 2) return <Tag color="green">已批阅</Tag>;
  if (row.status === 1) return <Tag color="blue">{row.late ? '已提交（迟交）' : '已提交'}</Tag>;
  if (!row.open) return <Tag>未开放</Tag>;
  if (row.timeLeft > 0) return <Tag color="orange">未提交</Tag>;
  return <Tag color="red">{row.lateRule === 'deduct' ? '已截止，可迟交' : '已截止'}</Tag>;
}

/** A student's homework over their classes (personal centre, from 已加入班级): open work first. */
function MyHomework() {
  const [state, setState] = useState<'all' | 'todo' | 'done'>('all');
  const [pageNum, setPageNum] = useState(1);
  const list = useStudentHomework({ pageNum, pageSize: 10, state: state === 'all' ? undefined : state });
  const expiring = useExpiringHomework();
  const rows = list.data?.rows ?? [];
  return (
    <div className="hw-list">
      <div className="hw-list-head">
        <Typography.Title level={4}>我的作业</Typography.Title>
        <Link to="/my/joinClass">已加入班级</Link>
      </div>
      {(expiring.data?.length ?? 0) > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`有 ${expiring.data!.length} 份作业即将截止：${expiring.data!.map((e) => e.title).join('、')}`}
        />
      )}
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v as typeof state);
          setPageNum(1);
        }}
        options={[
          { label: '全部', value: 'all' },
          { label: '待完成', value: 'todo' },
          { label: '已提交', value: 'done' },
        ]}
      />
      {list.isLoading ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <EmptyState description="暂无作业" />
      ) : (
        rows.map((row) => (
          <Card key={row.id} size="small" className="hw-card" data-testid="hw-card">
            <div className="hw-card-main">
              <div className="hw-card-title">
                <span>{row.title}</span> {stateTag(row)}
              </div>
              <div className="hw-meta">
                <span>{row.className}</span>
                <span>{row.sectionTitle}</span>
                <span>
                  {row.questionCount} 题 · 满分 {row.totalScore}
                </span>
              </div>
              <div className="hw-meta">
                <span>
                  截止 {row.dueTime}
                  {!readsChinaTime() && BEIJING_TIME_NOTE}
                </span>
                {row.status === 0 && row.timeLeft > 0 && row.open && (
                  <Tag color="gold">剩余 {timeLeftText(row.timeLeft)}</Tag>
                )}
                {row.score !== null && <strong className="hw-card-score">得分 {row.score}</strong>}
              </div>
            </div>
            <Space>
              <Link to={`/my/homeworkAnswer?id=${row.id}`}>
                <Button type={row.status === 0 && row.open ? 'primary' : 'default'} size="small">
                  {row.status === 0 && row.open && (row.timeLeft > 0 || row.lateRule === 'deduct') ? '去完成' : '查看'}
                </Button>
              </Link>
            </Space>
          </Card>
        ))
      )}
      {(list.data?.total ?? 0) > 10 && (
        <Pagination current={pageNum} total={list.data!.total} onChange={setPageNum} align="center" />
      )}
    </div>
  );
}

export default MyHomework;
