import type { FastifyBaseLogger } from 'fastify';
import type { BookEditions, ImportJob } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { wordsOf } from '../catalog/index.js';
import { ImportRefusal } from './errors.js';
import { importBook } from './book-file.js';
import type { ImportOptions } from './importer.js';
import * as q from './queries.js';

/** Jobs still running in this app instance (tests and shutdown may wait for them). */
const runningOf = (ctx: AppContext) => ctx.local('import:running', () => new Map<number, Promise<void>>());

export function waitForJob(ctx: AppContext, jobId: number): Promise<void> {
  return runningOf(ctx).get(jobId) ?? Promise.resolve();
}

/**
 * Starts an import the uploader can follow: the job row carries progress (0-100), then done with the
 * book id, or failed with the reason in plain Chinese. The upload request returns at once.
 */
export async function startImportJob(
  ctx: AppContext,
  log: FastifyBaseLogger,
  staffId: number,
  fileName: string,
  bytes: Uint8Array,
  options: ImportOptions,
): Promise<number> {
  const now = Date.now();
  const jobId = await q.insertJob(ctx.db, {
    staff_id: staffId,
    file_name: fileName.slice(0, 255),
    status: 'running',
    progress: 0,
    created_at: now,
    updated_at: now,
  });
  const running = runningOf(ctx);
  const work = (async () => {
    try {
      const result = await importBook(
        {
          db: ctx.db,
          workers: ctx.workers,
          dialect: ctx.dialect,
          storage: ctx.files.books,
          words: wordsOf(ctx),
          imageMaxPixels: ctx.config.imageMaxPixels,
          caches: ctx.caches,
        },
        bytes,
        {
          ...options,
          fileName,
          onProgress: (progress) => q.updateJob(ctx.db, jobId, { progress, updated_at: Date.now() }),
        },
      );
      await q.updateJob(ctx.db, jobId, {
        status: 'done',
        progress: 100,
        book_id: result.bookId,
        edition: result.edition,
        message:
          `${result.created ? '导入成功' : '已更新为新版本'}：${result.title}（${result.chapters} 个章节）`.slice(
            0,
            500,
          ),
        updated_at: Date.now(),
      });
    } catch (err) {
      const message = err instanceof ImportRefusal ? err.zh : '导入失败：系统未知错误，请反馈给管理员';
      if (!(err instanceof ImportRefusal)) log.error({ err, jobId }, 'import failed');
      await q
        .updateJob(ctx.db, jobId, { status: 'failed', message: message.slice(0, 500), updated_at: Date.now() })
        .catch(() => undefined);
    } finally {
      running.delete(jobId);
    }
  })();
  running.set(jobId, work);
  return jobId;
}

/** The job's owner, for the policy (`book.readImportJob`); 404 when there is none. */
export async function importJobOwner(ctx: AppContext, jobId: number): Promise<{ staffId: number | null }> {
  const job = await q.findJob(ctx.db, jobId);
  if (!job) throw notFound();
  return { staffId: job.staffId };
}

export async function getImportJob(ctx: AppContext, jobId: number): Promise<ImportJob> {
  const job = await q.findJob(ctx.db, jobId);
  if (!job) throw notFound();
  return {
    id: job.id,
    fileName: job.fileName,
    status: job.status as ImportJob['status'],
    progress: job.progress,
    message: job.message,
    bookId: job.bookId,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/** A book's editions: its current edition and identifier, and the imports that made each (newest first). */
export async function bookEditions(ctx: AppContext, bookId: number): Promise<BookEditions> {
  const book = await q.findBookById(ctx.db, bookId);
  if (!book) throw notFound();
  const jobs = await q.editionJobsOf(ctx.db, bookId);
  return {
    bookId,
    edition: book.edition,
    identifier: book.identifier,
    rows: jobs.map((j) => ({
      jobId: j.id,
      edition: j.edition,
      fileName: j.fileName,
      staffName: j.displayName || j.userName || '',
      message: j.message,
      createdAt: j.createdAt,
    })),
  };
}
