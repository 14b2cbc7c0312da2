import { Button, Drawer, Menu } from 'antd';
import { DownloadOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useLogout, useMember } from '../../api/member';
import type { MenuLink } from './navLinks';

/** The phone-size menu drawer (loaded when first opened): the site's menus, and a member's centre and logout. */
export default function MobileMenu({ links, onClose }: { links: MenuLink[]; onClose: () => void }) {
  const { pathname } = useLocation();
  const member = useMember();
  const logout = useLogout();
  return (
    <Drawer open onClose={onClose} placement="left" title="菜单" size={280}>
      <nav aria-label="菜单">
        <Menu
          mode="inline"
          selectedKeys={[pathname]}
          onClick={onClose}
          items={links.map((link) => ({
            key: link.children ? link.key : link.to,
            label: link.children ? link.label : <Link to={link.to}>{link.label}</Link>,
            children: link.children?.map((c) => ({ key: c.to + c.key, label: <Link to={c.to}>{c.label}</Link> })),
          }))}
        />
      </nav>
      <Link to="/download" className="drawer-download" onClick={onClose}>
        <DownloadOutlined aria-hidden /> 客户端下载
      </Link>
      {member && (
        <div className="drawer-member">
          <Link to="/my" className="drawer-download" onClick={onClose}>
            <UserOutlined aria-hidden /> 个人中心
          </Link>
          <Button
            type="text"
            className="drawer-logout"
            icon={<LogoutOutlined aria-hidden />}
            data-testid="drawer-logout"
            onClick={() => void logout().finally(onClose)}
          >
            退出登录
          </Button>
        </div>
      )}
    </Drawer>
  );
}
