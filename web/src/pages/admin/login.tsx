import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Result } from 'antd';
import type { StaffInfo } from '@textbook/contracts';
import { Msg } from '@textbook/contracts';
import { staffLogin, staffLogout, staffMe } from '../../api/staff';
import { hasStaffSession } from '../../stores/token';

/**
 * The staff sign-in page (`/admin/login`): user name and password, separate from member login; a successful
 * sign-in opens the admin console (`/admin`).
 */
export default function StaffLoginPage() {
  const navigate = useNavigate();
  const [me, setMe] = useState<StaffInfo | null>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!hasStaffSession()) {
      setTimeout(() => setMe(null));
      return;
    }
    staffMe()
      .then(setMe)
      .catch(() => setMe(null));
  }, []);

  const submit = async ({ userName, password }: { userName: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await staffLogin(userName, password);
      void navigate('/admin', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sso-page">
      <Card className="sso-card" title="出版社工作人员登录">
        {me ? (
          <Result
            status="success"
            title={`已登录：${me.displayName || me.userName}`}
            subTitle={me.isAdmin ? '管理员' : '工作人员'}
            extra={[
              <Button key="console" type="primary" onClick={() => void navigate('/admin')}>
                进入管理后台
              </Button>,
              <Button
                key="logout"
                onClick={() => {
                  void staffLogout().then(() => setMe(null));
                }}
              >
                退出登录
              </Button>,
            ]}
          />
        ) : (
          me === null && (
            <Form layout="vertical" onFinish={submit} requiredMark={false} data-testid="staff-login-form">
              {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
              <Form.Item name="userName" label="用户名" rules={[{ required: true, message: Msg.INCOMPLETE }]}>
                <Input placeholder="请输入用户名" autoComplete="username" />
              </Form.Item>
              <Form.Item name="password" label="密码" rules={[{ required: true, message: Msg.INCOMPLETE }]}>
                <Input.Password placeholder="请输入密码" autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy}>
                登录
              </Button>
            </Form>
          )
        )}
      </Card>
    </div>
  );
}
