import type { Db } from '../../db/connection.js';

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export function listNavMenus(db: Db) {
  return db
    .selectFrom('nav_menus')
    .select(['id as menuId', 'menu_name as menuName', 'parent_id as parentId', 'path', 'content_type as contentType'])
    .where('visible', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listBottomMenus(db: Db) {
  return db
    .selectFrom('bottom_menus')
    .select(['id', 'name', 'url'])
    .where('visible', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listFriendLinks(db: Db) {
  return db
    .selectFrom('friend_links')
    .select(['id', 'link_name as linkName', 'link_pic as linkPic', 'link_url as linkUrl'])
    .where('visible', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
