import { drawPuzzle } from './captcha-draw.js';

/** The auth module's work for the worker threads (modules/tasks.ts lists it): pure, plain data in and out. */
export const authTasks = { captcha: drawPuzzle };
