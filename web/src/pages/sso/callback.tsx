import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Code } from '@textbook/contracts';
import { api } from '../../api';
import { acceptLogin } from '../../api/auth';
import { openLogin } from '../../components/LoginDialog/store';
import ClientUiHost from '../../router/ClientUiHost';

/**
 * Return from an external single sign-on provider (`/sso/callback?provider=…&code=…`): the server exchanges
 * the code. A known user is logged in; one without a phone is answered 501 and the login dialog opens in
 * binding mode.
 */
export default function SsoCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const provider = params.get('provider') ?? '';
  const code = params.get('code') ?? '';

  useEffect(() => {
    void (async () => {
      try {
        const answer = await api.request<{ token?: string; bindToken?: string }>('POST', '/api/external/callback', {
          body: { provider, code },
        });
        if (answer.code === Code.BIND_PHONE && answer.data.bindToken) {
          navigate('/index', { replace: true });
          openLogin('binding', answer.data.bindToken);
          return;
        }
        if (answer.data.token) {
          await acceptLogin();
          navigate('/index', { replace: true });
        }
      } catch {
        setFailed(true);
      }
    })();
  }, [provider, code, navigate]);

  return (
    <div className="sso-page">
      <ClientUiHost />
      {failed ? (
        <Result
          status="error"
          title="第三方登录失败，请重试"
          extra={<Button onClick={() => navigate('/index')}>返回首页</Button>}
        />
      ) : (
        <Spin />
      )}
    </div>
  );
}
