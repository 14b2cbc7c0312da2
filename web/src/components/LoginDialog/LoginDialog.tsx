import { createContext, useContext, useState } from 'react';
import { App, Button, Form, Input, message as staticMessage, Modal, Result, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { Limits, Msg } from '@textbook/contracts';
import { bindPhone, forgotPwd, pwdLogin, smsLogin } from '../../api/auth';
import { AgreementField, confirmRules, newPasswordRules, PhoneAndCode, phoneRules, requiredRule } from './fields';
import { closeLogin, switchLogin, useLoginDialog, type LoginMode } from './store';

interface CodeValues {
  phoneNumber: string;
  code: string;
  checked?: boolean;
}

/** What happens after a login: the dialog closes (default); the single sign-on page sends the browser back. */
export const LoginDoneContext = createContext<(() => void) | null>(null);

function useLoggedIn(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const override = useContext(LoginDoneContext);
  return () => {
    if (override) return override();
    // The dialog (and its App host) unmounts as it closes: the toast must live outside it.
    void staticMessage.success('登录成功');
    closeLogin();
    if (pathname === '/login') navigate('/index', { replace: true });
  };
}

/** Submits a form's values once it validates; server refusals are shown by the API client. */
function useSubmit<T>(action: (values: T) => Promise<void>): [boolean, (values: T) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  return [
    busy,
    async (values: T) => {
      setBusy(true);
      try {
        await action(values);
      } catch {
        // The API client has shown the server's message.
      } finally {
        setBusy(false);
      }
    },
  ];
}

function CodeLogin({ register }: { register: boolean }) {
  const [form] = Form.useForm<CodeValues>();
  const done = useLoggedIn();
  const [busy, submit] = useSubmit(async (v: CodeValues) => {
    await smsLogin({ phoneNumber: v.phoneNumber, code: v.code, checked: Boolean(v.checked) });
    done();
  });
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="code-login-form">
      <PhoneAndCode form={form} />
      <AgreementField />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {register ? '注册并登录' : '登录'}
      </Button>
      <p className="login-note">未注册的手机号验证后将自动创建账号</p>
    </Form>
  );
}

function PasswordLogin() {
  const [form] = Form.useForm<{ phonenumber: string; password: string }>();
  const done = useLoggedIn();
  const [busy, submit] = useSubmit(async (v: { phonenumber: string; password: string }) => {
    await pwdLogin(v.phonenumber, v.password);
    done();
  });
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="password-login-form">
      <Form.Item name="phonenumber" label="手机号" rules={phoneRules}>
        <Input placeholder="请输入手机号" maxLength={Limits.PHONE_LENGTH} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={requiredRule}>
        <Input.Password placeholder="请输入密码" maxLength={Limits.PASSWORD_MAX} autoComplete="current-password" />
      </Form.Item>
      <div className="login-links-row">
        <a onClick={() => switchLogin('forget')}>忘记密码？</a>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}

interface ForgetValues extends CodeValues {
  password: string;
  confirmPassword: string;
}

function Forget() {
  const [form] = Form.useForm<ForgetValues>();
  const [finished, setFinished] = useState(false);
  const [busy, submit] = useSubmit(async (v: ForgetValues) => {
    await forgotPwd({ ...v, checked: Boolean(v.checked) });
    setFinished(true);
  });
  if (finished) {
    return (
      <Result
        status="success"
        title="密码重置成功"
        subTitle="请使用新密码登录"
        extra={
          <Button type="primary" onClick={() => switchLogin('login')} data-testid="login-now">
            立即登录
          </Button>
        }
      />
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="forget-form">
      <PhoneAndCode form={form} />
      <Form.Item
        name="password"
        label="新密码"
        rules={newPasswordRules}
        extra="12至20位，包含数字、小写字母、大写字母和特殊符号"
      >
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <AgreementField />
      <Button type="primary" htmlType="submit" block loading={busy}>
        确定
      </Button>
      <div className="login-links-row">
        <a onClick={() => switchLogin('login')}>返回登录</a>
      </div>
    </Form>
  );
}

function Binding({ bindToken }: { bindToken: string | undefined }) {
  const [form] = Form.useForm<CodeValues>();
  const done = useLoggedIn();
  const [busy, submit] = useSubmit(async (v: CodeValues) => {
    await bindPhone({
      phoneNumber: v.phoneNumber,
      code: v.code,
      checked: Boolean(v.checked),
      bindToken: bindToken ?? '',
    });
    void staticMessage.success(Msg.BIND_SUCCESS);
    done();
  });
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="binding-form">
      <p className="login-note">首次登录请绑定手机号</p>
      <PhoneAndCode form={form} />
      <AgreementField />
      <Button type="primary" htmlType="submit" block loading={busy}>
        绑定
      </Button>
    </Form>
  );
}

const TITLES: Record<LoginMode, string> = {
  login: '登录',
  register: '注册',
  forget: '重置密码',
  binding: '绑定手机号',
};

function DialogBody() {
  const { mode, bindToken } = useLoginDialog();
  const [tab, setTab] = useState('code');
  if (mode === 'forget') return <Forget />;
  if (mode === 'binding') return <Binding bindToken={bindToken} />;
  return (
    <>
      <Tabs
        activeKey={mode === 'register' ? 'code' : tab}
        onChange={setTab}
        centered
        items={[
          {
            key: 'code',
            label: mode === 'register' ? '手机号注册' : '验证码登录',
            children: <CodeLogin register={mode === 'register'} />,
          },
          ...(mode === 'register' ? [] : [{ key: 'password', label: '密码登录', children: <PasswordLogin /> }]),
        ]}
      />
      <div className="login-links-row">
        {mode === 'register' ? (
          <a onClick={() => switchLogin('login')}>已有账号？去登录</a>
        ) : (
          <a onClick={() => switchLogin('register')}>没有账号？立即注册</a>
        )}
      </div>
    </>
  );
}

/** The dialog's forms on a page of their own (single sign-on), with the same modes and rules. */
export function LoginPanel({ onDone }: { onDone: () => void }) {
  const { mode } = useLoginDialog();
  return (
    <App component={false}>
      <LoginDoneContext.Provider value={onDone}>
        <DialogBody key={mode} />
      </LoginDoneContext.Provider>
    </App>
  );
}

/** The login dialog (spec §4): login (code and password tabs), register, forget (then done), binding. */
export default function LoginDialog() {
  const { open, mode } = useLoginDialog();
  return (
    <App component={false}>
      <Modal
        open={open}
        onCancel={closeLogin}
        footer={null}
        title={TITLES[mode]}
        width={420}
        destroyOnHidden
        className="login-dialog"
      >
        <DialogBody key={mode} />
      </Modal>
    </App>
  );
}
