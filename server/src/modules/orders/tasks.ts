import { renderReceiptPdf } from './receipt-render.js';

/** The orders module's work for the worker threads (modules/tasks.ts lists it): pure, plain data in and out. */
export const orderTasks = { receipt: renderReceiptPdf };
