import { useEffect, useState } from 'react';
import { Card, Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AuthMsg } from '@textbook/contracts';
import { api } from '../../api';
import { LoginPanel } from '../../components/LoginDialog/LoginDialog';
import ClientUiHost from '../../router/ClientUiHost';
import { dropSession } from '../../stores/session';
import { hasSession } from '../../stores/token';

type State = 'checking' | 'login' | 'refused' | 'leaving';

/**
 * Asks the server for the approved return address (a path of this site, or an allowed origin's address with
 * this session's token) and goes there.
 */
async function leaveWithToken(redirect: string): Promise<boolean> {
  try {
    const { url } = await api.post<{ url: string }>('/api/sso/redirect', { redirect }, { silent: true });
    window.location.assign(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Single sign-on login page (`/sso/authorize?redirect=…`): the login forms of the dialog; after login the
 * browser returns to `redirect`, only to addresses the server allows (another allowed site gets `?token=…`).
 */
export default function SsoAuthorizePage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect') || '/index';
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        await api.post('/api/sso/check', { redirect }, { silent: true });
      } catch {
        if (live) setState('refused');
        return;
      }
      // Already logged in with a live session: straight back.
      if (hasSession() && (await leaveWithToken(redirect))) return;
      dropSession();
      if (live) setState('login');
    })();
    return () => {
      live = false;
    };
  }, [redirect]);

  const done = () => {
    setState('leaving');
    void leaveWithToken(redirect).then((left) => left || setState('refused'));
  };

  return (
    <div className="sso-page">
      {/* Outside the app shell: the API client's messages need their host here. */}
      <ClientUiHost />
      <Card className="sso-card" title="登录高校数字教材平台">
        {state === 'refused' && (
          <Result status="warning" title={AuthMsg.REDIRECT_NOT_ALLOWED} extra={<Link to="/index">返回首页</Link>} />
        )}
        {(state === 'checking' || state === 'leaving') && <Spin />}
        {state === 'login' && <LoginPanel onDone={done} />}
      </Card>
    </div>
  );
}
