import { renderNotesPdf } from './pdf-render.js';

/** The reader's work for the worker threads (modules/tasks.ts lists it): pure, plain data in and out. */
export const readerTasks = { pdf: renderNotesPdf };
