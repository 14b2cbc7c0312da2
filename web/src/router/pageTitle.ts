import { PersonalAreaLabel, type PersonalArea } from '@textbook/contracts';
import { MENU_PARENT } from '../layouts/personalMenu';
import { adminPages } from '../pages/admin/pages';

/** The platform's name: a page's title ends with it (WCAG 2.4.2: every page says what it is). */
export const SITE_TITLE = '高校数字教材平台';

/** Public routes (spec §2) and the name each page's title starts with. */
const PUBLIC: Record<string, string> = {
  textbook: '教材',
  'textbook-search': '教材搜索',
  booklist: '书单',
  booksearch: '书单搜索',
  booklistdetail: '书单详情',
  search: '高级搜索',
  'search-result': '搜索结果',
  'search-result-detail': '搜索结果',
  'book-detail': '图书详情',
  'blog-detail': '资讯',
  faq: '常见问题',
  about: '关于我们',
  researchers: '研究者',
  librarian: '图书馆员',
  publisher: '出版社',
  'more-blog': '资讯',
  message: '消息中心',
  textbookReport: PersonalAreaLabel.textbookReport,
  teachingReport: PersonalAreaLabel.teachingReport,
  download: '客户端下载',
  list: '我的书架',
  login: '登录',
  bookPreview: '阅读',
  sso: '单点登录',
};

const CENTRE_EXTRA: Record<string, string> = {
  helpDetail: '帮助详情',
  admissionDetails: '班级学生',
  teachActivity: '教学活动',
  classActivity: '班级活动',
  authDetails: '授权详情',
  homework: '作业',
  homeworkAnswer: '作答',
  teachingHomework: '作业管理',
  teacherCert: '教师认证',
};

const isArea = (key: string): key is PersonalArea => Object.hasOwn(PersonalAreaLabel, key);

/** What a route's page is called, from its path alone ('' for the home page and unknown paths). */
export function routeName(pathname: string): string {
  const [first = '', second = '', ...rest] = pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (first === '' || first === 'index') return '';
  if (first === 'my') {
    const child = second || '';
    if (isArea(child)) return PersonalAreaLabel[child];
    const extra = CENTRE_EXTRA[child];
    if (extra) return extra;
    const parent = MENU_PARENT[child];
    return parent && isArea(parent) ? PersonalAreaLabel[parent] : '个人中心';
  }
  if (first === 'admin') {
    const path = [second, ...rest].join('/');
    if (path === 'login') return '管理后台登录';
    const page = adminPages.find((p) => p.path === path);
    return page ? `${page.label} - 管理后台` : '管理后台';
  }
  if (first === '404') return '页面不存在';
  if (first === 'redirect') return '';
  return PUBLIC[first] ?? '页面不存在';
}

/**
 * The site's name as the server wrote it into the first page's title (`页 - 站点` or `站点`): the console's site
 * settings may rename the platform, and the title follows without asking the server again.
 */
export function siteNameOf(firstTitle: string): string {
  const cut = firstTitle.lastIndexOf(' - ');
  const name = (cut >= 0 ? firstTitle.slice(cut + 3) : firstTitle).trim();
  return name || SITE_TITLE;
}

/** The document title: the page's own name (a book, a chapter), else its route's, then the site's. */
export function pageTitle(name: string, site: string = SITE_TITLE): string {
  return name ? `${name} - ${site}` : site;
}
