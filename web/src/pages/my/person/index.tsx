import { useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Modal, Space } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Limits, Msg } from '@textbook/contracts';
import {
  changePassword,
  changePhone,
  sendChangePwdCode,
  sendNewPhoneCode,
  sendOldPhoneCode,
  updateName,
  uploadAvatar,
  verifyOldPhone,
} from '../../../api/account';
import { useMember } from '../../../api/member';
import { confirmRules, newPasswordRules, phoneRules, requiredRule } from '../../../components/LoginDialog/fields';
import { FormModal } from '../../../kit/FormModal';
import { ImagePick } from '../../../kit/ImageUpload';

const maskPhone = (phone: string) => (phone ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '未绑定');

/** A send-code button with the 60 s countdown; hidden (countdown shown) until it is back at 60. */
function CodeButton({ send, testId }: { send: () => Promise<unknown>; testId?: string }) {
  const [seconds, setSeconds] = useState<number>(Limits.CODE_COUNTDOWN_S);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  if (seconds < Limits.CODE_COUNTDOWN_S) return <span className="code-countdown">{seconds}s</span>;
  const click = async () => {
    setBusy(true);
    try {
      await send();
      setSeconds(Limits.CODE_COUNTDOWN_S - 1);
      timer.current = setInterval(() => {
        setSeconds((s) => {
          if (s <= 1) {
            clearInterval(timer.current);
            return Limits.CODE_COUNTDOWN_S;
          }
          return s - 1;
        });
      }, 1000);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void click()} loading={busy} data-testid={testId}>
      获取验证码
    </Button>
  );
}

function PasswordDialog({ phone, onClose }: { phone: string; onClose: () => void }) {
  return (
    <FormModal<{ code: string; password: string; confirmPassword: string }>
      open
      title="修改密码"
      onClose={onClose}
      okText="确定"
      showRefusal={false}
      done="密码修改成功"
      testId="change-password-form"
      submit={changePassword}
    >
      <Form.Item label="手机号">{maskPhone(phone)}</Form.Item>
      <Form.Item label="验证码" required>
        <div className="code-row">
          <Form.Item name="code" rules={requiredRule} noStyle>
            <Input placeholder="请输入验证码" maxLength={Limits.SMS_CODE_LENGTH} />
          </Form.Item>
          <CodeButton send={sendChangePwdCode} testId="pwd-send-code" />
        </div>
      </Form.Item>
      <Form.Item name="password" label="新密码" rules={newPasswordRules}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}

function PhoneDialog({ phone, onClose }: { phone: string; onClose: () => void }) {
  const [step, setStep] = useState<'old' | 'new'>('old');
  const [oldForm] = Form.useForm<{ code: string }>();
  const [newForm] = Form.useForm<{ phoneNumber: string; code: string }>();
  const { message } = App.useApp();
  const verify = async ({ code }: { code: string }) => {
    try {
      await verifyOldPhone(code);
      setStep('new');
    } catch {
      // shown by the API client
    }
  };
  const change = async ({ phoneNumber, code }: { phoneNumber: string; code: string }) => {
    try {
      await changePhone(phoneNumber, code);
      message.success('手机号修改成功');
      onClose();
    } catch {
      // shown by the API client
    }
  };
  const sendNew = async () => {
    const { phoneNumber } = await newForm.validateFields(['phoneNumber']);
    await sendNewPhoneCode(phoneNumber);
  };
  return (
    <Modal
      open
      title="修改手机号"
      onCancel={onClose}
      onOk={() => (step === 'old' ? oldForm.submit() : newForm.submit())}
      okText={step === 'old' ? '下一步' : '确定'}
      destroyOnHidden
    >
      {step === 'old' ? (
        <Form key="old" form={oldForm} layout="vertical" onFinish={verify} data-testid="old-phone-form">
          <Form.Item label="原手机号">{maskPhone(phone)}</Form.Item>
          <Form.Item label="验证码" required>
            <div className="code-row">
              <Form.Item name="code" rules={requiredRule} noStyle>
                <Input placeholder="请输入验证码" maxLength={Limits.SMS_CODE_LENGTH} />
              </Form.Item>
              <CodeButton send={sendOldPhoneCode} testId="old-send-code" />
            </div>
          </Form.Item>
        </Form>
      ) : (
        <Form key="new" form={newForm} layout="vertical" onFinish={change} data-testid="new-phone-form">
          <Form.Item name="phoneNumber" label="新手机号" rules={phoneRules}>
            <Input placeholder="请输入新手机号" maxLength={Limits.PHONE_LENGTH} />
          </Form.Item>
          <Form.Item label="验证码" required>
            <div className="code-row">
              <Form.Item name="code" rules={requiredRule} noStyle>
                <Input placeholder="请输入验证码" maxLength={Limits.SMS_CODE_LENGTH} />
              </Form.Item>
              <CodeButton send={sendNew} testId="new-send-code" />
            </div>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function Person() {
  const member = useMember();
  const { message } = App.useApp();
  const [name, setName] = useState<string>();
  const [dialog, setDialog] = useState<'password' | 'phone'>();
  if (!member) return null;
  const shownName = name ?? member.userName;

  const saveName = async () => {
    const trimmed = shownName.trim();
    if (!trimmed) {
      message.error(Msg.INCOMPLETE);
      return;
    }
    try {
      await updateName(trimmed);
      message.success('修改成功');
      setName(undefined);
    } catch {
      // shown by the API client
    }
  };

  return (
    <div className="person-page">
      <Card title="个人资料" className="person-card">
        <Space align="center" size="large" wrap>
          <Avatar size={80} src={member.avatar || undefined} icon={<UserOutlined />} data-testid="person-avatar" />
          <ImagePick
            onPick={(file) => {
              uploadAvatar(file)
                .then(() => message.success('头像已更新'))
                .catch(() => undefined); // the client has shown the server's message
            }}
          >
            <Button icon={<UploadOutlined />}>更换头像</Button>
          </ImagePick>
        </Space>
        <Descriptions column={1} className="person-fields">
          <Descriptions.Item label="用户名">
            <Space.Compact>
              <Input
                value={shownName}
                maxLength={Limits.USER_NAME_MAX}
                onChange={(e) => setName(e.target.value)}
                aria-label="用户名"
                data-testid="person-name"
              />
              <Button type="primary" onClick={() => void saveName()} disabled={name === undefined}>
                保存
              </Button>
            </Space.Compact>
          </Descriptions.Item>
          <Descriptions.Item label="真实姓名">{member.realName || '—'}</Descriptions.Item>
          <Descriptions.Item label="所在院校">{member.collegeName || '未加入院校'}</Descriptions.Item>
          <Descriptions.Item label="教师认证">
            <Space>
              <span>{member.teacher ? '已认证' : '未认证'}</span>
              <Link to="/my/teacherCert" data-testid="person-teacher-cert">
                {member.teacher ? '认证其他学校' : '去认证'}
              </Link>
            </Space>
          </Descriptions.Item>
          {member.studentId && <Descriptions.Item label="学号">{member.studentId}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title="账号安全" className="person-card">
        <Descriptions column={1}>
          <Descriptions.Item label="手机号">
            <Space>
              <span data-testid="person-phone">{maskPhone(member.phonenumber)}</span>
              <Button size="small" onClick={() => setDialog('phone')}>
                修改手机号
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="登录密码">
            <Button size="small" onClick={() => setDialog('password')}>
              修改密码
            </Button>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {dialog === 'password' && <PasswordDialog phone={member.phonenumber} onClose={() => setDialog(undefined)} />}
      {dialog === 'phone' && <PhoneDialog phone={member.phonenumber} onClose={() => setDialog(undefined)} />}
    </div>
  );
}

/** Personal centre: profile (avatar, name) and security (password, phone). */
export default function PersonPage() {
  return (
    <App component={false}>
      <Person />
    </App>
  );
}
