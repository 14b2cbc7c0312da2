import { Drawer, Menu } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { MenuLink } from './navLinks';

/** The phone-size menu drawer (loaded when first opened). */
export default function MobileMenu({ links, onClose }: { links: MenuLink[]; onClose: () => void }) {
  const { pathname } = useLocation();
  return (
    <Drawer open onClose={onClose} placement="left" title="菜单" size={280}>
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
      <Link to="/download" className="drawer-download" onClick={onClose}>
        <DownloadOutlined /> 客户端下载
      </Link>
    </Drawer>
  );
}
