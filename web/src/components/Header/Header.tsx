import { Suspense, useState } from 'react';
import { DownloadOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, NavLink } from 'react-router';
import { useMember } from '../../api/member';
import { useNavMenus, useSiteInfo } from '../../api/site';
import { useScrolled } from '../../hooks/useScrolled';
import { openLogin } from '../LoginDialog/store';
import { lazyWithAntd } from '../../ui/withAntd';
import { toLinks, type MenuLink } from './navLinks';
import { SearchPanel } from './SearchPanel';

const MobileMenu = lazyWithAntd(() => import('./MobileMenu'));
const MemberArea = lazyWithAntd(() => import('./MemberArea'));

function NavItem({ link }: { link: MenuLink }) {
  if (!link.children) {
    return (
      <NavLink to={link.to} className="nav-link">
        {link.label}
      </NavLink>
    );
  }
  return (
    <div className="nav-group">
      <Link to={link.to} className="nav-link" aria-haspopup="true">
        {link.label}
      </Link>
      <div className="nav-submenu" role="menu">
        {link.children.map((c) => (
          <Link key={c.key} to={c.to} role="menuitem">
            {c.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** Site header (spec §2): menus from the server, search panel, download link, notices, user or login links. */
export function Header({ fullWidth = false }: { fullWidth?: boolean }) {
  const { data: site } = useSiteInfo();
  const { data: menus = [] } = useNavMenus();
  const member = useMember();
  const scrolled = useScrolled();
  const [drawer, setDrawer] = useState(false);

  const links: MenuLink[] = [
    { key: 'index', label: '首页', to: '/index' },
    { key: 'textbook', label: '教材', to: '/textbook' },
    ...(member ? [{ key: 'list', label: '书架', to: '/list' }] : []),
    ...toLinks(menus),
  ];

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`} data-testid="site-header">
      <div className={fullWidth ? 'header-inner full' : 'header-inner'}>
        <button
          type="button"
          className="header-icon-button mobile-only"
          aria-label="打开菜单"
          data-replay="menu"
          onClick={() => setDrawer(true)}
        >
          <MenuOutlined />
        </button>
        <Link to="/index" className="brand" aria-label={site?.siteName ?? '高校数字教材平台'}>
          <img src={site?.toolbar.logo || '/images/logo.svg'} alt="" width={32} height={32} />
          <span>{site?.siteName ?? '高校数字教材平台'}</span>
        </Link>
        <nav className="main-nav desktop-only" aria-label="主导航">
          {links.map((link) => (
            <NavItem key={link.key} link={link} />
          ))}
        </nav>
        <div className="header-actions">
          <SearchPanel />
          <Link to="/download" className="header-icon-button desktop-only" title="客户端下载">
            <DownloadOutlined />
            <span className="action-label">客户端</span>
          </Link>
          {member ? (
            <Suspense fallback={null}>
              <MemberArea />
            </Suspense>
          ) : (
            <div className="login-links">
              <button
                type="button"
                className="text-button"
                onClick={() => openLogin('login')}
                data-testid="login-link"
                data-replay="login"
              >
                登录
              </button>
              <span className="divider">|</span>
              <button
                type="button"
                className="text-button"
                onClick={() => openLogin('register')}
                data-replay="register"
              >
                注册
              </button>
            </div>
          )}
        </div>
      </div>
      {drawer && (
        <Suspense fallback={null}>
          <MobileMenu links={links} onClose={() => setDrawer(false)} />
        </Suspense>
      )}
    </header>
  );
}
