import { z } from 'zod';
import {
  appVersion,
  bottomMenu,
  bottomMenuWrite,
  footerLink,
  footerLinkWrite,
  menuWrite,
  siteInfo,
  siteInfoWrite,
  sortBody,
  versionWrite,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { defineModule, route, type AnyRoute } from '../../http/module.js';
import * as manage from './manage.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const created = z.object({ id: z.number().int() });
const shown = { sort: z.number().int(), visible: z.number().int() };

/** One staff collection of the site shell: what its routes are made of. */
interface Crud<W extends z.ZodType> {
  /** Under `/api/admin`, e.g. `/navMenu`. */
  base: string;
  what: string;
  /** A row of the staff list. */
  row: z.ZodType;
  write: W;
  list: (ctx: AppContext) => Promise<unknown[]>;
  create: (ctx: AppContext, w: z.infer<W>) => Promise<number>;
  update: (ctx: AppContext, id: number, w: z.infer<W>) => Promise<void>;
  remove: (ctx: AppContext, id: number) => Promise<void>;
  sort?: (ctx: AppContext, ids: number[]) => Promise<unknown>;
  visible?: (ctx: AppContext, id: number, v: 0 | 1) => Promise<void>;
}

/** List, create, edit, delete, and where the collection has them, order and publish/unpublish: staff only. */
function crud<W extends z.ZodType>(c: Crud<W>): AnyRoute[] {
  const routes: AnyRoute[] = [
    route({
      method: 'GET',
      url: `${c.base}/list`,
      summary: `Staff: every ${c.what}`,
      policy: 'site.manage',
      answer: z.array(c.row),
      handler: ({ ctx }) => c.list(ctx),
    }),
    route({
      method: 'POST',
      url: c.base,
      summary: `Staff: create a ${c.what}`,
      policy: 'site.manage',
      body: c.write,
      answer: created,
      handler: async ({ ctx, body }) => ({ id: await c.create(ctx, body as z.infer<W>) }),
    }),
    route({
      method: 'PUT',
      url: `${c.base}/:id`,
      summary: `Staff: edit a ${c.what}`,
      policy: 'site.manage',
      params: idParams,
      body: c.write,
      answer: z.null(),
      handler: async ({ ctx, params, body }) => {
        await c.update(ctx, params.id, body as z.infer<W>);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: `${c.base}/:id`,
      summary: `Staff: delete a ${c.what}`,
      policy: 'site.manage',
      params: idParams,
      answer: z.null(),
      handler: async ({ ctx, params }) => {
        await c.remove(ctx, params.id);
        return null;
      },
    }),
  ];
  const sort = c.sort;
  if (sort) {
    routes.push(
      route({
        method: 'POST',
        url: `${c.base}/sort`,
        summary: `Staff: order ${c.what}s`,
        policy: 'site.manage',
        body: sortBody,
        answer: z.null(),
        handler: async ({ ctx, body }) => {
          await sort(ctx, body.ids);
          return null;
        },
      }),
    );
  }
  const visible = c.visible;
  if (visible) {
    for (const [action, value] of [
      ['publish', 1],
      ['unpublish', 0],
    ] as const) {
      routes.push(
        route({
          method: 'POST',
          url: `${c.base}/:id/${action}`,
          summary: `Staff: ${action} a ${c.what}`,
          policy: 'site.manage',
          params: idParams,
          answer: z.null(),
          handler: async ({ ctx, params }) => {
            await visible(ctx, params.id, value);
            return null;
          },
        }),
      );
    }
  }
  return routes;
}

/**
 * The staff JSON API for the site shell (the admin console comes later): navigation menus, footer links and
 * bottom menu, site info and client versions. Each collection has list, create, edit, delete, order and
 * show/hide (publish/unpublish), so nothing on the public site needs a database edit.
 */
export const siteAdminModule = defineModule({
  prefix: '/api/admin',
  tag: 'site admin',
  routes: [
    ...crud({
      base: '/navMenu',
      what: 'navigation menu',
      row: z.object({
        menuId: z.number().int(),
        menuName: z.string(),
        parentId: z.number().int(),
        path: z.string(),
        contentType: z.string(),
        ...shown,
      }),
      write: menuWrite,
      list: manage.listMenus,
      create: manage.createMenu,
      update: manage.updateMenu,
      remove: manage.deleteMenu,
      sort: manage.sortMenus,
      visible: manage.setMenuVisible,
    }),
    ...crud({
      base: '/link',
      what: 'friendly link',
      row: footerLink.extend(shown),
      write: footerLinkWrite,
      list: manage.listLinks,
      create: manage.createLink,
      update: manage.updateLink,
      remove: manage.deleteLink,
      sort: manage.sortLinks,
      visible: manage.setLinkVisible,
    }),
    ...crud({
      base: '/bottomMenu',
      what: 'bottom menu item',
      row: bottomMenu.extend(shown),
      write: bottomMenuWrite,
      list: manage.listBottomMenus,
      create: manage.createBottomMenu,
      update: manage.updateBottomMenu,
      remove: manage.deleteBottomMenu,
      sort: manage.sortBottomMenus,
      visible: manage.setBottomMenuVisible,
    }),
    ...crud({
      base: '/version',
      what: 'client version',
      row: appVersion,
      write: versionWrite,
      list: manage.listAllVersions,
      create: manage.createVersion,
      update: manage.updateVersion,
      remove: manage.deleteVersion,
      visible: manage.setVersionPublished,
    }),
    route({
      method: 'PUT',
      url: '/site',
      summary: 'Staff: edit site info (name, copyright, filing text, toolbar logos and agreement ids)',
      policy: 'site.manage',
      body: siteInfoWrite,
      answer: siteInfo,
      handler: ({ ctx, body }) => manage.updateSiteInfo(ctx, body),
    }),
  ],
});
