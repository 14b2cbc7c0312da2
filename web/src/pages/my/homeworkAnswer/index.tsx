import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Alert, Button, Card, Checkbox, Input, Radio, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import {
  BEIJING_TIME_NOTE,
  formatTimeOfDay,
  readsChinaTime,
  timeLeftText,
  type AnswerValue,
  type HomeworkAnswers,
  type HomeworkQuestion,
  type ItemResult,
  type StudentHomeworkInfo,
  HomeworkLimits,
} from '@textbook/contracts';
import { saveDraft, useStudentHomeworkInfo, useSubmitHomework } from '../../../api/homework';
import { QuestionHtml, TYPE_LABEL, answerText } from '../../../components/Homework/QuestionHtml';
import '../../../styles/homework.css';

const SAVE_DELAY_MS = 1200;
const backupKey = (id: number) => `homework-draft:${id}`;

interface Backup {
  answers: HomeworkAnswers;
  at: number;
}

function readBackup(id: number): Backup | null {
  try {
    const text = localStorage.getItem(backupKey(id));
    return text ? (JSON.parse(text) as Backup) : null;
  } catch {
    return null;
  }
}

/** The browser's copy of the answers, written on every change (a lost connection loses nothing). */
function writeBackup(id: number, answers: HomeworkAnswers) {
  try {
    localStorage.setItem(backupKey(id), JSON.stringify({ answers, at: Date.now() }));
  } catch {
    // Storage full or refused: the server copy still comes.
  }
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: number } | { kind: 'offline' };

/** One question's answer field, by type. */
function AnswerField({
  q,
  value,
  disabled,
  onChange,
}: {
  q: HomeworkQuestion;
  value: AnswerValue | undefined;
  disabled: boolean;
  onChange: (v: AnswerValue) => void;
}) {
  const question = q.question as {
    type: string;
    options: { key: string; html: string }[];
    blanks?: number;
  };
  switch (question.type) {
    case 'single':
      return (
        <Radio.Group
          className="hw-options"
          value={typeof value === 'string' ? value : undefined}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as string)}
        >
          {question.options.map((o) => (
            <Radio key={o.key} value={o.key} className="hw-option">
              <span className="hw-option-key">{o.key}.</span>
              <QuestionHtml html={o.html} inline />
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          className="hw-options"
          value={Array.isArray(value) ? value : []}
          disabled={disabled}
          onChange={(keys) => onChange([...(keys as string[])].sort())}
        >
          {question.options.map((o) => (
            <Checkbox key={o.key} value={o.key} className="hw-option">
              <span className="hw-option-key">{o.key}.</span>
              <QuestionHtml html={o.html} inline />
            </Checkbox>
          ))}
        </Checkbox.Group>
      );
    case 'judge':
      return (
        <Radio.Group
          className="hw-options hw-judge"
          value={typeof value === 'boolean' ? value : undefined}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as boolean)}
        >
          <Radio value={true}>正确</Radio>
          <Radio value={false}>错误</Radio>
        </Radio.Group>
      );
    case 'blank': {
      const count = Math.max(1, question.blanks ?? 1);
      const list = Array.isArray(value) ? value : [];
      return (
        <div className="hw-blanks">
          {Array.from({ length: count }, (_, i) => (
            <Input
              key={i}
              aria-label={`第${i + 1}空`}
              placeholder={`第${i + 1}空`}
              value={list[i] ?? ''}
              disabled={disabled}
              maxLength={HomeworkLimits.BLANK_MAX}
              onChange={(e) => {
                const next = Array.from({ length: count }, (_, j) => list[j] ?? '');
                next[i] = e.target.value;
                onChange(next);
              }}
            />
          ))}
        </div>
      );
    }
    default:
      return (
        <Input.TextArea
          aria-label="作答"
          placeholder="请输入答案"
          autoSize={{ minRows: 3, maxRows: 12 }}
          maxLength={HomeworkLimits.ANSWER_MAX}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function ResultBlock({ q, result }: { q: HomeworkQuestion; result: ItemResult | undefined }) {
  const question = q.question as { type: string; answer: unknown; analysis: string | null };
  return (
    <div className="hw-result">
      <Space wrap>
        {result ? (
          <Tag color={result.correct ? 'green' : result.needsReview ? 'orange' : 'red'}>
            {result.needsReview ? '待批阅' : `得分 ${result.score} / ${result.full}`}
          </Tag>
        ) : (
          <Tag>未作答</Tag>
        )}
        {question.type !== 'short' && question.answer !== null && (
          <span>正确答案：{answerText(question.type, question.answer)}</span>
        )}
      </Space>
      {question.type === 'short' && typeof question.answer === 'string' && question.answer && (
        <div className="hw-analysis">
          <span className="hw-label">参考答案</span>
          <QuestionHtml html={question.answer} />
        </div>
      )}
      {question.analysis && (
        <div className="hw-analysis">
          <span className="hw-label">解析</span>
          <QuestionHtml html={question.analysis} />
        </div>
      )}
      {result?.comment && <div className="hw-comment">教师评语：{result.comment}</div>}
    </div>
  );
}

function Answering({ info }: { info: StudentHomeworkInfo }) {
  const { modal, message } = App.useApp();
  const submit = useSubmitHomework();
  const [answers, setAnswers] = useState<HomeworkAnswers>(() => {
    const backup = readBackup(info.id);
    // The browser's copy wins when it is newer than the server's (written while the connection was lost).
    return backup && backup.at > (info.savedTime ?? 0) && info.canSubmit ? backup.answers : info.answers;
  });
  const [save, setSave] = useState<SaveState>(
    info.savedTime ? { kind: 'saved', at: info.savedTime } : { kind: 'idle' },
  );
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(answers);
  const dirty = useRef(false);

  const flush = useCallback(async () => {
    if (!dirty.current) return;
    dirty.current = false;
    setSave({ kind: 'saving' });
    try {
      const { savedTime } = await saveDraft(info.id, latest.current);
      setSave({ kind: 'saved', at: savedTime });
    } catch {
      dirty.current = true;
      setSave({ kind: 'offline' });
    }
  }, [info.id]);

  useEffect(() => {
    const retry = () => void flush();
    window.addEventListener('online', retry);
    const leave = () => {
      if (dirty.current) void flush();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('pagehide', leave);
      clearTimeout(timer.current);
    };
  }, [flush]);

  const change = (itemId: number, value: AnswerValue) => {
    const next = { ...latest.current, [String(itemId)]: value };
    latest.current = next;
    setAnswers(next);
    dirty.current = true;
    writeBackup(info.id, next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  };

  const answered = info.questions.filter((q) => {
    const v = answers[String(q.itemId)];
    return Array.isArray(v)
      ? v.some((x) => x.trim() !== '')
      : typeof v === 'string'
        ? v.trim() !== ''
        : v !== undefined;
  }).length;

  const confirmSubmit = () => {
    const missing = info.questions.length - answered;
    modal.confirm({
      title: '提交作业？',
      content: `${missing > 0 ? `还有 ${missing} 道题未作答。` : '所有题目均已作答。'}提交后不能再修改。`,
      okText: '提交',
      cancelText: '再检查一下',
      onOk: async () => {
        setSubmitting(true);
        clearTimeout(timer.current);
        try {
          const done = await submit(info.id, latest.current);
          dirty.current = false;
          localStorage.removeItem(backupKey(info.id));
          message.success(done.late ? '已提交（迟交）' : '提交成功');
        } finally {
          setSubmitting(false);
        }
      },
    });
  };

  const writable = info.canSubmit;
  return (
    <>
      {info.questions.map((q, index) => {
        const type = String(q.question.type);
        return (
          <Card key={q.itemId} className="hw-question" size="small" data-testid="hw-question">
            <div className="hw-question-head">
              <span className="hw-index">{index + 1}</span>
              <Tag>{TYPE_LABEL[type] ?? type}</Tag>
              <span className="hw-score">{q.score} 分</span>
            </div>
            <QuestionHtml html={String(q.question.stem ?? '')} className="hw-stem" />
            <AnswerField
              q={q}
              value={answers[String(q.itemId)]}
              disabled={!writable}
              onChange={(v) => change(q.itemId, v)}
            />
            {info.resultsVisible && <ResultBlock q={q} result={info.results.find((r) => r.itemId === q.itemId)} />}
          </Card>
        );
      })}
      {writable && (
        <div className="hw-submit-bar">
          <span className="hw-save-state" role="status">
            已答 {answered}/{info.questions.length} ·{' '}
            {save.kind === 'saving'
              ? '正在保存…'
              : save.kind === 'saved'
                ? `已自动保存 ${formatTimeOfDay(save.at)}`
                : save.kind === 'offline'
                  ? '网络异常，答案已暂存在本机，恢复后自动保存'
                  : '作答会自动保存'}
          </span>
          <Button type="primary" loading={submitting} onClick={confirmSubmit}>
            提交作业
          </Button>
        </div>
      )}
    </>
  );
}

/** A student answers one homework (`?id=`), on a phone as well: answers save themselves while writing. */
function HomeworkAnswer() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = useStudentHomeworkInfo(id);
  const data = info.data;
  const status = useMemo(() => {
    if (!data) return null;
    if (data.status === 2) return <Tag color="green">已批阅</Tag>;
    if (data.status === 1) return <Tag color="blue">{data.late ? '已提交（迟交）' : '已提交'}</Tag>;
    if (!data.open) return <Tag>未开放</Tag>;
    return data.timeLeft > 0 ? <Tag color="orange">未提交</Tag> : <Tag color="red">已截止</Tag>;
  }, [data]);

  if (!id) return <Result status="404" title="作业不存在" />;
  if (info.isLoading) return <Skeleton active />;
  if (!data)
    return <Result status="warning" title="无法打开该作业" extra={<Link to="/my/homework">返回我的作业</Link>} />;

  return (
    <div className="hw-answer">
      <div className="hw-back">
        <Link to="/my/homework">‹ 我的作业</Link>
      </div>
      <Typography.Title level={4} className="hw-title">
        {data.title} {status}
      </Typography.Title>
      <div className="hw-meta">
        <span>{data.className}</span>
        <span>{data.sectionTitle}</span>
        <span>
          截止 {data.dueTime}
          {!readsChinaTime() && BEIJING_TIME_NOTE}
        </span>
        {data.timeLeft > 0 && data.status === 0 && <Tag color="gold">剩余 {timeLeftText(data.timeLeft)}</Tag>}
        <span>满分 {data.totalScore}</span>
      </div>
      {data.description && <p className="hw-description">{data.description}</p>}
      {data.resultsVisible && data.score !== null && (
        <Alert
          type="success"
          showIcon
          className="hw-score-banner"
          title={`得分 ${data.score} / ${data.totalScore}${data.late ? `（迟交，已扣 ${data.lateDeduct}%）` : ''}`}
          description={data.comment ? `教师评语：${data.comment}` : undefined}
        />
      )}
      {data.status !== 0 && !data.resultsVisible && (
        <Alert type="info" showIcon className="hw-score-banner" title="已提交，成绩和答案解析将在截止后公布" />
      )}
      {!data.open ? (
        <Alert type="info" showIcon title={`作业将于 ${data.openTime} 开放`} />
      ) : data.status === 0 && !data.canSubmit && data.timeLeft <= 0 ? (
        <Alert type="warning" showIcon className="hw-score-banner" title="作业已截止，不接受迟交" />
      ) : null}
      {data.status === 0 && data.canSubmit && data.timeLeft <= 0 && (
        <Alert
          type="warning"
          showIcon
          className="hw-score-banner"
          title={`已过截止时间，现在提交按迟交处理，扣除 ${data.lateDeduct}% 的得分`}
        />
      )}
      <Answering key={`${data.id}:${data.status}:${data.resultsVisible}`} info={data} />
    </div>
  );
}

export default function HomeworkAnswerPage() {
  return (
    <App>
      <HomeworkAnswer />
    </App>
  );
}
