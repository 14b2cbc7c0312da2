import { writeQuestionSheets } from './sheet-work.js';

/** The question bank's work for the worker threads (modules/tasks.ts lists it): pure, plain data in and out. */
export const questionBankTasks = { questionSheetWrite: writeQuestionSheets };
