import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { SiteContentsTable } from '../../db/schema.js';
import type { Insertable, Updateable } from 'kysely';

const SUMMARY_COLUMNS = [
  'site_contents.id',
  'site_contents.menu_id as menuId',
  'site_contents.content_type as contentType',
  'site_contents.title',
  'site_contents.summary',
  'site_contents.cover',
  'site_contents.link',
  'site_contents.created_at as createTime',
  'site_contents.updated_at as updateTime',
] as const;

const OWN_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'site_contents.body',
  'nav_menus.menu_name as menuName',
  'site_contents.audit_state as auditState',
  'site_contents.audit_remark as auditRemark',
  'site_contents.published',
  'site_contents.sort',
  'site_contents.author_member_id as authorMemberId',
  'site_contents.author_staff_id as authorStaffId',
  // The staff author's name (read from the staff table: a name shown beside the item, nothing more).
  'staff.user_name as authorStaffName',
] as const;

/** What the public sees: published and passed audit. */
function publicItems(db: Db) {
  return db
    .selectFrom('site_contents')
    .where('site_contents.published', '=', 1)
    .where('site_contents.audit_state', '=', 1);
}

export interface ListFilter {
  menuIds?: number[];
  contentType?: string;
  offset: number;
  limit: number;
}

/** Public items, ordered by sort then newest; `withBody` for single pages (faq, about…). */
export async function listPublic(db: Db, filter: ListFilter, withBody: boolean) {
  let base = publicItems(db);
  if (filter.menuIds) base = base.where('site_contents.menu_id', 'in', filter.menuIds.length ? filter.menuIds : [0]);
  if (filter.contentType) base = base.where('site_contents.content_type', '=', filter.contentType);
  const { rows, total } = await paged(base, filter, (q) =>
    q
      .leftJoin('nav_menus', 'nav_menus.id', 'site_contents.menu_id')
      .select([...SUMMARY_COLUMNS, 'site_contents.body', 'nav_menus.menu_name as menuName'])
      .orderBy('site_contents.sort')
      .orderBy('site_contents.created_at', 'desc')
      .orderBy('site_contents.id', 'desc'),
  );
  return { rows: withBody ? rows : rows.map((r) => ({ ...r, body: '' })), total };
}

export function findPublic(db: Db, id: number) {
  return publicItems(db)
    .leftJoin('nav_menus', 'nav_menus.id', 'site_contents.menu_id')
    .select([...SUMMARY_COLUMNS, 'site_contents.body', 'nav_menus.menu_name as menuName'])
    .where('site_contents.id', '=', id)
    .executeTakeFirst();
}

/** Any item with its audit columns (staff, or its author). */
export function findAny(db: Db, id: number) {
  return db
    .selectFrom('site_contents')
    .leftJoin('nav_menus', 'nav_menus.id', 'site_contents.menu_id')
    .leftJoin('staff', 'staff.id', 'site_contents.author_staff_id')
    .select(OWN_COLUMNS)
    .where('site_contents.id', '=', id)
    .executeTakeFirst();
}

export interface AdminFilter {
  authorMemberId?: number;
  authorStaffId?: number;
  menuId?: number;
  contentType?: string;
  auditState?: number;
  offset: number;
  limit: number;
}

export function listAny(db: Db, filter: AdminFilter) {
  let base = db.selectFrom('site_contents');
  if (filter.authorMemberId !== undefined) base = base.where('author_member_id', '=', filter.authorMemberId);
  if (filter.authorStaffId !== undefined) base = base.where('author_staff_id', '=', filter.authorStaffId);
  if (filter.menuId !== undefined) base = base.where('site_contents.menu_id', '=', filter.menuId);
  if (filter.contentType) base = base.where('site_contents.content_type', '=', filter.contentType);
  if (filter.auditState !== undefined) base = base.where('audit_state', '=', filter.auditState);
  return paged(base, filter, (q) =>
    q
      .leftJoin('nav_menus', 'nav_menus.id', 'site_contents.menu_id')
      .leftJoin('staff', 'staff.id', 'site_contents.author_staff_id')
      .select(OWN_COLUMNS)
      .orderBy('site_contents.created_at', 'desc')
      .orderBy('site_contents.id', 'desc'),
  );
}

export function insertContent(db: Db, row: Insertable<SiteContentsTable>) {
  return db.insertInto('site_contents').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateContent(db: Db, id: number, patch: Updateable<SiteContentsTable>) {
  return db.updateTable('site_contents').set(patch).where('id', '=', id).executeTakeFirst();
}

export function deleteContent(db: Db, id: number) {
  return db.deleteFrom('site_contents').where('id', '=', id).executeTakeFirst();
}

export function setSorts(
  db: Db,
  table: 'site_contents' | 'nav_menus' | 'friend_links' | 'bottom_menus',
  ids: number[],
) {
  return db.transaction().execute(async (trx) => {
    for (const [sort, id] of ids.entries()) await trx.updateTable(table).set({ sort }).where('id', '=', id).execute();
  });
}

/** Visible menus (id, parent) to find a menu's descendants. */
/** Whether a menu of this id exists (shown or not): an item is filed under an existing menu only. */
export async function menuExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('nav_menus').select('id').where('id', '=', id).executeTakeFirst());
}

export function listVisibleMenus(db: Db) {
  return db.selectFrom('nav_menus').select(['id', 'parent_id as parentId', 'path']).where('visible', '=', 1).execute();
}

/** The user agreement or privacy policy (site contents of those two types only). */
export function findAgreement(db: Db, id: number) {
  return db
    .selectFrom('site_contents')
    .select(['id', 'title', 'body'])
    .where('id', '=', id)
    .where('content_type', 'in', ['agreement', 'privacy'])
    .executeTakeFirst();
}
