import { describe, expect, it } from 'vitest';
import { pageTitle, routeName, siteNameOf, SITE_TITLE } from './pageTitle';

describe('page titles', () => {
  it('names public, personal-centre and console routes', () => {
    expect(routeName('/')).toBe('');
    expect(routeName('/index')).toBe('');
    expect(routeName('/textbook')).toBe('教材');
    expect(routeName('/list')).toBe('我的书架');
    expect(routeName('/my/person')).toBe('个人资料与安全');
    expect(routeName('/my/helpDetail')).toBe('帮助详情');
    expect(routeName('/my/')).toBe('个人中心');
    expect(routeName('/admin/books')).toBe('图书 - 管理后台');
    expect(routeName('/admin')).toBe('概览 - 管理后台');
    expect(routeName('/no/such/page')).toBe('页面不存在');
  });

  it('ends every title with the site name the server wrote', () => {
    expect(siteNameOf('教材 - 示范平台')).toBe('示范平台');
    expect(siteNameOf('高等数学 - 图书 - 示范平台')).toBe('示范平台');
    expect(siteNameOf('')).toBe(SITE_TITLE);
    expect(pageTitle('', '示范平台')).toBe('示范平台');
    expect(pageTitle('教材', '示范平台')).toBe('教材 - 示范平台');
  });
});
