import { renderReportPdf, renderReportWorkbook } from './render.js';

/** The reports' work for the worker threads (modules/tasks.ts lists it): pure, plain data in and out. */
export const reportTasks = { reportPdf: renderReportPdf, reportXlsx: renderReportWorkbook };
