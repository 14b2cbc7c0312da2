import { beforeAll, describe, expect, it } from 'vitest';
import { SiteMsg, type AuditRow, type NavMenu, type Paged } from '@textbook/contracts';
import { buildStaffOfEachRole } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { invalidateSiteCache } from './index.js';

/**
 * The console's navigation menus (issue 19): an editor moves a menu under another and orders siblings (what a drag
 * in the menu tree sends); a menu cannot be moved under itself or its own child; reviewers and finance may not edit
 * the site; each change is in the audit log with the menu before it.
 */
const t = useTestApp();
let staff: Awaited<ReturnType<typeof buildStaffOfEachRole>>;

beforeAll(async () => {
  staff = await buildStaffOfEachRole(t.ctx.db);
});

const menuCall = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  call<{ id: number } | null>(t.app, { method, url: `/api/admin/navMenu${url}`, token, payload });

describe('navigation menus in the console', () => {
  it('moves a menu under another and orders siblings; refuses a loop; only editors (and super) edit', async () => {
    const add = async (menuName: string, parentId = 0) =>
      (
        expectOk(await menuCall(staff.editor.token, 'POST', '', { menuName, parentId, path: '/about' })) as {
          id: number;
        }
      ).id;
    const top = await add('控制台顶层');
    const second = await add('控制台第二');
    const child = await add('控制台子项', top);
    const grandchild = await add('控制台孙项', child);

    // A menu under itself or its own descendant would vanish from the header: refused with a message.
    for (const parentId of [top, child, grandchild]) {
      expectRefused(
        await menuCall(staff.editor.token, 'PUT', `/${top}`, { menuName: '控制台顶层', parentId, path: '/about' }),
        SiteMsg.MENU_UNDER_ITSELF,
      );
    }

    // The drag: the child moves to the second top menu, then the top level is ordered second first.
    expectOk(
      await menuCall(staff.editor.token, 'PUT', `/${child}`, {
        menuName: '控制台子项',
        parentId: second,
        path: '/about',
      }),
    );
    for (const role of ['reviewer', 'finance'] as const) {
      expect((await menuCall(staff[role].token, 'POST', '/sort', { ids: [second, top] })).status).toBe(403);
      expect((await menuCall(staff[role].token, 'POST', '', { menuName: 'x' })).status).toBe(403);
    }
    expectOk(await menuCall(staff.editor.token, 'POST', '/sort', { ids: [second, top] }));
    invalidateSiteCache(t.ctx);
    const tree = expectOk(await call<NavMenu[]>(t.app, { url: '/api/navMenu/list' }));
    const ours = tree.filter((m) => [top, second].includes(m.menuId));
    expect(ours.map((m) => m.menuName)).toEqual(['控制台第二', '控制台顶层']);
    expect(ours[0]!.children?.map((m) => m.menuName)).toEqual(['控制台子项']);
    expect(ours[0]!.children?.[0]?.children?.map((m) => m.menuName)).toEqual(['控制台孙项']);

    const log = expectOk(
      await call<Paged<AuditRow>>(t.app, {
        url: '/api/admin/audit/page?pageSize=50&keyword=navMenu',
        token: staff.super.token,
      }),
    ).rows;
    expect(log.find((r) => r.url === `/api/admin/navMenu/${child}`)).toMatchObject({
      staffId: staff.editor.id,
      method: 'PUT',
      target: String(child),
    });
    expect(log.find((r) => r.url === '/api/admin/navMenu/sort')?.after).toContain(`[${second},${top}]`);
    // Refusals are not recorded: no entry for the refused loops by anyone but the successful edit.
    expect(log.filter((r) => r.url === `/api/admin/navMenu/${top}`)).toEqual([]);
  });
});
