import { menuHref, type BottomMenu, type FooterLink, type NavMenu, type SiteInfo } from '@textbook/contracts';
import { html, safeHref, type SafeHtml } from './html.js';
import { icon } from './icons.js';

/** What every visitor page shows around its content: the site's name, menus and footer. */
export interface ShellData {
  site: SiteInfo;
  menus: NavMenu[];
  bottom: BottomMenu[];
  links: FooterLink[];
}

/** A server menu's address (contracts' `menuHref`), kept only when it stays a web address. */
const menuLink = (menu: NavMenu) => safeHref(menuHref(menu));

function navItem(menu: NavMenu, active: string): SafeHtml {
  const href = menuLink(menu);
  if (!menu.children.length) {
    return html`<a href="${href}" class="nav-link${href === active ? ' active' : ''}">${menu.menuName}</a>`;
  }
  return html`<div class="nav-group">
    <a href="${href}" class="nav-link" aria-haspopup="true">${menu.menuName}</a>
    <div class="nav-submenu" role="menu">
      ${menu.children.map((c) => html`<a href="${menuLink(c)}" role="menuitem">${c.menuName}</a>`)}
    </div>
  </div>`;
}

/** The site header of components/Header/Header.tsx for a visitor: same elements and classes. */
export function header(shell: ShellData, active: string, fullWidth: boolean): SafeHtml {
  const own = [
    { to: '/index', label: '首页' },
    { to: '/textbook', label: '教材' },
  ];
  return html`<header class="site-header" data-testid="site-header">
    <div class="${fullWidth ? 'header-inner full' : 'header-inner'}">
      <button type="button" class="header-icon-button mobile-only" aria-label="打开菜单" data-replay="menu">
        ${icon('menu', 'menu')}
      </button>
      <a href="/index" class="brand">
        <img src="${safeHref(shell.site.toolbar.logo || '/images/logo.svg')}" alt="" width="32" height="32" />
        <span>${shell.site.siteName}</span>
      </a>
      <nav class="main-nav desktop-only" aria-label="主导航">
        ${own.map((l) => html`<a href="${l.to}" class="nav-link${l.to === active ? ' active' : ''}">${l.label}</a>`)}
        ${shell.menus.map((m) => navItem(m, active))}
      </nav>
      <div class="header-actions">
        <div class="search-trigger" data-testid="search-trigger">
          <button type="button" class="header-icon-button" aria-label="搜索" aria-expanded="false" data-replay="search">
            ${icon('search', 'search')}
          </button>
        </div>
        <a href="/download" class="header-icon-button desktop-only" title="客户端下载">
          ${icon('download', 'download')}<span class="action-label">客户端</span>
        </a>
        <div class="login-links">
          <button type="button" class="text-button" data-testid="login-link" data-replay="login">登录</button>
          <span class="divider">|</span>
          <button type="button" class="text-button" data-replay="register">注册</button>
        </div>
      </div>
    </div>
  </header>`;
}

/** The footer of components/Footer/Footer.tsx. */
export function footer(shell: ShellData): SafeHtml {
  const { site, bottom, links } = shell;
  return html`<footer class="site-footer" data-testid="site-footer">
    <div class="footer-inner">
      <div class="footer-brand">
        <img src="${safeHref(site.toolbar.footerLogo || '/images/logo-white.svg')}" alt="" width="36" height="36" />
        <span>${site.siteName}</span>
      </div>
      ${
        bottom.length > 0 &&
        html`<nav class="footer-menu" aria-label="底部导航">
          ${bottom.map((m) =>
            /^https?:\/\//.test(m.url)
              ? html`<a href="${safeHref(m.url)}" target="_blank" rel="noreferrer">${m.name}</a>`
              : html`<a href="${safeHref(m.url)}">${m.name}</a>`,
          )}
        </nav>`
      }
      ${
        links.length > 0 &&
        html`<div class="friend-links" aria-label="友情链接">
          <span class="friend-title">友情链接</span>
          ${links.map(
            (l) =>
              html`<a href="${safeHref(l.linkUrl)}" target="_blank" rel="noopener noreferrer" title="${l.linkName}"
                >${
                  l.linkPic
                    ? html`<img src="${safeHref(l.linkPic)}" alt="${l.linkName}" height="32" loading="lazy" />`
                    : l.linkName
                }</a
              >`,
          )}
        </div>`
      }
      <div class="footer-legal">
        <span>${site.copyright}</span>
        ${site.icp && html`<a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">${site.icp}</a>`}
      </div>
    </div>
  </footer>`;
}
