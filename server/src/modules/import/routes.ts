import { z } from 'zod';
import { bookEditions, importJob, Msg } from '@textbook/contracts';
import { readUpload } from '../../http/files.js';
import { refused } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { asStaff } from '../../policies/helpers.js';
import { isPdf } from './pdf-import.js';
import { bookEditions as getBookEditions, getImportJob, importJobOwner, startImportJob } from './service.js';

/** Largest EPUB or PDF accepted by upload (the CLI has no limit of its own beyond the zip checks). */
export const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

function optionalId(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** EPUB and PDF import from the back office (staff only, under /api/admin). */
export const importModule = defineModule({
  prefix: '/api/admin',
  tag: 'import',
  routes: [
    route({
      method: 'POST',
      url: '/book/import',
      summary:
        'Staff: upload an EPUB or a PDF (multipart field "file"; optional fields subjectId, collectionId, publish, and bookId: a new edition of that book). Answers the import job to poll.',
      policy: 'book.manage',
      upload: true,
      answer: z.object({ jobId: z.number().int() }),
      handler: async ({ ctx, actor, request }) => {
        const file = await readUpload(request, {
          maxBytes: UPLOAD_LIMIT_BYTES,
          missing: Msg.EPUB_REQUIRED,
          tooLarge: Msg.TOO_LARGE,
        });
        // A PDF is known by its header whatever its name; anything else must be named .epub (its zip is checked).
        if (!isPdf(file.bytes)) {
          if (/\.pdf$/i.test(file.fileName)) throw refused(Msg.PDF_INVALID);
          if (!/\.epub$/i.test(file.fileName)) throw refused(Msg.EPUB_REQUIRED);
        }
        const jobId = await startImportJob(ctx, request.log, asStaff(actor).staffId, file.fileName, file.bytes, {
          subjectId: optionalId(file.fields.subjectId),
          collectionId: optionalId(file.fields.collectionId),
          published: file.fields.publish === '1' || file.fields.publish === 'true',
          bookId: optionalId(file.fields.bookId),
        });
        return { jobId };
      },
    }),
    route({
      method: 'GET',
      url: '/book/:id/editions',
      summary: "Staff: a book's editions (current edition, identifier, the imports that made each)",
      policy: 'book.manage',
      params: z.object({ id: z.coerce.number().int().positive() }),
      answer: bookEditions,
      handler: ({ ctx, params }) => getBookEditions(ctx, params.id),
    }),
    route({
      method: 'GET',
      url: '/book/import/job/:id',
      summary: 'Staff: progress of an import job (the uploader polls it; its starter or a staff administrator)',
      policy: 'book.readImportJob',
      gate: 'book.manage',
      params: z.object({ id: z.coerce.number().int().positive() }),
      answer: importJob,
      load: ({ ctx, params }) => importJobOwner(ctx, params.id),
      handler: ({ ctx, params }) => getImportJob(ctx, params.id),
    }),
  ],
});
