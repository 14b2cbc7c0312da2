import { Modal, Result } from 'antd';
import { closeLogin, useLoginDialog } from './store';

/**
 * The login dialog shell: modes login, register, forget and binding (spec §4). The forms themselves
 * come with the accounts issue; until then the dialog says so rather than showing a dead form.
 */
export default function LoginDialog() {
  const { open, mode } = useLoginDialog();
  return (
    <Modal
      open={open}
      onCancel={closeLogin}
      footer={null}
      title={mode === 'register' ? '注册' : '登录'}
      destroyOnHidden
    >
      <Result status="info" title="登录功能即将上线" subTitle="短信验证码登录与密码登录正在建设中。" />
    </Modal>
  );
}
