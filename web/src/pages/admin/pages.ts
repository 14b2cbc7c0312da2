import type { ComponentType } from 'react';
import { ReportMsg, type StaffMenu } from '@textbook/contracts';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The console's pages: address under /admin, the menu group (whose roles open it: `StaffMenus` in contracts, the
 * same table the server's staff policies use) and the page's chunk. router.tsx makes a lazy route of each; the
 * layout builds its side menu from them. No component here, so the route table stays small for visitors.
 */
export interface AdminPage {
  path: string;
  label: string;
  menu: StaffMenu | 'home';
  /** Other groups that list it too, for roles that do not open `menu` (shown once, in the first group open). */
  alsoIn?: StaffMenu[];
  load: () => PageModule;
}

export const adminPages: AdminPage[] = [
  { path: '', label: '概览', menu: 'home', load: () => import('./home') },
  { path: 'books', label: '图书', menu: 'books', load: () => import('./books') },
  { path: 'booklists', label: '书单', menu: 'books', load: () => import('./booklists') },
  { path: 'dict', label: '学科与丛书', menu: 'books', load: () => import('./dict') },
  // The textbook report (`report.staff`: the books and colleges menus); filed with the books it reports on, and
  // with the colleges for the finance staff, who open that group only.
  {
    path: 'reports/textbook',
    label: ReportMsg.TEXTBOOK_MENU,
    menu: 'books',
    alsoIn: ['colleges'],
    load: () => import('./reports/textbook'),
  },
  { path: 'content', label: '内容', menu: 'site', load: () => import('./content') },
  { path: 'site/menus', label: '导航菜单', menu: 'site', load: () => import('./site/menus') },
  { path: 'site/links', label: '友情链接', menu: 'site', load: () => import('./site/links') },
  { path: 'site/bottom', label: '底部菜单', menu: 'site', load: () => import('./site/bottom') },
  { path: 'site/info', label: '站点信息', menu: 'site', load: () => import('./site/info') },
  { path: 'site/help', label: '帮助中心', menu: 'site', load: () => import('./help') },
  { path: 'site/versions', label: '客户端版本', menu: 'site', load: () => import('./site/versions') },
  { path: 'review/content', label: '内容审核', menu: 'review', load: () => import('./content/Review') },
  { path: 'review/samples', label: '样书申请', menu: 'review', load: () => import('./samples') },
  { path: 'review/teachers', label: '教师认证', menu: 'review', load: () => import('./teachers') },
  { path: 'review/feedback', label: '反馈与纠错', menu: 'review', load: () => import('./feedback') },
  { path: 'review/sample-settings', label: '样书设置', menu: 'review', load: () => import('./samples/Settings') },
  { path: 'orders', label: '个人订单', menu: 'orders', load: () => import('./orders') },
  { path: 'payments', label: '支付通知', menu: 'orders', load: () => import('./payments') },
  { path: 'colleges', label: '学校', menu: 'colleges', load: () => import('./colleges') },
  { path: 'college-orders', label: '学院订单', menu: 'colleges', load: () => import('./colleges/OrdersTable') },
  { path: 'staff', label: '员工账号', menu: 'staff', load: () => import('./staff') },
  { path: 'audit', label: '审计日志', menu: 'audit', load: () => import('./audit') },
  { path: 'online', label: '在线用户', menu: 'operate', load: () => import('./online') },
  { path: 'members', label: '会员', menu: 'operate', load: () => import('./members') },
  { path: 'monitor', label: '服务监控', menu: 'operate', load: () => import('./monitor') },
  { path: 'cache', label: '缓存', menu: 'operate', load: () => import('./cache') },
  { path: 'jobs', label: '定时任务', menu: 'operate', load: () => import('./jobs') },
];

/** The groups a page is listed in. */
export const menusOf = (page: AdminPage): (StaffMenu | 'home')[] => [page.menu, ...(page.alsoIn ?? [])];

/**
 * Each group the staff member opens (`menus`, in the console's order) with its pages; a page listed in several
 * groups appears in the first of them only.
 */
export function pagesByMenu(menus: readonly StaffMenu[]): { menu: StaffMenu; pages: AdminPage[] }[] {
  const placed = new Set<string>();
  return menus.map((menu) => {
    const pages = adminPages.filter((p) => !placed.has(p.path) && menusOf(p).includes(menu));
    for (const p of pages) placed.add(p.path);
    return { menu, pages };
  });
}
