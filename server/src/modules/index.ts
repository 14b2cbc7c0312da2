import type { ModuleRoutes } from '../http/context.js';
import { memberRoutes } from './member/routes.js';
import { noticeRoutes } from './notice/routes.js';
import { routerRoutes } from './router/routes.js';
import { siteRoutes } from './site/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { importRoutes } from './import/routes.js';
import { contentRoutes } from './content/routes.js';
import { siteManageRoutes } from './site/manage-routes.js';
import { helpRoutes } from './help/routes.js';
import { classRoutes } from './classes/routes.js';
import { shelfRoutes } from './shelf/routes.js';
import { readerRoutes } from './reader/routes.js';
import { authRoutes } from './auth/routes.js';
import { readerTestingRoutes } from './reader/testing-routes.js';

/** Every domain's routes, registered by app.ts. Add a module here. */
export const moduleRoutes: ModuleRoutes[] = [siteRoutes, routerRoutes, memberRoutes, noticeRoutes];
moduleRoutes.push(catalogRoutes, importRoutes);
moduleRoutes.push(contentRoutes, siteManageRoutes, helpRoutes);
moduleRoutes.push(classRoutes);
moduleRoutes.push(shelfRoutes);
moduleRoutes.push(readerRoutes);
moduleRoutes.push(authRoutes);
moduleRoutes.push(readerTestingRoutes);
