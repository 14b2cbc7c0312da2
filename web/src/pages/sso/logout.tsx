import { useEffect } from 'react';
import { Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { api } from '../../api';
import { logout } from '../../api/member';

/** Single sign-on logout (`/sso/logout?redirect=…`): ends the session on both sides, then returns (allowed addresses only). */
export default function SsoLogoutPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect') || '/index';
  useEffect(() => {
    void (async () => {
      await logout();
      const target = await api
        .post<{ url: string }>('/api/sso/check', { redirect }, { silent: true })
        .then((d) => d.url)
        .catch(() => '/index');
      window.location.replace(target);
    })();
  }, [redirect]);
  return (
    <div className="sso-page">
      <Spin tip="正在退出…">
        <div style={{ height: 80 }} />
      </Spin>
    </div>
  );
}
