import type { z } from 'zod';
import {
  SiteMsg,
  type AppVersion,
  type bottomMenuWrite,
  type footerLinkWrite,
  type menuWrite,
  type SiteInfo,
  type siteInfoWrite,
  type versionWrite,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import * as m from './manage-queries.js';
import * as q from './queries.js';
import { cachedRead, getSiteInfo, invalidateSiteCache, SITE_SETTING_KEY } from './service.js';

/**
 * Staff edits of the site shell. Every write clears the 5-second cache of this instance; other instances see
 * the change when their entries expire (docs/decisions/0013-site-shell-cache.md).
 */
async function changed<T>(ctx: AppContext, work: Promise<T>): Promise<T> {
  const result = await work;
  invalidateSiteCache(ctx);
  return result;
}

function mustExist<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

function mustHaveChanged(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): void {
  const n = result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n;
  if (Number(n) === 0) throw notFound();
}

// ---- navigation menus

export const listMenus = (ctx: AppContext) => m.listAllMenus(ctx.db);

export async function createMenu(ctx: AppContext, w: z.infer<typeof menuWrite>): Promise<number> {
  if (w.parentId) mustExist(await m.findMenu(ctx.db, w.parentId));
  const { id } = await changed(
    ctx,
    m.insertMenu(ctx.db, {
      menu_name: w.menuName,
      parent_id: w.parentId ?? 0,
      path: w.path ?? '',
      content_type: w.contentType ?? '',
      sort: w.sort ?? 0,
      visible: w.visible ?? 1,
    }),
  );
  return id;
}

/** Refuses a parent that is the menu itself or one of its descendants (a loop would hide both from the header). */
async function mustNotLoop(ctx: AppContext, id: number, parentId: number): Promise<void> {
  const parentOf = new Map((await m.listAllMenus(ctx.db)).map((row) => [row.menuId, row.parentId]));
  for (let at = parentId, steps = 0; at && steps <= parentOf.size; at = parentOf.get(at) ?? 0, steps++) {
    if (at === id) throw refused(SiteMsg.MENU_UNDER_ITSELF);
  }
}

export async function updateMenu(ctx: AppContext, id: number, w: z.infer<typeof menuWrite>): Promise<void> {
  if (w.parentId) {
    mustExist(await m.findMenu(ctx.db, w.parentId));
    await mustNotLoop(ctx, id, w.parentId);
  }
  mustHaveChanged(
    await changed(
      ctx,
      m.updateMenu(ctx.db, id, {
        menu_name: w.menuName,
        parent_id: w.parentId ?? 0,
        path: w.path ?? '',
        content_type: w.contentType ?? '',
        ...(w.sort !== undefined ? { sort: w.sort } : {}),
        ...(w.visible !== undefined ? { visible: w.visible } : {}),
      }),
    ),
  );
}

export async function setMenuVisible(ctx: AppContext, id: number, visible: 0 | 1): Promise<void> {
  mustHaveChanged(await changed(ctx, m.updateMenu(ctx.db, id, { visible })));
}

export async function deleteMenu(ctx: AppContext, id: number): Promise<void> {
  if ((await m.countChildren(ctx.db, id)) > 0) throw refused(SiteMsg.MENU_HAS_CHILDREN);
  mustHaveChanged(await changed(ctx, m.deleteMenu(ctx.db, id)));
}

export const sortMenus = (ctx: AppContext, ids: number[]) => changed(ctx, m.setSorts(ctx.db, 'nav_menus', ids));

// ---- friendly links (footer)

export const listLinks = (ctx: AppContext) => m.listAllLinks(ctx.db);

export async function createLink(ctx: AppContext, w: z.infer<typeof footerLinkWrite>): Promise<number> {
  const { id } = await changed(
    ctx,
    m.insertLink(ctx.db, {
      link_name: w.linkName,
      link_pic: w.linkPic ?? '',
      link_url: w.linkUrl,
      sort: w.sort ?? 0,
      visible: w.visible ?? 1,
    }),
  );
  return id;
}

export async function updateLink(ctx: AppContext, id: number, w: z.infer<typeof footerLinkWrite>): Promise<void> {
  mustHaveChanged(
    await changed(
      ctx,
      m.updateLink(ctx.db, id, {
        link_name: w.linkName,
        link_pic: w.linkPic ?? '',
        link_url: w.linkUrl,
        ...(w.sort !== undefined ? { sort: w.sort } : {}),
        ...(w.visible !== undefined ? { visible: w.visible } : {}),
      }),
    ),
  );
}

export async function setLinkVisible(ctx: AppContext, id: number, visible: 0 | 1): Promise<void> {
  mustHaveChanged(await changed(ctx, m.updateLink(ctx.db, id, { visible })));
}

export async function deleteLink(ctx: AppContext, id: number): Promise<void> {
  mustHaveChanged(await changed(ctx, m.deleteLink(ctx.db, id)));
}

export const sortLinks = (ctx: AppContext, ids: number[]) => changed(ctx, m.setSorts(ctx.db, 'friend_links', ids));

// ---- bottom menu (footer)

export const listBottomMenus = (ctx: AppContext) => m.listAllBottomMenus(ctx.db);

export async function createBottomMenu(ctx: AppContext, w: z.infer<typeof bottomMenuWrite>): Promise<number> {
  const { id } = await changed(
    ctx,
    m.insertBottomMenu(ctx.db, { name: w.name, url: w.url, sort: w.sort ?? 0, visible: w.visible ?? 1 }),
  );
  return id;
}

export async function updateBottomMenu(ctx: AppContext, id: number, w: z.infer<typeof bottomMenuWrite>): Promise<void> {
  mustHaveChanged(
    await changed(
      ctx,
      m.updateBottomMenu(ctx.db, id, {
        name: w.name,
        url: w.url,
        ...(w.sort !== undefined ? { sort: w.sort } : {}),
        ...(w.visible !== undefined ? { visible: w.visible } : {}),
      }),
    ),
  );
}

export async function setBottomMenuVisible(ctx: AppContext, id: number, visible: 0 | 1): Promise<void> {
  mustHaveChanged(await changed(ctx, m.updateBottomMenu(ctx.db, id, { visible })));
}

export async function deleteBottomMenu(ctx: AppContext, id: number): Promise<void> {
  mustHaveChanged(await changed(ctx, m.deleteBottomMenu(ctx.db, id)));
}

export const sortBottomMenus = (ctx: AppContext, ids: number[]) =>
  changed(ctx, m.setSorts(ctx.db, 'bottom_menus', ids));

// ---- site info

/** Merges the given fields into the stored site info (maintenance stays a configuration switch). */
export async function updateSiteInfo(ctx: AppContext, w: z.infer<typeof siteInfoWrite>): Promise<SiteInfo> {
  const raw = await q.getSetting(ctx.db, SITE_SETTING_KEY);
  const stored = raw ? (JSON.parse(raw) as Partial<SiteInfo>) : {};
  const next = { ...stored, ...w, toolbar: { ...stored.toolbar, ...w.toolbar } };
  delete (next as Partial<SiteInfo>).maintenance;
  await changed(ctx, m.putSetting(ctx.db, SITE_SETTING_KEY, JSON.stringify(next)));
  return getSiteInfo(ctx);
}

// ---- client versions (download page)

/** `/api/version/base`: the newest published version of each platform. */
export function latestVersions(ctx: AppContext): Promise<AppVersion[]> {
  return cachedRead(ctx, 'versions', async () => {
    const rows = await m.listVersions(ctx.db, true);
    const seen = new Set<string>();
    return rows.filter((v) => (seen.has(v.platform) ? false : (seen.add(v.platform), true)));
  });
}

export const listAllVersions = (ctx: AppContext) => m.listVersions(ctx.db, false);

export async function createVersion(ctx: AppContext, w: z.infer<typeof versionWrite>): Promise<number> {
  const { id } = await changed(
    ctx,
    m.insertVersion(ctx.db, {
      platform: w.platform,
      version: w.version,
      notes: w.notes ?? '',
      file_url: w.fileUrl ?? '',
      store_url: w.storeUrl ?? '',
      qr_code: w.qrCode ?? '',
      published: w.published ?? 1,
      created_at: Date.now(),
    }),
  );
  return id;
}

export async function updateVersion(ctx: AppContext, id: number, w: z.infer<typeof versionWrite>): Promise<void> {
  mustHaveChanged(
    await changed(
      ctx,
      m.updateVersion(ctx.db, id, {
        platform: w.platform,
        version: w.version,
        notes: w.notes ?? '',
        file_url: w.fileUrl ?? '',
        store_url: w.storeUrl ?? '',
        qr_code: w.qrCode ?? '',
        ...(w.published !== undefined ? { published: w.published } : {}),
      }),
    ),
  );
}

export async function setVersionPublished(ctx: AppContext, id: number, published: 0 | 1): Promise<void> {
  mustHaveChanged(await changed(ctx, m.updateVersion(ctx.db, id, { published })));
}

export async function deleteVersion(ctx: AppContext, id: number): Promise<void> {
  mustHaveChanged(await changed(ctx, m.deleteVersion(ctx.db, id)));
}
