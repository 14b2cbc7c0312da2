import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Result, Skeleton, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import {
  BEIJING_TIME_NOTE,
  BLOCKING_CODE_STATUSES,
  ClassMsg,
  CodeStatus,
  JoinStatus,
  isPlaceholderName,
  readsChinaTime,
  type CodeCheckResult,
  type JoinResult,
  Limits,
} from '@textbook/contracts';
import { ApiError } from '../../../api';
import { checkCode, classKeys, joinClass, useExitClass, useMyClasses } from '../../../api/classes';
import { memberKeys, useMember } from '../../../api/member';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { RedeemCode } from '../../../components/RedeemCode';
import '../../../styles/classes.css';
import { studentIdRules, studentNameRules } from '../studentRules';

const CHECK_DELAY_MS = 400;

function checkTone(status: string): string {
  if (status === CodeStatus.OK) return 'ok';
  if (status === CodeStatus.OUTSIDE) return 'warn';
  return 'bad';
}

/** The result screen of a join (spec §3, §8): 加入成功 / 提交成功，待审核 / the validity range. */
function JoinResultView({ result, onAgain }: { result: JoinResult; onAgain: () => void }) {
  const again = (
    <Button key="again" onClick={onAgain}>
      继续加入其他班级
    </Button>
  );
  if (result.status === JoinStatus.SUCCESS) {
    return (
      <Result
        status="success"
        title={ClassMsg.JOIN_SUCCESS}
        subTitle={`您已加入${result.collegeName}“${result.className}”，教材《${result.bookName}》${
          result.joinShelf ? '已加入您的书架' : ''
        }`}
        extra={[
          result.joinShelf && (
            <Link key="open" to={`/bookPreview?bookId=${result.bookId}`}>
              <Button type="primary">打开教材</Button>
            </Link>
          ),
          <Link key="shelf" to="/list">
            <Button>去书架</Button>
          </Link>,
          again,
        ]}
      />
    );
  }
  if (result.status === JoinStatus.PENDING) {
    return (
      <Result
        status="info"
        title={ClassMsg.JOIN_PENDING}
        subTitle={`已申请加入“${result.className}”（教材《${result.bookName}》），教师审核通过后将通知您，届时教材会自动加入书架。`}
        extra={[again]}
      />
    );
  }
  return (
    <Result
      status="warning"
      title="不在班级码有效期内"
      subTitle={result.msg}
      extra={[
        <div key="range" className="join-range">
          班级码有效期：{result.startTime} 至 {result.endTime}
          {!readsChinaTime() && BEIJING_TIME_NOTE}
        </div>,
        again,
      ]}
    />
  );
}

/** The join form: code (checked live), student id and name (locked once set, except a placeholder name). */
function JoinForm({ onJoined }: { onJoined: (r: JoinResult) => void }) {
  const member = useMember();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ activationCode: string; studentId: string; name: string }>();
  const [check, setCheck] = useState<CodeCheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');
  const code = Form.useWatch('activationCode', { form, preserve: true });
  const studentId = Form.useWatch('studentId', { form, preserve: true });
  const name = Form.useWatch('name', { form, preserve: true });

  const idLocked = Boolean(member?.studentId);
  const nameLocked = Boolean(member?.realName) && !isPlaceholderName(member?.realName ?? '');

  const runCheck = (code: string) => {
    clearTimeout(timer.current);
    latest.current = code;
    setProblem(null);
    if (!code.trim()) {
      setCheck(null);
      return;
    }
    setChecking(true);
    timer.current = setTimeout(() => {
      checkCode(code.trim())
        .then((r) => {
          if (latest.current === code) setCheck(r);
        })
        .catch(() => {
          if (latest.current === code) setCheck(null);
        })
        .finally(() => {
          if (latest.current === code) setChecking(false);
        });
    }, CHECK_DELAY_MS);
  };

  useEffect(() => {
    // A join link (or QR code) carries the code: check it once the page opens.
    const linked = params.get('code');
    const first = linked
      ? setTimeout(() => {
          form.setFieldValue('activationCode', linked);
          runCheck(linked);
        }, 0)
      : undefined;
    return () => {
      clearTimeout(first);
      clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const complete = Boolean(code?.trim() && studentId?.trim() && name?.trim());
  const blocked = check !== null && BLOCKING_CODE_STATUSES.includes(check.status);
  const disabled = !complete || blocked || checking;

  const submit = async () => {
    const v = await form.validateFields();
    setSubmitting(true);
    setProblem(null);
    try {
      onJoined(
        await joinClass({
          activationCode: v.activationCode.trim(),
          studentId: v.studentId.trim(),
          name: v.name.trim(),
        }),
      );
    } catch (error) {
      // 502 (another college: switch first) passes through the client silently: say it here.
      if (error instanceof ApiError && error.code !== 500) setProblem(error.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        activationCode: '',
        studentId: member?.studentId ?? '',
        name: nameLocked ? member?.realName : '',
      }}
      onFinish={() => void submit()}
    >
      <Form.Item
        name="activationCode"
        label="班级码"
        rules={[{ required: true, whitespace: true, message: ClassMsg.CODE_REQUIRED }]}
        extra={
          check ? (
            <div className={`join-check ${checkTone(check.status)}`} data-testid="code-check">
              {check.msg}
            </div>
          ) : checking ? (
            <div className="join-check">正在校验班级码…</div>
          ) : undefined
        }
      >
        <Input
          placeholder="请输入教师提供的班级码"
          maxLength={Limits.CLASS_CODE_MAX}
          autoComplete="off"
          onChange={(e) => runCheck(e.target.value)}
        />
      </Form.Item>
      <Form.Item
        name="studentId"
        label="学号"
        rules={studentIdRules}
        extra={idLocked ? '学号已设置，不能修改' : undefined}
      >
        <Input placeholder="请输入学号" disabled={idLocked} />
      </Form.Item>
      <Form.Item
        name="name"
        label="姓名"
        rules={studentNameRules}
        extra={nameLocked ? '姓名已设置，不能修改' : undefined}
      >
        <Input placeholder="请输入真实姓名" disabled={nameLocked} />
      </Form.Item>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block disabled={disabled} loading={submitting}>
        加入班级
      </Button>
    </Form>
  );
}

function MyClasses() {
  const mine = useMyClasses();
  const exit = useExitClass();
  const { message } = App.useApp();
  if (mine.isLoading) return <Skeleton active />;
  const rows = mine.data?.rows ?? [];
  if (rows.length === 0) return <EmptyState description="还没有加入班级" />;
  return (
    <div className="my-classes">
      {rows.map((c) => (
        <Card
          key={c.id}
          size="small"
          title={c.className}
          extra={
            c.status === 1 ? (
              <Tag color="green">已加入</Tag>
            ) : c.status === 0 ? (
              <Tag color="orange">待审核</Tag>
            ) : (
              <Tag>未通过</Tag>
            )
          }
        >
          <div>教材：{c.bookName}</div>
          <div>教师：{c.teacherName}</div>
          <div>院校：{c.collegeName}</div>
          <div style={{ marginTop: 8, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {c.status === 1 && (
              <Link to={`/bookPreview?bookId=${c.bookId}`}>
                <Button type="primary" size="small">
                  打开教材
                </Button>
              </Link>
            )}
            {c.status === 1 && (
              <Link to={`/my/classActivity?classId=${c.classId}`}>
                <Button size="small">课堂活动</Button>
              </Link>
            )}
            {c.status === 1 && (
              <Link to="/my/homework">
                <Button size="small">我的作业</Button>
              </Link>
            )}
            <Popconfirm
              title={`退出“${c.className}”？`}
              description="退出后，通过本班级加入书架的教材将被移除（通过其他途径获得的不受影响）。"
              okText="退出"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                await exit(c.classId);
                message.success('已退出班级');
              }}
            >
              <Button size="small" danger>
                {c.status === 0 ? '撤回申请' : '退出班级'}
              </Button>
            </Popconfirm>
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Joined classes (spec §2 joinClass): join with a class code, the result screen, my classes. */
function JoinClass() {
  const [result, setResult] = useState<JoinResult | null>(null);
  const member = useMember();
  const client = useQueryClient();
  const joined = (r: JoinResult) => {
    setResult(r);
    void client.invalidateQueries({ queryKey: classKeys.all });
    void client.invalidateQueries({ queryKey: memberKeys.info });
  };
  return (
    <div className="join-class">
      <Typography.Title level={4}>加入班级</Typography.Title>
      <div className="join-panel">
        {result ? (
          <JoinResultView result={result} onAgain={() => setResult(null)} />
        ) : member ? (
          <JoinForm onJoined={joined} />
        ) : (
          <Skeleton active />
        )}
      </div>
      <Typography.Title level={4}>教材激活码</Typography.Title>
      <RedeemCode />
      <Typography.Title level={4}>已加入班级</Typography.Title>
      <MyClasses />
    </div>
  );
}

export default function JoinClassPage() {
  return (
    <App>
      <JoinClass />
    </App>
  );
}
