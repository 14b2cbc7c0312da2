import type { ModuleRoutes } from '../http/context.js';
import { memberRoutes } from './member/routes.js';
import { noticeRoutes } from './notice/routes.js';
import { routerRoutes } from './router/routes.js';
import { siteRoutes } from './site/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { importRoutes } from './import/routes.js';
import { authRoutes } from './auth/routes.js';
import { accountRoutes } from './account/routes.js';
import { ssoRoutes } from './sso/routes.js';
import { staffRoutes } from './staff/routes.js';

/** Every domain's routes, registered by app.ts. Add a module here. */
export const moduleRoutes: ModuleRoutes[] = [siteRoutes, routerRoutes, memberRoutes, noticeRoutes];
moduleRoutes.push(catalogRoutes, importRoutes);
moduleRoutes.push(authRoutes);
moduleRoutes.push(accountRoutes);
moduleRoutes.push(ssoRoutes);
moduleRoutes.push(staffRoutes);
