import { useState } from 'react';
import { App, Button, Drawer, Input, InputNumber, Modal, Progress, Skeleton, Table, Tabs, Tag } from 'antd';
import {
  formatDateTime,
  type HomeworkQuestion,
  type SubmissionView,
  type TeacherHomeworkInfo,
  HomeworkLimits,
} from '@textbook/contracts';
import { useHomeworkActions, useTeacherHomeworkInfo } from '../../../api/homework';
import { QuestionHtml, TYPE_LABEL, answerText } from '../../../components/Homework/QuestionHtml';

function statusTag(s: SubmissionView) {
  if (s.status === 2) return <Tag color="green">已批阅</Tag>;
  if (s.status === 1) {
    const waiting = s.results.some((r) => r.needsReview);
    return <Tag color={waiting ? 'orange' : 'blue'}>{waiting ? '待批阅' : '已提交'}</Tag>;
  }
  return <Tag>未提交</Tag>;
}

/** The review of one submission: every question with the student's answer, a score and comment each. */
function ReviewDialog({
  info,
  submission,
  onClose,
}: {
  info: TeacherHomeworkInfo;
  submission: SubmissionView;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const actions = useHomeworkActions();
  const [scores, setScores] = useState<Record<number, { score: number; comment: string }>>(() =>
    Object.fromEntries(submission.results.map((r) => [r.itemId, { score: r.score, comment: r.comment }])),
  );
  const [comment, setComment] = useState(submission.comment);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const done = await actions.review(submission.id, {
        items: info.questions.map((q) => ({
          itemId: q.itemId,
          score: scores[q.itemId]?.score ?? 0,
          comment: scores[q.itemId]?.comment ?? '',
        })),
        comment,
      });
      message.success(`已保存，得分 ${done.score}`);
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={760}
      title={`批阅：${submission.name}（${submission.studentId}）`}
      okText="保存批阅"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      {info.questions.map((q: HomeworkQuestion, i) => {
        const question = q.question as { type: string; stem: string; answer: unknown; analysis: string };
        const result = submission.results.find((r) => r.itemId === q.itemId);
        const answer = submission.answers[String(q.itemId)];
        return (
          <div key={q.itemId} className="hw-review-item" data-testid="hw-review-item">
            <div className="hw-question-head">
              <span className="hw-index">{i + 1}</span>
              <Tag>{TYPE_LABEL[question.type] ?? question.type}</Tag>
              {result?.needsReview && <Tag color="orange">待批阅</Tag>}
            </div>
            <QuestionHtml html={question.stem} className="hw-stem" />
            <div className="hw-analysis">
              <span className="hw-label">学生答案</span>
              {question.type === 'short' ? (
                <div className="hw-description">{typeof answer === 'string' && answer ? answer : '（未作答）'}</div>
              ) : (
                answerText(question.type, answer)
              )}
            </div>
            <div className="hw-analysis">
              <span className="hw-label">{question.type === 'short' ? '参考答案' : '正确答案'}</span>
              {question.type === 'short' ? (
                <QuestionHtml html={String(question.answer ?? '')} />
              ) : (
                answerText(question.type, question.answer)
              )}
            </div>
            <div className="hw-review-score">
              <InputNumber
                aria-label={`第${i + 1}题得分`}
                min={0}
                max={q.score}
                step={0.5}
                value={scores[q.itemId]?.score ?? 0}
                suffix={`/ ${q.score}`}
                onChange={(v) =>
                  setScores((all) => ({
                    ...all,
                    [q.itemId]: { comment: all[q.itemId]?.comment ?? '', score: Number(v ?? 0) },
                  }))
                }
              />
              <Input
                aria-label={`第${i + 1}题评语`}
                placeholder="评语（可选）"
                maxLength={HomeworkLimits.COMMENT_MAX}
                value={scores[q.itemId]?.comment ?? ''}
                onChange={(e) =>
                  setScores((all) => ({
                    ...all,
                    [q.itemId]: { score: all[q.itemId]?.score ?? 0, comment: e.target.value },
                  }))
                }
              />
            </div>
          </div>
        );
      })}
      <Input.TextArea
        aria-label="总评"
        placeholder="总评（可选）"
        maxLength={HomeworkLimits.COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </Modal>
  );
}

/** One homework for its teacher: who submitted and their scores, review, per-question statistics, the questions. */
export function HomeworkDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const info = useTeacherHomeworkInfo(id);
  const [reviewing, setReviewing] = useState<SubmissionView | null>(null);
  const data = info.data;
  return (
    <Drawer open size={880} title={data?.title ?? '作业详情'} onClose={onClose}>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <div className="hw-meta" style={{ marginBottom: 8 }}>
            <span>{data.sectionTitle}</span>
            <span>
              {data.openTime} 至 {data.dueTime}
            </span>
            <span>
              已提交 {data.submittedCount}/{data.studentCount}
            </span>
            {data.toReviewCount > 0 && <Tag color="orange">{data.toReviewCount} 份待批阅</Tag>}
          </div>
          <Tabs
            items={[
              {
                key: 'submissions',
                label: '提交情况',
                children: (
                  <Table<SubmissionView>
                    rowKey="memberId"
                    size="small"
                    pagination={false}
                    dataSource={data.submissions}
                    scroll={{ x: 560 }}
                    columns={[
                      { title: '学号', dataIndex: 'studentId', width: 100 },
                      { title: '姓名', dataIndex: 'name', width: 90 },
                      { title: '状态', width: 90, render: (_v, s) => statusTag(s) },
                      {
                        title: '提交时间',
                        width: 150,
                        render: (_v, s) =>
                          s.submitTime ? (
                            <span>
                              {formatDateTime(s.submitTime)}
                              {s.late && <Tag color="red">迟交</Tag>}
                            </span>
                          ) : (
                            '—'
                          ),
                      },
                      { title: '得分', width: 70, render: (_v, s) => (s.score === null ? '—' : s.score) },
                      {
                        title: '',
                        width: 70,
                        render: (_v, s) =>
                          s.status >= 1 && (
                            <Button size="small" type="link" onClick={() => setReviewing(s)}>
                              批阅
                            </Button>
                          ),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'stats',
                label: '题目统计',
                children: (
                  <Table
                    rowKey="itemId"
                    size="small"
                    pagination={false}
                    dataSource={data.stats}
                    scroll={{ x: 560 }}
                    columns={[
                      { title: '#', width: 40, render: (_v, _r, i) => i + 1 },
                      {
                        title: '题目',
                        render: (_v, s) => {
                          const q = data.questions.find((x) => x.itemId === s.itemId);
                          return q ? <QuestionHtml html={String(q.question.stem ?? '')} inline /> : null;
                        },
                      },
                      {
                        title: '正确率',
                        width: 140,
                        render: (_v, s) =>
                          s.correctRate === null ? (
                            '—'
                          ) : (
                            <Progress percent={Math.round(s.correctRate * 100)} size="small" />
                          ),
                      },
                      { title: '平均分', width: 70, render: (_v, s) => s.averageScore ?? '—' },
                      {
                        title: '最常见错误答案',
                        width: 150,
                        render: (_v, s) => {
                          const q = data.questions.find((x) => x.itemId === s.itemId);
                          return s.commonWrong ? (
                            <span className="hw-stat-wrong">
                              {answerText(String(q?.question.type), s.commonWrong.answer)}（{s.commonWrong.count}人）
                            </span>
                          ) : (
                            '—'
                          );
                        },
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'questions',
                label: `题目（${data.questions.length}）`,
                children: data.questions.map((q, i) => (
                  <div key={q.itemId} className="hw-review-item">
                    <div className="hw-question-head">
                      <span className="hw-index">{i + 1}</span>
                      <Tag>{TYPE_LABEL[String(q.question.type)]}</Tag>
                      <span className="hw-score">{q.score} 分</span>
                    </div>
                    <QuestionHtml html={String(q.question.stem ?? '')} className="hw-stem" />
                    {((q.question.options as { key: string; html: string }[] | undefined) ?? []).map((o) => (
                      <div key={o.key}>
                        {o.key}. <QuestionHtml html={o.html} inline />
                      </div>
                    ))}
                    <div className="hw-meta">答案：{answerText(String(q.question.type), q.question.answer)}</div>
                  </div>
                )),
              },
            ]}
          />
          {reviewing && <ReviewDialog info={data} submission={reviewing} onClose={() => setReviewing(null)} />}
        </>
      )}
    </Drawer>
  );
}
