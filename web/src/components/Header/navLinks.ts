import { menuHref, type NavMenu } from '@textbook/contracts';

export interface MenuLink {
  key: string;
  label: string;
  to: string;
  children?: MenuLink[];
}

export function toLinks(menus: NavMenu[]): MenuLink[] {
  return menus.map((m) => ({
    key: `menu-${m.menuId}`,
    label: m.menuName,
    to: menuHref(m),
    children: m.children.length ? toLinks(m.children) : undefined,
  }));
}
