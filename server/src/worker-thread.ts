// A worker thread's entry (the app's pools start it: workers.ts): it serves the app's task table.
import { serveTasks } from './adapters/workers/serve.js';
import { tasks } from './modules/tasks.js';

serveTasks(tasks);
