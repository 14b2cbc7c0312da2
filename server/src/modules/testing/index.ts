import type { ModuleDef } from '../../http/module.js';
import { authTestingModule } from './auth.js';
import { classTestingModule } from './classes.js';
import { testingModule } from './routes.js';
import { staffTestingModule } from './staff.js';
import { readerTestingModule } from './reader.js';
import { accountTestingModule } from './account.js';
import { homeworkTestingModule } from './homework.js';

/**
 * Every test-only module (routes for the browser journeys: `/api/test/*`, `/api/dev/*`, hidden from the OpenAPI
 * document). app.ts registers them only when `config.testRoutes` is on, which configuration never allows with
 * NODE_ENV=production. Add a module here.
 */
export const testingModules: ModuleDef[] = [testingModule, classTestingModule, authTestingModule];
testingModules.push(staffTestingModule);
testingModules.push(readerTestingModule);
testingModules.push(accountTestingModule);
testingModules.push(homeworkTestingModule);
