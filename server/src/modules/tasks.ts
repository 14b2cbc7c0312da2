import { adapterTasks } from '../adapters/workers/tasks.js';
import { accountTasks } from './account/tasks.js';
import { authTasks } from './auth/tasks.js';
import { importTasks } from './import/tasks.js';
import { orderTasks } from './orders/tasks.js';
import { questionBankTasks } from './questionBank/tasks.js';
import { readerTasks } from './reader/tasks.js';
import { reportTasks } from './reports/tasks.js';

/**
 * The CPU-heavy tasks the worker threads run, as index.ts lists the modules: each module registers its own in its
 * `tasks.ts` (pure functions of plain data, no database, no context, answering plain data or bytes), beside the
 * adapters' own. A module's `tasks.ts` is its second face, read only here and by the worker thread.
 */
export const tasks = {
  ...adapterTasks,
  ...accountTasks,
  ...authTasks,
  ...importTasks,
  ...orderTasks,
  ...questionBankTasks,
  ...readerTasks,
  ...reportTasks,
};

export type Tasks = typeof tasks;
