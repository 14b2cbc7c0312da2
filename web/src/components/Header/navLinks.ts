import type { NavMenu } from '@textbook/contracts';

export interface MenuLink {
  key: string;
  label: string;
  to: string;
  children?: MenuLink[];
}

/** A server menu's link: list and single pages go to blog-detail with the menu's parameters. */
export function menuHref(menu: NavMenu): string {
  const params = new URLSearchParams({
    menuId: String(menu.menuId),
    contentType: menu.contentType,
    menuName: menu.menuName,
    parentId: String(menu.parentId),
  });
  if (!menu.path || menu.path === '/blog-detail') return `/blog-detail?${params}`;
  return menu.path;
}

export function toLinks(menus: NavMenu[]): MenuLink[] {
  return menus.map((m) => ({
    key: `menu-${m.menuId}`,
    label: m.menuName,
    to: menuHref(m),
    children: m.children.length ? toLinks(m.children) : undefined,
  }));
}
