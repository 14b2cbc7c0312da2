import {
  QuestionLimits,
  QuestionMsg,
  type PageQuery,
  type Paged,
  type QuestionAnswer,
  type QuestionGroupNode,
  type QuestionGroupRow,
  type QuestionGroupTree,
  type QuestionListQuery,
  type QuestionModify,
  type QuestionOption,
  type QuestionRow,
  type QuestionSave,
  type QuestionTypeCode,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { cardsByIds, getSectionTree } from '../catalog/index.js';
import { classBooks } from '../classes/index.js';
import { sanitizeRichText } from '../content/index.js';
import * as q from './queries.js';
import { parseJson, subtreeIds } from './snapshots.js';

type Group = { id: number; parentId: number | null; name: string; sort: number };

const asGroup = (g: { id: number; parentId: number | null; name: string; sort: number }): Group => ({
  id: Number(g.id),
  parentId: g.parentId === null ? null : Number(g.parentId),
  name: g.name,
  sort: Number(g.sort),
});

async function groupsOf(ctx: AppContext, ownerId: number): Promise<Group[]> {
  return (await q.groupsOf(ctx.db, ownerId)).map(asGroup);
}

/** How deep a group sits (1 at the top level). */
function depthOf(groups: Group[], id: number | null): number {
  const byId = new Map(groups.map((g) => [g.id, g]));
  let depth = 0;
  for (let at = id; at !== null && depth <= 50; depth += 1) at = byId.get(at)?.parentId ?? null;
  return depth;
}

/** How many levels a group's subtree has (1 for a leaf). */
function heightOf(groups: Group[], id: number): number {
  const children = groups.filter((g) => g.parentId === id);
  return 1 + Math.max(0, ...children.map((c) => heightOf(groups, c.id)));
}

function ownGroup(groups: Group[], id: number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  if (!groups.some((g) => g.id === id)) throw refused(QuestionMsg.GROUP_UNKNOWN);
  return id;
}

// ---------- groups ----------

/** Loads a group for `question.manage` (404 when there is none). */
export async function loadGroup(ctx: AppContext, id: number) {
  const group = await q.findGroup(ctx.db, id);
  if (!group) throw notFound();
  return { ...asGroup(group), ownerId: Number(group.ownerId) };
}
export type LoadedGroup = Awaited<ReturnType<typeof loadGroup>>;

export async function groupTree(ctx: AppContext, actor: MemberActor): Promise<QuestionGroupTree> {
  const [groups, counts] = await Promise.all([groupsOf(ctx, actor.memberId), q.countsByGroup(ctx.db, actor.memberId)]);
  const own = new Map<number | null, number>(
    counts.map((c) => [c.groupId === null ? null : Number(c.groupId), Number(c.n)]),
  );
  const nodes = new Map<number, QuestionGroupNode>(
    groups.map((g) => [g.id, { ...g, count: own.get(g.id) ?? 0, total: 0, children: [] }]),
  );
  const roots: QuestionGroupNode[] = [];
  for (const g of groups) {
    const node = nodes.get(g.id)!;
    const parent = g.parentId === null ? undefined : nodes.get(g.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: QuestionGroupNode): number =>
    (node.total = node.count + node.children.reduce((sum, c) => sum + total(c), 0));
  roots.forEach(total);
  return { groups: roots, ungrouped: own.get(null) ?? 0 };
}

export async function createGroup(
  ctx: AppContext,
  actor: MemberActor,
  body: { name: string; parentId?: number | null },
): Promise<QuestionGroupRow> {
  const groups = await groupsOf(ctx, actor.memberId);
  const parentId = ownGroup(groups, body.parentId);
  if (groups.length >= QuestionLimits.GROUPS_MAX) throw refused(QuestionMsg.GROUP_TOO_MANY);
  if (depthOf(groups, parentId) + 1 > QuestionLimits.GROUP_DEPTH_MAX) throw refused(QuestionMsg.GROUP_TOO_DEEP);
  return q.insertGroup(ctx.db, actor.memberId, parentId, body.name, Date.now());
}

export async function renameGroup(ctx: AppContext, group: LoadedGroup, name: string): Promise<QuestionGroupRow> {
  await q.renameGroup(ctx.db, group.id, name, Date.now());
  return { id: group.id, parentId: group.parentId, name, sort: group.sort };
}

/** Moves a group under another (or to the top) at a position among its new siblings; renumbers them. */
export async function moveGroup(
  ctx: AppContext,
  group: LoadedGroup,
  body: { parentId?: number | null; position: number },
): Promise<QuestionGroupRow> {
  const groups = await groupsOf(ctx, group.ownerId);
  const parentId = ownGroup(groups, body.parentId);
  if (parentId !== null && subtreeIds(groups, group.id).includes(parentId)) {
    throw refused(QuestionMsg.GROUP_INTO_ITSELF);
  }
  if (depthOf(groups, parentId) + heightOf(groups, group.id) > QuestionLimits.GROUP_DEPTH_MAX) {
    throw refused(QuestionMsg.GROUP_TOO_DEEP);
  }
  const siblings = groups
    .filter((g) => g.parentId === parentId && g.id !== group.id)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const position = Math.min(body.position, siblings.length);
  siblings.splice(position, 0, { ...group, parentId });
  const now = Date.now();
  for (const [index, g] of siblings.entries()) {
    if (g.id === group.id || g.sort !== index) await q.placeGroup(ctx.db, g.id, parentId, index, now);
  }
  return { id: group.id, parentId, name: group.name, sort: position };
}

/**
 * Deletes a group and its subgroups. Their questions move (to `targetId`, else the parent; null = ungrouped) or
 * are deleted, as asked; a group with questions and no choice is refused with the count.
 */
export async function deleteGroup(
  ctx: AppContext,
  group: LoadedGroup,
  choice: { questions?: 'move' | 'delete'; targetId?: number | null },
): Promise<{ moved: number; deleted: number }> {
  const groups = await groupsOf(ctx, group.ownerId);
  const doomed = subtreeIds(groups, group.id);
  const counts = await q.countsByGroup(ctx.db, group.ownerId);
  const inside = counts
    .filter((c) => c.groupId !== null && doomed.includes(Number(c.groupId)))
    .reduce((sum, c) => sum + Number(c.n), 0);
  const now = Date.now();
  let moved = 0;
  let deleted = 0;
  if (inside > 0) {
    if (!choice.questions) throw refused(QuestionMsg.GROUP_HAS_QUESTIONS(inside));
    if (choice.questions === 'move') {
      const target = choice.targetId === undefined ? group.parentId : ownGroup(groups, choice.targetId);
      if (target !== null && doomed.includes(target)) throw refused(QuestionMsg.GROUP_MOVE_TARGET_INSIDE);
      await q.moveQuestionsOf(ctx.db, group.ownerId, doomed, target, now);
      moved = inside;
    } else {
      await q.deleteQuestionsOf(ctx.db, group.ownerId, doomed, now);
      deleted = inside;
    }
  }
  // Deleted questions that still name a doomed group leave it.
  await q.moveQuestionsOf(ctx.db, group.ownerId, doomed, null, now);
  await q.deleteGroups(ctx.db, group.ownerId, doomed);
  return { moved, deleted };
}

// ---------- questions ----------

/** Loads a live question for `question.manage` (404 when there is none or it was deleted). */
export async function loadQuestion(ctx: AppContext, id: number) {
  const row = await q.findQuestion(ctx.db, id);
  if (!row) throw notFound(QuestionMsg.QUESTION_UNKNOWN);
  return { ...row, id: Number(row.id), ownerId: Number(row.ownerId) };
}
export type LoadedQuestion = Awaited<ReturnType<typeof loadQuestion>>;

/** The text of sanitized HTML without markup (search). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Books the teacher may teach with (their section trees are asked once per call). */
export class BookCheck {
  private books?: Set<number>;
  private sections = new Map<number, Set<number>>();
  constructor(
    private ctx: AppContext,
    private actor: MemberActor,
  ) {}

  async check(bookId: number | null | undefined, sectionId: number | null | undefined) {
    if (!bookId) {
      if (sectionId) throw refused(QuestionMsg.SECTION_NEEDS_BOOK);
      return { bookId: null, sectionId: null };
    }
    this.books ??= new Set((await classBooks(this.ctx, this.actor)).map((b) => Number(b.bookId)));
    if (!this.books.has(bookId)) throw refused(QuestionMsg.BOOK_NOT_TEACHABLE);
    if (!sectionId) return { bookId, sectionId: null };
    let ids = this.sections.get(bookId);
    if (!ids) {
      ids = new Set<number>();
      const walk = (nodes: { id: number; children: unknown[] }[]) => {
        for (const n of nodes) {
          ids!.add(Number(n.id));
          walk(n.children as { id: number; children: unknown[] }[]);
        }
      };
      walk(await getSectionTree(this.ctx, this.actor, bookId));
      this.sections.set(bookId, ids);
    }
    if (!ids.has(sectionId)) throw refused(QuestionMsg.SECTION_UNKNOWN);
    return { bookId, sectionId };
  }
}

/** The stored columns of a question: rich text sanitized, answer normalized, book and section checked. */
export async function questionColumns(
  body: QuestionSave,
  groups: Group[],
  books: BookCheck,
): Promise<{
  group_id: number | null;
  type: QuestionTypeCode;
  stem: string;
  stem_text: string;
  options_json: string;
  answer_json: string;
  analysis: string;
  difficulty: number;
  tags_json: string;
  book_id: number | null;
  section_id: number | null;
}> {
  const groupId = ownGroup(groups, body.groupId);
  const stem = sanitizeRichText(body.stem);
  if (!textOf(stem) && !/<img\b/i.test(stem)) throw refused(QuestionMsg.STEM_REQUIRED);
  if (stem.length > QuestionLimits.STEM_MAX) throw refused(QuestionMsg.STEM_MAX);
  const options: QuestionOption[] = body.options.map((o) => ({ key: o.key, html: sanitizeRichText(o.html) }));
  if (options.some((o) => !textOf(o.html) && !/<img\b/i.test(o.html))) throw refused(QuestionMsg.OPTION_REQUIRED);
  let answer: QuestionAnswer = body.answer;
  if (body.type === 'multiple') answer = [...new Set(body.answer)].sort();
  if (body.type === 'short') answer = sanitizeRichText(body.answer);
  if (body.type === 'blank') answer = body.answer.map((alternatives) => [...new Set(alternatives)]);
  const { bookId, sectionId } = await books.check(body.bookId, body.sectionId);
  const tags = [...new Set(body.tags)];
  return {
    group_id: groupId,
    type: body.type,
    stem,
    stem_text: textOf(stem),
    options_json: JSON.stringify(options),
    answer_json: JSON.stringify(answer),
    analysis: sanitizeRichText(body.analysis),
    difficulty: body.difficulty,
    tags_json: JSON.stringify(tags),
    book_id: bookId,
    section_id: sectionId,
  };
}

/** Rows as the bank shows them: group names, book titles, section titles. */
async function present(ctx: AppContext, actor: MemberActor, rows: q.QuestionRecord[]): Promise<QuestionRow[]> {
  const groups = new Map((await groupsOf(ctx, actor.memberId)).map((g) => [g.id, g.name]));
  const bookIds = [
    ...new Set(
      rows
        .map((r) => r.bookId)
        .filter((id): id is number => id !== null)
        .map(Number),
    ),
  ];
  const titles = new Map<number, string>();
  const sections = new Map<number, string>();
  if (bookIds.length) {
    for (const card of await cardsByIds(ctx, bookIds)) titles.set(Number(card.id), card.title);
    for (const bookId of bookIds) {
      if (!rows.some((r) => Number(r.bookId) === bookId && r.sectionId !== null)) continue;
      try {
        const walk = (nodes: { id: number; title: string; children: unknown[] }[]) => {
          for (const n of nodes) {
            sections.set(Number(n.id), n.title);
            walk(n.children as { id: number; title: string; children: unknown[] }[]);
          }
        };
        walk(await getSectionTree(ctx, actor, bookId));
      } catch {
        // A book no longer readable keeps its questions; its section titles are just not shown.
      }
    }
  }
  return rows.map((r) => ({
    id: Number(r.id),
    groupId: r.groupId === null ? null : Number(r.groupId),
    groupName: r.groupId === null ? null : (groups.get(Number(r.groupId)) ?? null),
    type: r.type as QuestionTypeCode,
    stem: r.stem,
    options: parseJson<QuestionOption[]>(r.optionsJson, []),
    answer: parseJson<QuestionAnswer>(r.answerJson, ''),
    analysis: r.analysis,
    difficulty: Number(r.difficulty),
    tags: parseJson<string[]>(r.tagsJson, []),
    bookId: r.bookId === null ? null : Number(r.bookId),
    bookTitle: r.bookId === null ? null : (titles.get(Number(r.bookId)) ?? null),
    sectionId: r.sectionId === null ? null : Number(r.sectionId),
    sectionTitle: r.sectionId === null ? null : (sections.get(Number(r.sectionId)) ?? null),
    version: Number(r.version),
    createdAt: Number(r.createdAt),
    updatedAt: Number(r.updatedAt),
  }));
}

/** The list's filter: a group means it and its subgroups. */
export async function filterOf(
  ctx: AppContext,
  actor: MemberActor,
  query: Omit<QuestionListQuery, keyof PageQuery>,
): Promise<q.QuestionFilter> {
  let groupIds: number[] | null | undefined;
  if (query.ungrouped === '1') groupIds = null;
  else if (query.groupId) {
    const groups = await groupsOf(ctx, actor.memberId);
    groupIds = groups.some((g) => g.id === query.groupId) ? subtreeIds(groups, query.groupId) : [];
  }
  return {
    ownerId: actor.memberId,
    groupIds,
    type: query.type,
    difficulty: query.difficulty,
    bookId: query.bookId,
    sectionId: query.sectionId,
    keyword: query.keyword || undefined,
  };
}

export async function listQuestions(
  ctx: AppContext,
  actor: MemberActor,
  query: QuestionListQuery,
): Promise<Paged<QuestionRow>> {
  const { offset, limit } = pageWindow(query);
  const { rows, total } = await q.listQuestions(ctx.db, await filterOf(ctx, actor, query), offset, limit);
  return pageOf(await present(ctx, actor, rows), total);
}

export async function questionDetail(ctx: AppContext, actor: MemberActor, question: LoadedQuestion) {
  return (await present(ctx, actor, [question]))[0]!;
}

export async function saveQuestion(ctx: AppContext, actor: MemberActor, body: QuestionSave): Promise<QuestionRow> {
  const groups = await groupsOf(ctx, actor.memberId);
  const columns = await questionColumns(body, groups, new BookCheck(ctx, actor));
  const now = Date.now();
  const id = await q.insertQuestion(ctx.db, { ...columns, owner_id: actor.memberId, created_at: now, updated_at: now });
  return questionDetail(ctx, actor, await loadQuestion(ctx, id));
}

/** Rewrites a question; its version goes up (released homework keeps the snapshot it took). */
export async function modifyQuestion(
  ctx: AppContext,
  actor: MemberActor,
  question: LoadedQuestion,
  body: QuestionModify,
): Promise<QuestionRow> {
  const groups = await groupsOf(ctx, actor.memberId);
  const { id: _id, ...fields } = body;
  const columns = await questionColumns(fields as QuestionSave, groups, new BookCheck(ctx, actor));
  const done = await q.updateQuestion(ctx.db, question.id, { ...columns, updated_at: Date.now() });
  if (Number(done.numUpdatedRows) === 0) throw notFound(QuestionMsg.QUESTION_UNKNOWN);
  return questionDetail(ctx, actor, await loadQuestion(ctx, question.id));
}

export async function deleteQuestion(ctx: AppContext, question: LoadedQuestion): Promise<void> {
  await q.softDelete(ctx.db, question.id, Date.now());
}
