import { z } from 'zod';
import { envelope, importJob, Msg } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { refused, tooLarge } from '../../http/errors.js';
import { authorize } from '../../policies/index.js';
import { isStaff } from '../../policies/helpers.js';
import { getImportJob, startImportJob } from './service.js';

/** Largest EPUB accepted by upload (the CLI has no limit of its own beyond the zip checks). */
export const UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

function optionalId(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export const importRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['import'];

  r.post(
    '/api/book/import',
    {
      schema: {
        tags,
        summary:
          'Staff: upload an EPUB (multipart field "file"; optional fields subjectId, collectionId, publish). Answers the import job to poll.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ jobId: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = request.actor;
      authorize(actor, 'book.manage');
      if (!isStaff(actor)) throw new Error('unreachable: policy admitted a non-staff caller');
      if (!request.isMultipart()) throw refused(Msg.EPUB_REQUIRED);
      const file = await request.file({ limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1 } });
      if (!file) throw refused(Msg.EPUB_REQUIRED);
      if (!/\.epub$/i.test(file.filename)) throw refused(Msg.EPUB_REQUIRED);
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      });
      const field = (name: string) => {
        const f = file.fields[name];
        return f && !Array.isArray(f) && f.type === 'field' ? f.value : undefined;
      };
      const jobId = await startImportJob(ctx, request.log, actor.staffId, file.filename, bytes, {
        subjectId: optionalId(field('subjectId')),
        collectionId: optionalId(field('collectionId')),
        published: field('publish') === '1' || field('publish') === 'true',
      });
      return ok({ jobId });
    },
  );

  r.get(
    '/api/book/import/job/:id',
    {
      schema: {
        tags,
        summary: 'Staff: progress of an import job (the uploader polls it)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(importJob) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.manage');
      return ok(await getImportJob(ctx, request.actor, request.params.id));
    },
  );
};
