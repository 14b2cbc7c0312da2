import { useState } from 'react';
import { App as AntdApp, Button, Drawer, Grid, Layout, Menu, Result, Skeleton, Space, Tag, type MenuProps } from 'antd';
import {
  AuditOutlined,
  BookOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MenuOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { StaffMenus, StaffRoleLabel, type StaffMenu } from '@textbook/contracts';
import { useStaffMe } from '../../api/admin';
import { staffLogout } from '../../api/staff';
import { hasStaffSession } from '../../stores/token';
import ClientUiHost from '../../router/ClientUiHost';
import { useRouteTitle } from '../../router/useDocumentTitle';
import { adminPages, menusOf, pagesByMenu } from './pages';
import './admin.css';

const ICONS: Record<StaffMenu | 'home', React.ReactNode> = {
  home: <DashboardOutlined />,
  books: <BookOutlined />,
  site: <GlobalOutlined />,
  review: <FileSearchOutlined />,
  orders: <DollarOutlined />,
  colleges: <TeamOutlined />,
  staff: <UserOutlined />,
  audit: <AuditOutlined />,
  operate: <SettingOutlined />,
};

/** The side menu: the groups the staff member's roles open (as the server decides), each with its pages. */
function menuItems(menus: string[]): MenuProps['items'] {
  const items: NonNullable<MenuProps['items']> = [{ key: '/admin', icon: ICONS.home, label: '概览' }];
  const open = (Object.keys(StaffMenus) as StaffMenu[]).filter((menu) => menus.includes(menu));
  for (const { menu, pages } of pagesByMenu(open)) {
    if (!pages.length) continue;
    if (pages.length === 1) {
      items.push({ key: `/admin/${pages[0]!.path}`, icon: ICONS[menu], label: pages[0]!.label });
    } else {
      items.push({
        key: menu,
        icon: ICONS[menu],
        label: StaffMenus[menu].label,
        children: pages.map((p) => ({ key: `/admin/${p.path}`, label: p.label })),
      });
    }
  }
  return items;
}

/**
 * The admin console (`/admin`, its own lazily loaded layout: a visitor never downloads it). A side menu of the
 * groups the staff member's roles open, a header with their name, roles and logout; a page outside their roles
 * shows 403 (the server refuses its calls anyway). Without a staff session: the staff sign-in page.
 */
export default function AdminLayout() {
  const me = useStaffMe();
  const { pathname } = useLocation();
  useRouteTitle();
  const navigate = useNavigate();
  const phone = Grid.useBreakpoint().md === false;
  const [drawer, setDrawer] = useState(false);

  if (!hasStaffSession() || me.isError) return <Navigate to="/admin/login" replace />;
  if (!me.data) {
    return (
      <div className="admin-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const staff = me.data;
  const items = menuItems(staff.menus);
  const page = adminPages.find((p) => `/admin/${p.path}`.replace(/\/$/, '') === pathname.replace(/\/$/, ''));
  const allowed = !page || menusOf(page).some((m) => m === 'home' || staff.menus.includes(m));
  const selected = pathname.replace(/\/$/, '') || '/admin';
  const open = page
    ? menusOf(page)
        .filter((m) => m !== 'home' && staff.menus.includes(m))
        .slice(0, 1)
    : [];

  const menu = (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={open}
      onClick={({ key }) => {
        setDrawer(false);
        void navigate(key);
      }}
    />
  );

  const logout = async () => {
    await staffLogout();
    void navigate('/admin/login', { replace: true });
  };

  return (
    <AntdApp component={false}>
      <ClientUiHost />
      <Layout className="admin-layout" data-testid="admin-layout">
        {!phone && (
          <Layout.Sider width={216} className="admin-sider" aria-label="管理菜单">
            <div className="admin-brand">数字教材管理后台</div>
            {menu}
          </Layout.Sider>
        )}
        {phone && (
          <Drawer
            placement="left"
            open={drawer}
            onClose={() => setDrawer(false)}
            size={240}
            styles={{ body: { padding: 0, background: '#001529' } }}
            title="数字教材管理后台"
          >
            {menu}
          </Drawer>
        )}
        <Layout>
          <Layout.Header className="admin-header">
            {phone && <Button type="text" icon={<MenuOutlined />} aria-label="菜单" onClick={() => setDrawer(true)} />}
            <span className="admin-title">{page?.label ?? '概览'}</span>
            <Space size={phone ? 4 : 12} className="admin-user">
              <UserOutlined />
              <span data-testid="admin-staff-name">{staff.displayName || staff.userName}</span>
              {!phone && staff.roles.map((r) => <Tag key={r}>{StaffRoleLabel[r]}</Tag>)}
              <Button size="small" icon={<LogoutOutlined />} aria-label="退出登录" onClick={() => void logout()}>
                {phone ? '' : '退出登录'}
              </Button>
            </Space>
          </Layout.Header>
          <Layout.Content className="admin-content">
            {allowed ? <Outlet /> : <Result status="403" title="403" subTitle="当前操作没有权限" />}
          </Layout.Content>
        </Layout>
      </Layout>
    </AntdApp>
  );
}
