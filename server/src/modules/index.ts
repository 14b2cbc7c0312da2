import type { ModuleRoutes } from '../http/context.js';
import type { ModuleDef } from '../http/module.js';
import { routerModule } from './router/index.js';
import { memberModule } from './member/index.js';
import { noticeModule } from './notice/index.js';
import { siteRoutes } from './site/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { importRoutes } from './import/routes.js';
import { contentRoutes } from './content/routes.js';
import { siteManageRoutes } from './site/manage-routes.js';
import { helpRoutes } from './help/routes.js';
import { classesModule } from './classes/index.js';
import { shelfRoutes } from './shelf/routes.js';
import { readerRoutes } from './reader/routes.js';
import { authRoutes } from './auth/routes.js';
import { readerTestingRoutes } from './reader/testing-routes.js';
import { accountModule } from './account/index.js';
import { accountTestingModule } from './testing/account.js';
import { ssoRoutes } from './sso/routes.js';
import { staffRoutes } from './staff/routes.js';

/** Every declared module, registered by app.ts behind the one corridor (http/module.ts). Add a module here. */
export const modules: ModuleDef[] = [routerModule];
modules.push(classesModule);
modules.push(memberModule, accountModule, noticeModule);

/** Routes still written by hand (being moved into `modules`). */
export const moduleRoutes: ModuleRoutes[] = [siteRoutes];
moduleRoutes.push(catalogRoutes, importRoutes);
moduleRoutes.push(contentRoutes, siteManageRoutes, helpRoutes);
moduleRoutes.push(shelfRoutes);
moduleRoutes.push(readerRoutes);
moduleRoutes.push(authRoutes);
moduleRoutes.push(readerTestingRoutes);
moduleRoutes.push(ssoRoutes);
moduleRoutes.push(staffRoutes);

/** Test-only modules (browser journeys): registered only when `config.testRoutes`, never in production. */
export const testingModules: ModuleDef[] = [];
testingModules.push(accountTestingModule);
