import { renderAvatar } from '../../modules/account/avatar-render.js';
import { drawPuzzle } from '../../modules/auth/captcha-draw.js';
import { renderNotesPdf } from '../../modules/reader/pdf-render.js';
import { renderReceiptPdf } from '../../modules/orders/receipt-render.js';
import { renderReportPdf, renderReportWorkbook } from '../../modules/reports/render.js';
import { writeQuestionSheets } from '../../modules/questionBank/sheet-work.js';
import { lookup, warmDictionary } from '../translate/dictionary.js';
import { readSheet } from './sheet-read.js';
import { renderWorkbook } from './xlsx.js';

/**
 * The CPU-heavy tasks run in worker threads (pool.ts): pure functions of plain data (no database, no
 * context), answering plain data or bytes.
 */
export const tasks = {
  captcha: drawPuzzle,
  pdf: renderNotesPdf,
  receipt: renderReceiptPdf,
  xlsx: renderWorkbook,
  reportPdf: renderReportPdf,
  reportXlsx: renderReportWorkbook,
  avatar: renderAvatar,
  sheetRead: readSheet,
  questionSheetWrite: writeQuestionSheets,
  lookup,
  warmDictionary,
};

export type TaskName = keyof typeof tasks;
export type TaskInput<K extends TaskName> = Parameters<(typeof tasks)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof tasks)[K]>>;
