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

const cache = new TtlCache<unknown>(5000);

/** Forget cached site reads (staff edits call this). */
export function invalidateSiteCache(): void {
  cache.clear();
}

/** A public read kept in the same short cache (cleared by staff edits). */
export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  return cache.get(key, load) as Promise<T>;
}

export function getSiteInfo(ctx: AppContext): Promise<SiteInfo> {
  return cache.get('site', async () => {
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
  return cache.get('navMenu', async () => buildMenuTree(await q.listNavMenus(ctx.db))) as Promise<NavMenu[]>;
}

export function getBottomMenus(ctx: AppContext): Promise<BottomMenu[]> {
  return cache.get('bottomMenu', () => q.listBottomMenus(ctx.db)) as Promise<BottomMenu[]>;
}

export function getFriendLinks(ctx: AppContext): Promise<FooterLink[]> {
  return cache.get('links', () => q.listFriendLinks(ctx.db)) as Promise<FooterLink[]>;
}
