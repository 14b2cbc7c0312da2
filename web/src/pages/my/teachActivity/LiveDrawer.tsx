import { App, Button, Drawer, Empty, Grid, Progress, Space, Statistic, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ACTIVITY_KIND_LABEL,
  ACTIVITY_STATE_LABEL,
  ActivityKind,
  CHECKIN_STATUS_LABEL,
  formatTimeOfDay,
  type ActivityLive,
  type ActivityRow,
} from '@textbook/contracts';
import { downloadMaterial, useActivityActions, useActivityLive } from '../../../api/activities';
import { QuestionHtml } from '../../../components/Homework/QuestionHtml';
import { clockText, useCountdown } from '../../../components/Activities/countdown';
import { Replies, ReplyBox } from '../../../components/Activities/Discussion';

function CheckinView({ live }: { live: ActivityLive }) {
  const a = live.activity;
  const left = useCountdown(a.state === 'open' ? a.endsAt : null);
  const lateLeft = useCountdown(a.state === 'open' ? a.lateUntil : null);
  return (
    <div className="activity-live">
      {a.state === 'open' && a.code && (
        <div className="checkin-code-box">
          <div className="checkin-code-label">签到码</div>
          <div className="checkin-code" data-testid="checkin-code">
            {a.code}
          </div>
          <div className="checkin-code-time">
            {left > 0
              ? `剩余 ${clockText(left)}`
              : lateLeft > 0
                ? `已过签到时间，迟到签到剩余 ${clockText(lateLeft)}`
                : '签到码已过期'}
          </div>
        </div>
      )}
      <Space size="large" wrap>
        <Statistic title="已签到" value={live.checkins.length} suffix={`/ ${live.studentCount}`} />
        <Statistic title="迟到" value={live.checkins.filter((c) => c.status === 'late').length} />
        <Statistic title="未签到" value={live.absent.length} />
      </Space>
      <Typography.Title level={5}>已签到</Typography.Title>
      {live.checkins.length === 0 ? (
        <Typography.Text type="secondary" data-testid="checked-in">
          还没有学生签到
        </Typography.Text>
      ) : (
        <ul className="plain-list" data-testid="checked-in">
          {live.checkins.map((c) => (
            <li key={c.memberId}>
              <span>
                {c.name} <Typography.Text type="secondary">{c.studentId}</Typography.Text>
              </span>
              <span>
                <Typography.Text type="secondary">{formatTimeOfDay(c.at)}</Typography.Text>{' '}
                <Tag color={c.status === 'late' ? 'orange' : 'green'}>{CHECKIN_STATUS_LABEL[c.status]}</Tag>
              </span>
            </li>
          ))}
        </ul>
      )}
      {live.absent.length > 0 && (
        <>
          <Typography.Title level={5}>未签到</Typography.Title>
          <div className="absent-list">
            {live.absent.map((s) => (
              <Tag key={s.memberId}>{s.name || s.studentId}</Tag>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function QuizView({ live }: { live: ActivityLive }) {
  const quiz = live.quiz;
  if (!quiz) return null;
  if (quiz.questions.length === 0) return <Empty description="测验开始后显示题目与作答情况" />;
  return (
    <div className="activity-live">
      <Space size="large" wrap>
        <Statistic title="已提交" value={quiz.submissions} suffix={`/ ${live.studentCount}`} />
        <Statistic title="平均分" value={quiz.average ?? '-'} suffix={`/ ${quiz.fullScore}`} />
      </Space>
      {quiz.questions.map((q, i) => (
        <div key={q.id} className="quiz-stat">
          <div className="quiz-stem">
            <span className="quiz-no">{i + 1}.</span>
            <QuestionHtml html={q.stem} />
          </div>
          {q.options.map((o) => (
            <div key={o.key} className="quiz-option-stat">
              <span className="quiz-option-key">
                {o.key}
                {Array.isArray(q.answer) ? (q.answer as string[]).includes(o.key) && ' ✓' : q.answer === o.key && ' ✓'}
              </span>
              <Progress
                percent={quiz.submissions ? Math.round((o.count / quiz.submissions) * 100) : 0}
                format={() => `${o.count}人`}
                size="small"
              />
            </div>
          ))}
          {q.judge && (
            <Typography.Text>
              正确：{q.judge.yes} 人 · 错误：{q.judge.no} 人（答案：{q.answer ? '正确' : '错误'}）
            </Typography.Text>
          )}
          <div className="quiz-rate">
            正确率：{q.correctRate === null ? '-' : `${Math.round(q.correctRate * 100)}%`}（{q.correct} 人答对）
          </div>
        </div>
      ))}
      {quiz.scores.length > 0 && (
        <>
          <Typography.Title level={5}>学生成绩</Typography.Title>
          <div className="absent-list">
            {quiz.scores.map((s) => (
              <Tag key={s.memberId}>
                {s.name}：{s.score}
              </Tag>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** The live view of one activity: check-ins as they come, the discussion, the quiz's answers per option. */
export function LiveDrawer({ row, onClose }: { row: ActivityRow; onClose: () => void }) {
  const phone = Grid.useBreakpoint().md === false;
  const live = useActivityLive(row.id, row.state === 'open');
  const actions = useActivityActions();
  const { modal, message } = App.useApp();
  const data = live.data;
  const a = data?.activity ?? row;

  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : 560}
      title={
        <Space wrap>
          <Tag color="blue">{ACTIVITY_KIND_LABEL[a.kind]}</Tag>
          <span>{a.title}</span>
          <Tag color={a.state === 'open' ? 'green' : a.state === 'closed' ? 'default' : 'orange'}>
            {ACTIVITY_STATE_LABEL[a.state]}
          </Tag>
        </Space>
      }
      extra={
        a.state === 'open' ? (
          <Button
            danger
            onClick={async () => {
              await actions.close(a.id);
              message.success('活动已结束');
            }}
          >
            结束
          </Button>
        ) : null
      }
    >
      <div data-testid="activity-live">
        {a.content && <div className="activity-content">{a.content}</div>}
        {!data ? null : a.kind === ActivityKind.CHECKIN ? (
          <CheckinView live={data} />
        ) : a.kind === ActivityKind.DISCUSSION ? (
          <>
            <Replies
              live={data}
              canDelete
              onDelete={(replyId) =>
                modal.confirm({
                  title: '删除这条回复？',
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: async () => {
                    await actions.deleteReply(replyId);
                    message.success('回复已删除');
                  },
                })
              }
            />
            {a.state === 'open' && <ReplyBox id={a.id} />}
          </>
        ) : a.kind === ActivityKind.QUIZ ? (
          <QuizView live={data} />
        ) : (
          <Space orientation="vertical">
            {a.link && (
              <a href={a.link} target="_blank" rel="noopener noreferrer nofollow">
                {a.link}
              </a>
            )}
            {a.fileName && (
              <Button icon={<DownloadOutlined />} onClick={() => void downloadMaterial(a.id)}>
                {a.fileName}
              </Button>
            )}
          </Space>
        )}
      </div>
    </Drawer>
  );
}
