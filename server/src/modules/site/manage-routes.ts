import { z } from 'zod';
import {
  appVersion,
  bottomMenuWrite,
  envelope,
  footerLinkWrite,
  menuWrite,
  siteInfo,
  siteInfoWrite,
  sortBody,
  versionWrite,
} from '@textbook/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import { authorizeAdminRoutesEarly } from '../../policies/admin-hook.js';
import * as manage from './manage.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const created = envelope(z.object({ id: z.number().int() }));
const done = envelope(z.null());

/**
 * The staff JSON API for the site shell (the admin console comes later): navigation menus, footer links and
 * bottom menu, site info and client versions. Each collection has list, create, edit, delete, order and
 * show/hide (publish/unpublish), so nothing on the public site needs a database edit.
 */
export const siteManageRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site admin'];
  authorizeAdminRoutesEarly(app);

  r.get(
    '/api/version/base',
    {
      schema: {
        tags: ['site'],
        summary: 'Client download page: the newest published version of each platform',
        response: { 200: envelope(z.array(appVersion)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.read');
      return ok(await manage.latestVersions(ctx));
    },
  );

  interface Crud<W extends z.ZodType> {
    base: string;
    what: string;
    write: W;
    list: () => Promise<unknown>;
    create: (w: z.infer<W>) => Promise<number>;
    update: (id: number, w: z.infer<W>) => Promise<void>;
    remove: (id: number) => Promise<void>;
    sort?: (ids: number[]) => Promise<unknown>;
    visible?: (id: number, v: 0 | 1) => Promise<void>;
  }

  function crud<W extends z.ZodType>(c: Crud<W>, instance: FastifyInstance = app) {
    const t = instance.withTypeProvider<ZodTypeProvider>();
    t.get(`${c.base}/list`, { schema: { tags, summary: `Staff: every ${c.what}` } }, async (request) => {
      authorize(request.actor, 'site.manage');
      return ok(await c.list());
    });
    t.post(
      c.base,
      { schema: { tags, summary: `Staff: create a ${c.what}`, body: c.write, response: { 200: created } } },
      async (request) => {
        authorize(request.actor, 'site.manage');
        return ok({ id: await c.create(request.body as z.infer<W>) });
      },
    );
    t.put(
      `${c.base}/:id`,
      {
        schema: { tags, summary: `Staff: edit a ${c.what}`, params: idParams, body: c.write, response: { 200: done } },
      },
      async (request) => {
        authorize(request.actor, 'site.manage');
        await c.update(request.params.id, request.body as z.infer<W>);
        return ok(null);
      },
    );
    t.delete(
      `${c.base}/:id`,
      { schema: { tags, summary: `Staff: delete a ${c.what}`, params: idParams, response: { 200: done } } },
      async (request) => {
        authorize(request.actor, 'site.manage');
        await c.remove(request.params.id);
        return ok(null);
      },
    );
    const sort = c.sort;
    if (sort) {
      t.post(
        `${c.base}/sort`,
        { schema: { tags, summary: `Staff: order ${c.what}s`, body: sortBody, response: { 200: done } } },
        async (request) => {
          authorize(request.actor, 'site.manage');
          await sort(request.body.ids);
          return ok(null);
        },
      );
    }
    const visible = c.visible;
    if (visible) {
      for (const [action, value] of [
        ['publish', 1],
        ['unpublish', 0],
      ] as const) {
        t.post(
          `${c.base}/:id/${action}`,
          { schema: { tags, summary: `Staff: ${action} a ${c.what}`, params: idParams, response: { 200: done } } },
          async (request) => {
            authorize(request.actor, 'site.manage');
            await visible(request.params.id, value);
            return ok(null);
          },
        );
      }
    }
  }

  crud({
    base: '/api/admin/navMenu',
    what: 'navigation menu',
    write: menuWrite,
    list: () => manage.listMenus(ctx),
    create: (w) => manage.createMenu(ctx, w),
    update: (id, w) => manage.updateMenu(ctx, id, w),
    remove: (id) => manage.deleteMenu(ctx, id),
    sort: (ids) => manage.sortMenus(ctx, ids),
    visible: (id, v) => manage.setMenuVisible(ctx, id, v),
  });

  crud({
    base: '/api/admin/link',
    what: 'friendly link',
    write: footerLinkWrite,
    list: () => manage.listLinks(ctx),
    create: (w) => manage.createLink(ctx, w),
    update: (id, w) => manage.updateLink(ctx, id, w),
    remove: (id) => manage.deleteLink(ctx, id),
    sort: (ids) => manage.sortLinks(ctx, ids),
    visible: (id, v) => manage.setLinkVisible(ctx, id, v),
  });

  crud({
    base: '/api/admin/bottomMenu',
    what: 'bottom menu item',
    write: bottomMenuWrite,
    list: () => manage.listBottomMenus(ctx),
    create: (w) => manage.createBottomMenu(ctx, w),
    update: (id, w) => manage.updateBottomMenu(ctx, id, w),
    remove: (id) => manage.deleteBottomMenu(ctx, id),
    sort: (ids) => manage.sortBottomMenus(ctx, ids),
    visible: (id, v) => manage.setBottomMenuVisible(ctx, id, v),
  });

  crud({
    base: '/api/admin/version',
    what: 'client version',
    write: versionWrite,
    list: () => manage.listAllVersions(ctx),
    create: (w) => manage.createVersion(ctx, w),
    update: (id, w) => manage.updateVersion(ctx, id, w),
    remove: (id) => manage.deleteVersion(ctx, id),
    visible: (id, v) => manage.setVersionPublished(ctx, id, v),
  });

  r.put(
    '/api/admin/site',
    {
      schema: {
        tags,
        summary: 'Staff: edit site info (name, copyright, filing text, toolbar logos and agreement ids)',
        body: siteInfoWrite,
        response: { 200: envelope(siteInfo) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok(await manage.updateSiteInfo(ctx, request.body));
    },
  );
};
