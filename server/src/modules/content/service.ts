import {
  AuditState,
  auditMessage,
  type ContentItem,
  type ContentSummary,
  type ContentWrite,
  type OwnContentItem,
  type Paged,
  SiteMsg,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf } from '../../http/paging.js';
import { notify } from '../notice/index.js';
import * as q from './queries.js';
import { plainText, sanitizeRichText } from './sanitize.js';

/** Menu display modes (nav_menus.content_type); anything else passed as contentType is an item kind. */
const DISPLAY_MODES = new Set(['list', 'single', '']);

export interface PageArgs {
  pageNum: number;
  pageSize: number;
}

function window({ pageNum, pageSize }: PageArgs) {
  return { offset: (pageNum - 1) * pageSize, limit: pageSize };
}

/** The menu and every menu below it: a parent menu lists its children's items too. */
function withDescendants(menus: { id: number; parentId: number }[], roots: number[]): number[] {
  const found = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of menus) {
      if (!found.has(m.id) && found.has(m.parentId)) {
        found.add(m.id);
        grew = true;
      }
    }
  }
  return [...found];
}

/**
 * `/api/navMenu/contentList`: the items of a menu (by id or by its page address). A `single` menu answers its
 * items with their bodies (faq, about…); a `list` menu answers summaries. An unknown or hidden menu is 404.
 */
export async function listMenuContent(
  ctx: AppContext,
  args: PageArgs & { menuId?: number; path?: string; contentType?: string },
): Promise<Paged<ContentItem>> {
  const menus = await q.listVisibleMenus(ctx.db);
  const roots = menus
    .filter((m) => (args.menuId !== undefined ? m.id === args.menuId : args.path !== undefined && m.path === args.path))
    .map((m) => m.id);
  if (roots.length === 0) throw notFound();
  const mode = args.contentType ?? '';
  const kind = DISPLAY_MODES.has(mode) ? undefined : mode;
  const { rows, total } = await q.listPublic(
    ctx.db,
    { menuIds: withDescendants(menus, roots), contentType: kind, ...window(args) },
    mode !== 'list',
  );
  return pageOf(rows, total);
}

/** `/api/site/contentList` and `/api/site/imageText/list`: public items by kind, optionally of one menu. */
export async function listSiteContent(
  ctx: AppContext,
  args: PageArgs & { contentType?: string; menuId?: number },
): Promise<Paged<ContentSummary>> {
  const { rows, total } = await q.listPublic(
    ctx.db,
    { contentType: args.contentType, menuIds: args.menuId ? [args.menuId] : undefined, ...window(args) },
    false,
  );
  return pageOf(
    rows.map(({ body: _body, menuName: _menuName, ...summary }) => summary),
    total,
  );
}

/** One published item (news, page, agreement…); anything else is 404 (页面找不到了~ on the page). */
export async function getPublicItem(ctx: AppContext, id: number): Promise<ContentItem> {
  const item = await q.findPublic(ctx.db, id);
  if (!item) throw notFound();
  return item;
}

function presentOwn(row: NonNullable<Awaited<ReturnType<typeof q.findAny>>>): OwnContentItem {
  return { ...row, auditMessage: auditMessage(row.auditState, row.auditRemark) };
}

/**
 * The user agreement or privacy policy by the id /api/site's toolbar names (the login dialog's links), cleaned by
 * the site content's one policy (sanitizeRichText) whatever wrote the row.
 */
export async function readAgreement(ctx: AppContext, id: number) {
  const found = await q.findAgreement(ctx.db, id);
  if (!found) throw notFound();
  return { ...found, body: sanitizeRichText(found.body) };
}

export async function findItem(ctx: AppContext, id: number): Promise<OwnContentItem> {
  const row = await q.findAny(ctx.db, id);
  if (!row) throw notFound();
  return presentOwn(row);
}

export async function listItems(
  ctx: AppContext,
  args: PageArgs & {
    authorMemberId?: number;
    authorStaffId?: number;
    menuId?: number;
    contentType?: string;
    auditState?: number;
  },
): Promise<Paged<OwnContentItem>> {
  const { rows, total } = await q.listAny(ctx.db, { ...args, ...window(args) });
  return pageOf(rows.map(presentOwn), total);
}

function cleanFields(write: { body?: string; summary?: string }) {
  const body = sanitizeRichText(write.body ?? '');
  const summary = write.summary?.trim() || plainText(body, 120);
  return { body, summary };
}

/**
 * Who writes in the console and whether the writing waits for a reviewer: staff who may audit content publish at
 * once (the route asks the policy `content.publishDirect`); an editor's writing waits in the audit queue, and the
 * editor sees a rejection's reason on the item.
 */
export interface StaffWriter {
  staffId: number;
  direct: boolean;
}

const auditOnWrite = (by: StaffWriter) =>
  by.direct ? { audit_state: AuditState.PASSED } : { audit_state: AuditState.PENDING, audit_remark: '' };

/** The menu an item is filed under must exist (the database's foreign key would refuse it as a server error). */
async function checkMenu(ctx: AppContext, menuId: number | null | undefined) {
  if (menuId !== undefined && menuId !== null && !(await q.menuExists(ctx.db, menuId)))
    throw refused(SiteMsg.MENU_MISSING);
}

export async function createByStaff(
  ctx: AppContext,
  write: ContentWrite,
  by: StaffWriter,
  now = Date.now(),
): Promise<number> {
  await checkMenu(ctx, write.menuId);
  const { id } = await q.insertContent(ctx.db, {
    menu_id: write.menuId ?? null,
    content_type: write.contentType,
    title: write.title,
    ...cleanFields(write),
    cover: write.cover ?? '',
    link: write.link ?? '',
    sort: write.sort ?? 0,
    published: write.published ?? 1,
    ...auditOnWrite(by),
    author_staff_id: by.staffId,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** An edit by a writer who may not publish at once sends the item back to the audit queue. */
export async function updateByStaff(ctx: AppContext, id: number, write: ContentWrite, by: StaffWriter) {
  await findItem(ctx, id);
  await checkMenu(ctx, write.menuId);
  await q.updateContent(ctx.db, id, {
    menu_id: write.menuId ?? null,
    content_type: write.contentType,
    title: write.title,
    ...cleanFields(write),
    cover: write.cover ?? '',
    link: write.link ?? '',
    ...(write.sort !== undefined ? { sort: write.sort } : {}),
    ...(write.published !== undefined ? { published: write.published } : {}),
    ...auditOnWrite(by),
    updated_at: Date.now(),
  });
}

/** A rejected item goes back to the audit queue as it is (its author disagrees, or fixed it elsewhere). */
export async function resubmit(ctx: AppContext, id: number) {
  const item = await findItem(ctx, id);
  if (item.auditState !== AuditState.FAILED) throw refused(SiteMsg.CONTENT_NOT_FAILED);
  await q.updateContent(ctx.db, id, { audit_state: AuditState.PENDING, audit_remark: '', updated_at: Date.now() });
}

export async function setPublished(ctx: AppContext, id: number, published: 0 | 1) {
  await findItem(ctx, id);
  await q.updateContent(ctx.db, id, { published, updated_at: Date.now() });
}

export async function deleteItem(ctx: AppContext, id: number) {
  await findItem(ctx, id);
  await q.deleteContent(ctx.db, id);
}

export function sortItems(ctx: AppContext, ids: number[]) {
  return q.setSorts(ctx.db, 'site_contents', ids);
}

/** A member's writing waits for audit (state 0); editing it sends it back to the queue. */
export async function submitByMember(
  ctx: AppContext,
  memberId: number,
  write: { title: string; summary?: string; body?: string },
  now = Date.now(),
): Promise<number> {
  const { id } = await q.insertContent(ctx.db, {
    menu_id: null,
    content_type: 'article',
    title: write.title,
    ...cleanFields(write),
    audit_state: AuditState.PENDING,
    author_member_id: memberId,
    created_at: now,
    updated_at: now,
  });
  return id;
}

export async function resubmitByMember(
  ctx: AppContext,
  id: number,
  write: { title: string; summary?: string; body?: string },
) {
  await q.updateContent(ctx.db, id, {
    title: write.title,
    ...cleanFields(write),
    audit_state: AuditState.PENDING,
    audit_remark: '',
    updated_at: Date.now(),
  });
}

/** Staff approve or reject; the author (a member) is told through the notice centre. */
export async function audit(ctx: AppContext, id: number, pass: boolean, reason = '') {
  const item = await findItem(ctx, id);
  const state = pass ? AuditState.PASSED : AuditState.FAILED;
  await q.updateContent(ctx.db, id, { audit_state: state, audit_remark: pass ? '' : reason, updated_at: Date.now() });
  if (item.authorMemberId) {
    await notify(ctx, [
      {
        member_id: item.authorMemberId,
        type: 'audit',
        title: pass ? `《${item.title}》审核通过` : `《${item.title}》审核未通过`,
        content: pass ? '您发布的内容已通过审核。' : auditMessage(state, reason),
      },
    ]);
  }
}
