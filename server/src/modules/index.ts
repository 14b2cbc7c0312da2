import type { ModuleDef } from '../http/module.js';
import { routerModule } from './router/index.js';
import { memberModule } from './member/index.js';
import { noticeModule } from './notice/index.js';
import { classesModule } from './classes/index.js';
import { accountModule } from './account/index.js';
import { authModule } from './auth/index.js';
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
import { collegeAdminModule, collegeModule } from './college/index.js';

/** Every declared module, registered by app.ts behind the one corridor (http/module.ts). Add a module here. */
export const modules: ModuleDef[] = [routerModule];
modules.push(siteModule, siteAdminModule, contentModule, helpModule, feedbackModule);
modules.push(authModule, ssoModule, staffModule);
modules.push(dictModule, catalogModule, importModule, shelfModule, readerModule);
modules.push(classesModule);
modules.push(memberModule, accountModule, noticeModule);
modules.push(collegeModule, collegeAdminModule);
