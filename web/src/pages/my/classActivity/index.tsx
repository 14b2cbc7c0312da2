import { useState } from 'react';
import { App, Button, Card, Checkbox, Input, Radio, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import {
  ACTIVITY_KIND_LABEL,
  ACTIVITY_STATE_LABEL,
  ActivityKind,
  CHECKIN_STATUS_LABEL,
  type QuizForStudent,
  type StudentActivityRow,
  ActivityLimits,
} from '@textbook/contracts';
import { downloadMaterial, useStudentActivities, useStudentActivity, useTakePart } from '../../../api/activities';
import { useMyClasses } from '../../../api/classes';
import { QuestionHtml } from '../../../components/Homework/QuestionHtml';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { clockText, useCountdown } from '../../../components/Activities/countdown';
import { Replies, ReplyBox } from '../../../components/Activities/Discussion';
import '../../../styles/classes.css';
import '../../../styles/activities.css';

function CheckinPart({ row }: { row: StudentActivityRow }) {
  const take = useTakePart();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const left = useCountdown(row.state === 'open' ? row.endsAt : null);
  const lateLeft = useCountdown(row.state === 'open' ? row.lateUntil : null);
  if (row.mine.checkin) {
    return (
      <Result
        status="success"
        title={CHECKIN_STATUS_LABEL[row.mine.checkin]}
        subTitle={row.mine.checkin === 'late' ? '已记录为迟到' : '签到已完成'}
        className="compact-result"
      />
    );
  }
  if (row.state !== 'open') return <Typography.Text type="secondary">签到已结束，你未签到</Typography.Text>;
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await take.checkin({ id: row.id, code: code.trim() });
      message.success(answer.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="checkin-form">
      <Typography.Text type="secondary">
        {left > 0
          ? `剩余 ${clockText(left)}`
          : lateLeft > 0
            ? `已过签到时间，迟到签到剩余 ${clockText(lateLeft)}`
            : '签到码已过期'}
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          inputMode="numeric"
          maxLength={ActivityLimits.CODE_TYPED_MAX}
          placeholder="输入老师给出的签到码"
          aria-label="签到码"
          size="large"
          onPressEnter={() => void submit()}
        />
        <Button type="primary" size="large" loading={busy} disabled={!code.trim()} onClick={() => void submit()}>
          签到
        </Button>
      </Space.Compact>
    </div>
  );
}

type Answer = string | string[] | boolean;

function QuizPart({ id, quiz, open }: { id: number; quiz: QuizForStudent; open: boolean }) {
  const take = useTakePart();
  const { message } = App.useApp();
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [busy, setBusy] = useState(false);
  const given = (quiz.myAnswers ?? {}) as Record<string, Answer>;
  const grading = new Map((quiz.grading ?? []).map((g) => [g.questionId, g]));
  const locked = quiz.submitted || !open;
  const valueOf = (qid: number) => (locked ? given[String(qid)] : answers[qid]);
  const set = (qid: number, value: Answer) => setAnswers((all) => ({ ...all, [qid]: value }));
  const submit = async () => {
    setBusy(true);
    try {
      await take.submitQuiz({
        id,
        answers: Object.entries(answers).map(([questionId, answer]) => ({ questionId: Number(questionId), answer })),
      });
      message.success('已提交，老师结束测验后可查看答案');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="quiz-take">
      {quiz.score !== null && (
        <div className="quiz-score">
          得分 <strong>{quiz.score}</strong> / {quiz.fullScore}
        </div>
      )}
      {quiz.questions.map((q, i) => {
        const g = grading.get(q.id);
        const value = valueOf(q.id);
        return (
          <div key={q.id} className="quiz-question">
            <div className="quiz-stem">
              <span className="quiz-no">{i + 1}.</span>
              <QuestionHtml html={q.stem} />
              {g && <Tag color={g.correct ? 'green' : 'red'}>{g.correct ? '正确' : '错误'}</Tag>}
            </div>
            {q.type === 'single' && (
              <Radio.Group
                disabled={locked}
                value={value}
                onChange={(e) => set(q.id, e.target.value as string)}
                className="quiz-options"
              >
                {q.options.map((o) => (
                  <Radio key={o.key} value={o.key}>
                    <span className="quiz-option">
                      {o.key}. <QuestionHtml html={o.html} inline />
                    </span>
                  </Radio>
                ))}
              </Radio.Group>
            )}
            {q.type === 'multiple' && (
              <Checkbox.Group
                disabled={locked}
                value={Array.isArray(value) ? value : []}
                onChange={(v) => set(q.id, (v as string[]).slice().sort())}
                className="quiz-options"
              >
                {q.options.map((o) => (
                  <Checkbox key={o.key} value={o.key}>
                    <span className="quiz-option">
                      {o.key}. <QuestionHtml html={o.html} inline />
                    </span>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            )}
            {q.type === 'judge' && (
              <Radio.Group disabled={locked} value={value} onChange={(e) => set(q.id, e.target.value as boolean)}>
                <Radio value>正确</Radio>
                <Radio value={false}>错误</Radio>
              </Radio.Group>
            )}
            {q.type === 'blank' &&
              Array.from({ length: Math.max(1, q.blanks) }, (_, b) => (
                <Input
                  key={b}
                  disabled={locked}
                  className="quiz-blank"
                  placeholder={`第${b + 1}空`}
                  value={Array.isArray(value) ? (value[b] ?? '') : ''}
                  onChange={(e) => {
                    const list = Array.isArray(value) ? [...value] : [];
                    list[b] = e.target.value;
                    set(
                      q.id,
                      Array.from({ length: Math.max(1, q.blanks) }, (_, k) => list[k] ?? ''),
                    );
                  }}
                />
              ))}
            {q.answer !== null && (
              <div className="quiz-answer">
                答案：
                {q.type === 'judge'
                  ? q.answer
                    ? '正确'
                    : '错误'
                  : Array.isArray(q.answer)
                    ? (q.answer as (string | string[])[]).map((x) => (Array.isArray(x) ? x.join(' / ') : x)).join('；')
                    : String(q.answer)}
                {q.analysis && <QuestionHtml html={q.analysis} className="quiz-analysis" />}
              </div>
            )}
          </div>
        );
      })}
      {!locked && (
        <Button type="primary" block size="large" loading={busy} onClick={() => void submit()}>
          提交
        </Button>
      )}
      {quiz.submitted && quiz.score === null && <Tag color="green">已提交，老师结束测验后公布答案和得分</Tag>}
    </div>
  );
}

function ActivityPart({ row }: { row: StudentActivityRow }) {
  const live = row.kind === ActivityKind.DISCUSSION || row.kind === ActivityKind.QUIZ;
  const detail = useStudentActivity(live ? row.id : undefined, row.state === 'open');
  if (row.kind === ActivityKind.CHECKIN) return <CheckinPart row={row} />;
  if (row.kind === ActivityKind.MATERIAL) {
    return (
      <Space orientation="vertical">
        {row.link && (
          <a href={row.link} target="_blank" rel="noopener noreferrer nofollow">
            打开资料链接
          </a>
        )}
        {row.fileName && (
          <Button icon={<DownloadOutlined />} onClick={() => void downloadMaterial(row.id)}>
            下载 {row.fileName}
          </Button>
        )}
      </Space>
    );
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (row.kind === ActivityKind.DISCUSSION) {
    return (
      <>
        <Replies live={detail.data} canDelete={false} />
        {row.state === 'open' && <ReplyBox id={row.id} />}
      </>
    );
  }
  return detail.data.quiz ? <QuizPart id={row.id} quiz={detail.data.quiz} open={row.state === 'open'} /> : null;
}

/** A class's activities for one of its students, on a phone first: check in, reply, answer, download. */
function ClassActivity() {
  const [params] = useSearchParams();
  const classId = Number(params.get('classId')) || 0;
  const focus = Number(params.get('id')) || 0;
  const list = useStudentActivities(classId);
  const mine = useMyClasses();
  const cls = mine.data?.rows.find((c) => c.classId === classId);
  const [opened, setOpened] = useState<number | null>(focus || null);
  if (!classId) return <EmptyState description="请从已加入班级中选择班级" />;
  if (list.isLoading) return <Skeleton active />;
  // Open ones first (newest first), then the rest.
  const rows = [...(list.data ?? [])].sort(
    (x, y) => Number(y.state === 'open') - Number(x.state === 'open') || (y.openedAt ?? 0) - (x.openedAt ?? 0),
  );
  return (
    <div className="join-class activities">
      <div className="teaching-head">
        <Space>
          <Link to="/my/joinClass" aria-label="返回已加入班级">
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={4}>课堂活动{cls ? ` · ${cls.className}` : ''}</Typography.Title>
        </Space>
      </div>
      {rows.length === 0 ? (
        <EmptyState description="老师还没有发布课堂活动" />
      ) : (
        rows.map((row) => {
          const expanded = opened === row.id || (row.state === 'open' && opened === null);
          return (
            <Card
              key={row.id}
              size="small"
              className="activity-card"
              data-testid="student-activity"
              title={
                <Space wrap size={6}>
                  <Tag color="blue">{ACTIVITY_KIND_LABEL[row.kind]}</Tag>
                  <span className="activity-title">{row.title}</span>
                  <Tag color={row.state === 'open' ? 'green' : 'default'}>{ACTIVITY_STATE_LABEL[row.state]}</Tag>
                </Space>
              }
              extra={
                !expanded && (
                  <Button type="link" size="small" onClick={() => setOpened(row.id)}>
                    {row.state === 'open' ? '参与' : '查看'}
                  </Button>
                )
              }
            >
              {row.sectionTitle && <div className="activity-section">{row.sectionTitle}</div>}
              {row.content && <div className="activity-content">{row.content}</div>}
              {expanded && <ActivityPart row={row} />}
            </Card>
          );
        })
      )}
    </div>
  );
}

export default function ClassActivityPage() {
  return (
    <App>
      <ClassActivity />
    </App>
  );
}
