import type { z } from 'zod';
import {
  SiteMsg,
  type errorFeedbackAdd,
  type FeedbackItem,
  type feedbackAdd,
  type HelpContent,
  type HelpTopic,
  type helpContentWrite,
  type Paged,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf } from '../../http/paging.js';
import { IMAGE_ROUTE, sanitizeRichText } from '../content/index.js';
import { notify } from '../notice/index.js';
import * as q from './queries.js';

interface PageArgs {
  pageNum: number;
  pageSize: number;
}
const window = (p: PageArgs) => ({ offset: (p.pageNum - 1) * p.pageSize, limit: p.pageSize });

function mustHaveChanged(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): void {
  if (Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n) === 0) throw notFound();
}

// ---- help

export async function pageTopics(ctx: AppContext, p: PageArgs): Promise<Paged<HelpTopic>> {
  const { rows, total } = await q.pageTopics(ctx.db, window(p).offset, p.pageSize);
  return pageOf(rows, total);
}

export async function pageContents(
  ctx: AppContext,
  p: PageArgs & { topicId?: number; id?: number; keyword?: string },
): Promise<Paged<HelpContent>> {
  const { rows, total } = await q.pageContents(ctx.db, { ...p, keyword: p.keyword || undefined, ...window(p) });
  return pageOf(rows, total);
}

/** One visit of a help content (a visitor's too), so staff see which help is read. */
export async function recordAccess(ctx: AppContext, contentId: number, memberId: number | null): Promise<void> {
  if (!(await q.findContent(ctx.db, contentId))) throw notFound();
  await q.recordAccess(ctx.db, contentId, memberId, Date.now());
}

export const accessStats = (ctx: AppContext, since: number) => q.accessStats(ctx.db, since);

export async function createTopic(ctx: AppContext, name: string, sort = 0): Promise<number> {
  return (await q.insertTopic(ctx.db, name, sort, Date.now())).id;
}
export async function updateTopic(ctx: AppContext, id: number, name: string, sort?: number) {
  mustHaveChanged(await q.updateTopic(ctx.db, id, name, sort));
}
export const sortTopics = (ctx: AppContext, ids: number[]) => q.sortTopics(ctx.db, ids);
export async function deleteTopic(ctx: AppContext, id: number) {
  mustHaveChanged(await q.deleteTopic(ctx.db, id));
}

/** A content's topic must exist: an unknown id is the writer's mistake (400), not a foreign-key failure (500). */
async function mustHaveTopic(ctx: AppContext, topicId: number): Promise<void> {
  if (!(await q.topicExists(ctx.db, topicId))) throw refused(SiteMsg.HELP_TOPIC_MISSING);
}

export async function createContent(ctx: AppContext, w: z.infer<typeof helpContentWrite>): Promise<number> {
  await mustHaveTopic(ctx, w.topicId);
  const now = Date.now();
  const { id } = await q.insertContent(ctx.db, {
    topic_id: w.topicId,
    title: w.title,
    body: sanitizeRichText(w.body ?? ''),
    sort: w.sort ?? 0,
    created_at: now,
    updated_at: now,
  });
  return id;
}
export async function updateContent(ctx: AppContext, id: number, w: z.infer<typeof helpContentWrite>) {
  await mustHaveTopic(ctx, w.topicId);
  mustHaveChanged(
    await q.updateContent(ctx.db, id, {
      topic_id: w.topicId,
      title: w.title,
      body: sanitizeRichText(w.body ?? ''),
      ...(w.sort !== undefined ? { sort: w.sort } : {}),
      updated_at: Date.now(),
    }),
  );
}
export async function deleteContent(ctx: AppContext, id: number) {
  mustHaveChanged(await q.deleteContent(ctx.db, id));
}

// ---- feedback

function ownImages(images: string[] | undefined): string[] {
  const list = images ?? [];
  // Only screenshots uploaded through our own image route: no hot-linking of other sites in staff screens.
  if (list.some((url) => !url.startsWith(IMAGE_ROUTE) || url.includes('..'))) throw refused(SiteMsg.IMAGE_REQUIRED);
  return list;
}

export async function addFeedback(ctx: AppContext, memberId: number, w: z.infer<typeof feedbackAdd>): Promise<number> {
  const { id } = await q.insertFeedback(ctx.db, {
    member_id: memberId,
    kind: 'general',
    content: w.content,
    contact: w.contact ?? '',
    images: JSON.stringify(ownImages(w.images)),
    book_id: null,
    chapter_id: null,
    created_at: Date.now(),
  });
  return id;
}

/** A reader's report of a mistake in a book: the book must exist, the chapter (if any) must be that book's. */
export async function addErrorReport(
  ctx: AppContext,
  memberId: number,
  w: z.infer<typeof errorFeedbackAdd>,
): Promise<number> {
  if (!(await q.findBook(ctx.db, w.bookId))) throw notFound();
  if (w.chapterId) {
    const chapter = await q.findChapter(ctx.db, w.chapterId);
    if (!chapter || chapter.bookId !== w.bookId) throw notFound();
  }
  const { id } = await q.insertFeedback(ctx.db, {
    member_id: memberId,
    kind: 'error',
    content: w.content,
    book_id: w.bookId,
    chapter_id: w.chapterId ?? null,
    quote: w.quote ?? '',
    created_at: Date.now(),
  });
  return id;
}

export async function pageFeedback(
  ctx: AppContext,
  p: PageArgs & { memberId?: number; kind?: string; replied?: boolean; closed?: boolean },
): Promise<Paged<FeedbackItem>> {
  const { rows, total } = await q.pageFeedback(ctx.db, { ...p, ...window(p) });
  return pageOf(
    rows.map((r) => ({ ...r, images: JSON.parse(r.images) as string[] })),
    total,
  );
}

export async function findFeedback(ctx: AppContext, id: number) {
  const row = await q.findFeedback(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** Staff reply; the member sees it in their feedback list and gets a notice. */
export async function reply(ctx: AppContext, id: number, staffId: number, text: string): Promise<void> {
  const item = await findFeedback(ctx, id);
  if (item.closeTime !== null) throw refused(SiteMsg.FEEDBACK_CLOSED);
  await q.setReply(ctx.db, id, text, staffId, Date.now());
  await notify(ctx, [
    {
      member_id: item.memberId,
      type: 'feedback',
      title: item.kind === 'error' ? '您的纠错反馈已回复' : '您的意见反馈已回复',
      content: text,
      link: '/my/feedback',
    },
  ]);
}

/** Staff close an item (answered, or nothing to do): it leaves the open queue and takes no further replies. */
export async function close(ctx: AppContext, id: number, staffId: number): Promise<void> {
  await findFeedback(ctx, id);
  const done = await q.setClosed(ctx.db, id, staffId, Date.now());
  if (Number(done.numUpdatedRows) === 0) throw refused(SiteMsg.FEEDBACK_CLOSED);
}
