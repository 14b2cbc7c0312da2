import { z } from 'zod';
import { bottomMenu, envelope, footerLink, navMenu, siteInfo } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import * as site from './service.js';

export const siteRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];

  r.get(
    '/api/site',
    { schema: { tags, summary: 'Site info: copyright, filing text, toolbar', response: { 200: envelope(siteInfo) } } },
    async (request) => {
      authorize(request.actor, 'site.read');
      return ok(await site.getSiteInfo(ctx));
    },
  );

  r.get(
    '/api/site/bottomMenu/list',
    { schema: { tags, summary: 'Footer bottom menu', response: { 200: envelope(z.array(bottomMenu)) } } },
    async (request) => {
      authorize(request.actor, 'site.read');
      return ok(await site.getBottomMenus(ctx));
    },
  );

  r.get(
    '/api/site/link/list',
    { schema: { tags, summary: 'Friendly links', response: { 200: envelope(z.array(footerLink)) } } },
    async (request) => {
      authorize(request.actor, 'site.read');
      return ok(await site.getFriendLinks(ctx));
    },
  );

  r.get(
    '/api/navMenu/list',
    { schema: { tags, summary: 'Navigation menus with children', response: { 200: envelope(z.array(navMenu)) } } },
    async (request) => {
      authorize(request.actor, 'site.read');
      return ok(await site.getNavMenuTree(ctx));
    },
  );
};
