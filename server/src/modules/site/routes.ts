import { z } from 'zod';
import { appVersion, bottomMenu, footerLink, navMenu, siteInfo } from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { latestVersions } from './manage.js';
import * as site from './service.js';

/** The public site shell: site info, footer, friendly links, navigation menus, client versions. */
export const siteModule = defineModule({
  prefix: '/api',
  tag: 'site',
  routes: [
    route({
      method: 'GET',
      url: '/site',
      summary: 'Site info: copyright, filing text, toolbar',
      policy: 'site.read',
      answer: siteInfo,
      handler: ({ ctx }) => site.getSiteInfo(ctx),
    }),
    route({
      method: 'GET',
      url: '/site/bottomMenu/list',
      summary: 'Footer bottom menu',
      policy: 'site.read',
      answer: z.array(bottomMenu),
      handler: ({ ctx }) => site.getBottomMenus(ctx),
    }),
    route({
      method: 'GET',
      url: '/site/link/list',
      summary: 'Friendly links',
      policy: 'site.read',
      answer: z.array(footerLink),
      handler: ({ ctx }) => site.getFriendLinks(ctx),
    }),
    route({
      method: 'GET',
      url: '/navMenu/list',
      summary: 'Navigation menus with children',
      policy: 'site.read',
      answer: z.array(navMenu),
      handler: ({ ctx }) => site.getNavMenuTree(ctx),
    }),
    route({
      method: 'GET',
      url: '/version/base',
      summary: 'Client download page: the newest published version of each platform',
      policy: 'content.read',
      answer: z.array(appVersion),
      handler: ({ ctx }) => latestVersions(ctx),
    }),
  ],
});
