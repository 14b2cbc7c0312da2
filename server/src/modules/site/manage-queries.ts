import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { BottomMenusTable, FriendLinksTable, NavMenusTable } from '../../db/schema.js';
import type { AppVersionsTable } from '../../db/tables/site.js';

/** Staff edits of the site shell: menus, bottom menu, friendly links, site settings, client versions. */

export function listAllMenus(db: Db) {
  return db
    .selectFrom('nav_menus')
    .select([
      'id as menuId',
      'menu_name as menuName',
      'parent_id as parentId',
      'path',
      'content_type as contentType',
      'sort',
      'visible',
    ])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findMenu(db: Db, id: number) {
  return db.selectFrom('nav_menus').select(['id']).where('id', '=', id).executeTakeFirst();
}

export function countChildren(db: Db, id: number) {
  return db
    .selectFrom('nav_menus')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertMenu(db: Db, row: Insertable<NavMenusTable>) {
  return db.insertInto('nav_menus').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateMenu(db: Db, id: number, patch: Updateable<NavMenusTable>) {
  return db.updateTable('nav_menus').set(patch).where('id', '=', id).executeTakeFirst();
}

export function deleteMenu(db: Db, id: number) {
  return db.deleteFrom('nav_menus').where('id', '=', id).executeTakeFirst();
}

export function listAllLinks(db: Db) {
  return db
    .selectFrom('friend_links')
    .select(['id', 'link_name as linkName', 'link_pic as linkPic', 'link_url as linkUrl', 'sort', 'visible'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function insertLink(db: Db, row: Insertable<FriendLinksTable>) {
  return db.insertInto('friend_links').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateLink(db: Db, id: number, patch: Updateable<FriendLinksTable>) {
  return db.updateTable('friend_links').set(patch).where('id', '=', id).executeTakeFirst();
}

export function deleteLink(db: Db, id: number) {
  return db.deleteFrom('friend_links').where('id', '=', id).executeTakeFirst();
}

export function listAllBottomMenus(db: Db) {
  return db
    .selectFrom('bottom_menus')
    .select(['id', 'name', 'url', 'sort', 'visible'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function insertBottomMenu(db: Db, row: Insertable<BottomMenusTable>) {
  return db.insertInto('bottom_menus').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateBottomMenu(db: Db, id: number, patch: Updateable<BottomMenusTable>) {
  return db.updateTable('bottom_menus').set(patch).where('id', '=', id).executeTakeFirst();
}

export function deleteBottomMenu(db: Db, id: number) {
  return db.deleteFrom('bottom_menus').where('id', '=', id).executeTakeFirst();
}

export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export function setSorts(db: Db, table: 'nav_menus' | 'friend_links' | 'bottom_menus', ids: number[]) {
  return db.transaction().execute(async (trx) => {
    for (const [sort, id] of ids.entries()) await trx.updateTable(table).set({ sort }).where('id', '=', id).execute();
  });
}

const VERSION_COLUMNS = [
  'id',
  'platform',
  'version',
  'notes',
  'file_url as fileUrl',
  'store_url as storeUrl',
  'qr_code as qrCode',
  'published',
  'created_at as createTime',
] as const;

export function listVersions(db: Db, publishedOnly: boolean) {
  let q = db.selectFrom('app_versions').select(VERSION_COLUMNS);
  if (publishedOnly) q = q.where('published', '=', 1);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findVersion(db: Db, id: number) {
  return db.selectFrom('app_versions').select(VERSION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertVersion(db: Db, row: Insertable<AppVersionsTable>) {
  return db.insertInto('app_versions').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateVersion(db: Db, id: number, patch: Updateable<AppVersionsTable>) {
  return db.updateTable('app_versions').set(patch).where('id', '=', id).executeTakeFirst();
}

export function deleteVersion(db: Db, id: number) {
  return db.deleteFrom('app_versions').where('id', '=', id).executeTakeFirst();
}
