import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { Limits } from '@textbook/contracts';
import { bindClientUi } from '../api';

/** Wires antd's message, notification and confirm into the API client (toasts last 3000 ms). */
function Binder() {
  const { message, notification, modal } = AntdApp.useApp();
  useEffect(() => {
    const seconds = Limits.TOAST_MS / 1000;
    bindClientUi({
      error: (msg) => void message.error({ content: msg, duration: seconds }),
      notify: (msg) => notification.error({ title: '提示', description: msg, duration: seconds }),
      // Stays longer: the user should see it (for instance which account a single sign-on return logged in).
      info: (msg) => notification.info({ title: '提示', description: msg, duration: 10 }),
      confirmRelogin: (msg) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: '系统提示',
            content: msg,
            okText: '重新登录',
            cancelText: '取消',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    });
  }, [message, notification, modal]);
  return null;
}

/** Loaded after the first paint: message, notification and modal are not needed to show a page. */
export default function ClientUiHost() {
  return (
    <AntdApp component={false} message={{ maxCount: 3 }}>
      <Binder />
    </AntdApp>
  );
}
