import type { BottomMenu, FooterLink, NavMenu, SiteInfo } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { TtlCache } from '../../http/ttl-cache.js';
import * as q from './queries.js';

export const SITE_SETTING_KEY = 'site';

const DEFAULT_SITE: Omit<SiteInfo, 'maintenance'> = {
  siteName: '高校数字教材平台',
  copyright: '',
  icp: '',
  toolbar: { logo: '', logoAlt: '', footerLogo: '', userAgreementId: null, privacyPolicyId: null },
};

/** This app's 5-second cache of the site shell's public reads (one per app instance, in `ctx.local`). */
const siteCache = (ctx: AppContext) => ctx.local('site:cache', () => new TtlCache<unknown>(5000));

/** Forget this app's cached site reads (staff edits call this). */
export function invalidateSiteCache(ctx: AppContext): void {
  siteCache(ctx).clear();
}

/** A public read kept in the same short cache (cleared by staff edits). */
export function cachedRead<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  return siteCache(ctx).get(key, load) as Promise<T>;
}

export function getSiteInfo(ctx: AppContext): Promise<SiteInfo> {
  return siteCache(ctx).get('site', async () => {
    const raw = await q.getSetting(ctx.db, SITE_SETTING_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<SiteInfo>) : {};
    return {
      ...DEFAULT_SITE,
      ...stored,
      toolbar: { ...DEFAULT_SITE.toolbar, ...stored.toolbar },
      maintenance: ctx.config.maintenance,
    };
  }) as Promise<SiteInfo>;
}

/** Builds the menu tree from flat rows; children keep the rows' order. */
export function buildMenuTree(rows: Omit<NavMenu, 'children'>[]): NavMenu[] {
  const byId = new Map<number, NavMenu>();
  for (const row of rows) byId.set(row.menuId, { ...row, children: [] });
  const roots: NavMenu[] = [];
  for (const menu of byId.values()) {
    const parent = menu.parentId ? byId.get(menu.parentId) : undefined;
    if (parent) parent.children.push(menu);
    else roots.push(menu);
  }
  return roots;
}

export function getNavMenuTree(ctx: AppContext): Promise<NavMenu[]> {
  return siteCache(ctx).get('navMenu', async () => buildMenuTree(await q.listNavMenus(ctx.db))) as Promise<NavMenu[]>;
}

export function getBottomMenus(ctx: AppContext): Promise<BottomMenu[]> {
  return siteCache(ctx).get('bottomMenu', () => q.listBottomMenus(ctx.db)) as Promise<BottomMenu[]>;
}

export function getFriendLinks(ctx: AppContext): Promise<FooterLink[]> {
  return siteCache(ctx).get('links', () => q.listFriendLinks(ctx.db)) as Promise<FooterLink[]>;
}
