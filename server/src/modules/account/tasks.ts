import { renderAvatar } from './avatar-render.js';

/** The account module's work for the worker threads (modules/tasks.ts lists it): pure, plain data in and out. */
export const accountTasks = { avatar: renderAvatar };
