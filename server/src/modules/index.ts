import type { ModuleRoutes } from '../http/context.js';
import type { ModuleDef } from '../http/module.js';
import { routerModule } from './router/index.js';
import { memberRoutes } from './member/routes.js';
import { noticeRoutes } from './notice/routes.js';
import { siteRoutes } from './site/routes.js';
import { contentRoutes } from './content/routes.js';
import { siteManageRoutes } from './site/manage-routes.js';
import { helpRoutes } from './help/routes.js';
import { classRoutes } from './classes/routes.js';
import { authRoutes } from './auth/routes.js';
import { accountRoutes } from './account/routes.js';
import { ssoRoutes } from './sso/routes.js';
import { staffRoutes } from './staff/routes.js';
import { catalogModule } from './catalog/index.js';
import { dictModule } from './dict/index.js';
import { importModule } from './import/index.js';
import { readerModule } from './reader/index.js';
import { shelfModule } from './shelf/index.js';
import { readerTestingModule } from './testing/reader.js';

/** Every declared module, registered by app.ts behind the one corridor (http/module.ts). Add a module here. */
export const modules: ModuleDef[] = [routerModule];

/** Routes still written by hand (being moved into `modules`). */
export const moduleRoutes: ModuleRoutes[] = [siteRoutes, memberRoutes, noticeRoutes];
moduleRoutes.push(contentRoutes, siteManageRoutes, helpRoutes);
moduleRoutes.push(classRoutes);
moduleRoutes.push(authRoutes);
moduleRoutes.push(accountRoutes);
moduleRoutes.push(ssoRoutes);
moduleRoutes.push(staffRoutes);
modules.push(dictModule, catalogModule, importModule, shelfModule, readerModule);

/** Declared modules for the browser journeys only: registered when `config.testRoutes` is on (never in production). */
export const testingModules: ModuleDef[] = [];
testingModules.push(readerTestingModule);
