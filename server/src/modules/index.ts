import type { ModuleRoutes } from '../http/context.js';
import type { ModuleDef } from '../http/module.js';
import { routerModule } from './router/index.js';
import { memberRoutes } from './member/routes.js';
import { noticeRoutes } from './notice/routes.js';
import { classRoutes } from './classes/routes.js';
import { authModule } from './auth/index.js';
import { accountRoutes } from './account/routes.js';
import { siteAdminModule, siteModule } from './site/index.js';
import { contentModule } from './content/index.js';
import { feedbackModule, helpModule } from './help/index.js';
import { ssoModule } from './sso/index.js';
import { staffModule } from './staff/index.js';
import { catalogModule } from './catalog/index.js';
import { dictModule } from './dict/index.js';
import { importModule } from './import/index.js';
import { readerModule } from './reader/index.js';
import { shelfModule } from './shelf/index.js';

/** Every declared module, registered by app.ts behind the one corridor (http/module.ts). Add a module here. */
export const modules: ModuleDef[] = [routerModule];
modules.push(siteModule, siteAdminModule, contentModule, helpModule, feedbackModule);
modules.push(authModule, ssoModule, staffModule);
modules.push(dictModule, catalogModule, importModule, shelfModule, readerModule);

/** Routes still written by hand (being moved into `modules`). */
export const moduleRoutes: ModuleRoutes[] = [memberRoutes, noticeRoutes];
moduleRoutes.push(classRoutes);
moduleRoutes.push(accountRoutes);
