import {
  formatClassTime,
  HOMEWORK_NOTICE_TYPE,
  HomeworkMsg,
  HomeworkStatus,
  parseClassTime,
  type HomeworkClass,
  type HomeworkRow,
  type HomeworkSave,
  type HomeworkSectionNode,
  type HomeworkUpdate,
  type Paged,
  type QuestionSnapshot,
  type SectionNode,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { jsonData, type JsonData } from '../../http/envelope.js';
import { KeptBeside } from '../../http/read-cache.js';
import { refused, warning } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { getSectionTree } from '../catalog/index.js';
import { classRoster, findClassFacts, studentClasses, teacherClasses } from '../classes/index.js';
import { notify } from '../notice/index.js';
import { drawQuestions, questionSnapshots } from '../questionBank/index.js';
import * as q from './queries.js';
import {
  type ClassFacts,
  classHomework,
  homeworkChanged,
  loadClass,
  loadHomework,
  nowOf,
  num,
  round2,
  rowOf,
} from './records.js';

/** The teacher's side of homework: classes, the section tree, save, edit, delete, release, and the lists. */

/** The teacher's classes in the current college with their homework counts. */
export async function classList(ctx: AppContext, actor: MemberActor): Promise<HomeworkClass[]> {
  if (actor.collegeId === null) return [];
  const classes = await teacherClasses(ctx, actor.memberId, actor.collegeId);
  const counts = new Map(
    (
      await q.countsByClass(
        ctx.db,
        classes.map((c) => c.id),
      )
    ).map((c) => [Number(c.classId), num(c.n)]),
  );
  return classes.map((c) => ({
    id: c.id,
    name: c.name,
    bookId: c.bookId,
    bookName: c.bookName,
    studentCount: num(c.studentCount),
    homeworkCount: counts.get(c.id) ?? 0,
  }));
}

/** The book's section tree, each node with the caller's homework count (teacher: theirs; student: released). */
export async function sectionTree(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
  classId?: number,
): Promise<HomeworkSectionNode[]> {
  const tree = await getSectionTree(ctx, actor, bookId);
  const own = actor.collegeId !== null ? await teacherClasses(ctx, actor.memberId, actor.collegeId) : [];
  const taught = own.filter((c) => c.bookId === bookId).map((c) => c.id);
  const studied = (await studentClasses(ctx, actor.memberId)).filter((c) => c.bookId === bookId).map((c) => c.id);
  const pick = (ids: number[]) => (classId ? ids.filter((id) => id === classId) : ids);
  const counts = new Map<number, number>();
  for (const [ids, releasedOnly] of [
    [pick(taught), false],
    [pick(studied), true],
  ] as const) {
    if (!ids.length) continue;
    for (const c of await q.countsBySection(ctx.db, bookId, ids, releasedOnly)) {
      counts.set(Number(c.sectionId), (counts.get(Number(c.sectionId)) ?? 0) + num(c.n));
    }
  }
  const walk = (nodes: SectionNode[]): HomeworkSectionNode[] =>
    nodes.map((n) => ({
      id: n.id,
      title: n.title,
      chapterId: n.chapterId,
      level: n.level,
      homeworkCount: counts.get(n.id) ?? 0,
      children: walk(n.children),
    }));
  return walk(tree);
}

function findSection(nodes: SectionNode[], id: number): SectionNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inside = findSection(n.children, id);
    if (inside) return inside;
  }
  return undefined;
}

interface BuiltItems {
  rows: { position: number; question_id: number; score: number }[];
  total: number;
}

/** Picked questions and drawn ones (drawn now, so the teacher sees them), checked against the teacher's bank. */
async function buildItems(
  ctx: AppContext,
  actor: MemberActor,
  items: { questionId: number; score: number }[],
  draws: { groupId?: number | null; type: QuestionSnapshot['type']; count: number; score: number }[],
): Promise<BuiltItems> {
  const chosen = [...items];
  const taken = new Set(items.map((i) => i.questionId));
  if (taken.size !== items.length) throw refused(HomeworkMsg.QUESTION_TWICE);
  for (const draw of draws) {
    // Drawn beside questions already chosen: ask for enough to skip those, else for the count alone.
    const ask = (count: number) =>
      drawQuestions(ctx, actor.memberId, {
        groupId: draw.groupId ?? null,
        type: draw.type,
        count,
      });
    const drawn = taken.size ? await ask(draw.count + taken.size).catch(() => ask(draw.count)) : await ask(draw.count);
    let added = 0;
    for (const snapshot of drawn) {
      if (added === draw.count || taken.has(snapshot.id)) continue;
      taken.add(snapshot.id);
      chosen.push({ questionId: snapshot.id, score: draw.score });
      added += 1;
    }
  }
  if (chosen.length === 0) throw refused(HomeworkMsg.QUESTIONS_REQUIRED);
  if (chosen.length > 100) throw refused(HomeworkMsg.QUESTIONS_MAX);
  const found = await questionSnapshots(
    ctx,
    actor.memberId,
    chosen.map((c) => c.questionId),
  );
  if (found.length !== chosen.length) throw refused(HomeworkMsg.QUESTION_UNKNOWN);
  return {
    rows: chosen.map((c, position) => ({ position, question_id: c.questionId, score: c.score })),
    total: round2(chosen.reduce((sum, c) => sum + c.score, 0)),
  };
}

async function sectionTitle(ctx: AppContext, actor: MemberActor, bookId: number, sectionId: number) {
  const node = findSection(await getSectionTree(ctx, actor, bookId), sectionId);
  if (!node) throw refused(HomeworkMsg.SECTION_UNKNOWN);
  return node.title;
}

/** Saves new homework as a draft for the (authorized) class. */
export async function saveHomework(ctx: AppContext, actor: MemberActor, cls: ClassFacts, body: HomeworkSave) {
  const title = await sectionTitle(ctx, actor, cls.bookId, body.sectionId);
  const built = await buildItems(ctx, actor, body.items, body.draws);
  const now = nowOf(ctx);
  const { id } = await q.insertHomework(ctx.db, {
    class_id: cls.id,
    teacher_id: cls.teacherId,
    college_id: cls.collegeId,
    book_id: cls.bookId,
    section_id: body.sectionId,
    section_title: title.slice(0, 200),
    title: body.title,
    description: body.description,
    open_at: parseClassTime(body.openTime)!,
    due_at: parseClassTime(body.dueTime)!,
    late_rule: body.lateRule,
    late_deduct: body.lateRule === 'deduct' ? body.lateDeduct : 0,
    total_score: built.total,
    created_at: now,
    updated_at: now,
  });
  await q.replaceItems(ctx.db, id, built.rows);
  homeworkChanged(ctx, cls.id);
  return teacherRow(ctx, await loadHomework(ctx, id));
}

/**
 * Edits homework. A draft changes anything; released homework keeps its questions and scores (students hold
 * them already) but may change its title, description, times and late rule (e.g. a deadline extended).
 */
export async function updateHomework(ctx: AppContext, actor: MemberActor, hw: q.HomeworkRecord, body: HomeworkUpdate) {
  const released = hw.status === HomeworkStatus.RELEASED;
  const changesQuestions = (body.items?.length ?? 0) > 0 || (body.draws?.length ?? 0) > 0;
  if (released && changesQuestions) {
    const current = await q.itemsOf(ctx.db, hw.id);
    const same =
      !(body.draws?.length ?? 0) &&
      body.items!.length === current.length &&
      body.items!.every(
        (it, i) => it.questionId === Number(current[i]!.questionId) && it.score === num(current[i]!.score),
      );
    if (!same) throw refused(HomeworkMsg.RELEASED_LOCKED);
  }
  if (released && body.sectionId !== hw.sectionId) throw refused(HomeworkMsg.RELEASED_LOCKED);
  const title = await sectionTitle(ctx, actor, hw.bookId, body.sectionId);
  const now = nowOf(ctx);
  const dueAt = parseClassTime(body.dueTime)!;
  let total = num(hw.totalScore);
  if (!released && changesQuestions) {
    const built = await buildItems(ctx, actor, body.items ?? [], body.draws ?? []);
    await q.replaceItems(ctx.db, hw.id, built.rows);
    total = built.total;
  }
  await q.updateHomework(ctx.db, hw.id, {
    section_id: body.sectionId,
    section_title: title.slice(0, 200),
    title: body.title,
    description: body.description,
    open_at: parseClassTime(body.openTime)!,
    due_at: dueAt,
    late_rule: body.lateRule,
    late_deduct: body.lateRule === 'deduct' ? body.lateDeduct : 0,
    total_score: total,
    // A moved deadline earns a new reminder.
    ...(dueAt !== num(hw.dueAt) ? { reminded_at: null } : {}),
    updated_at: now,
  });
  homeworkChanged(ctx, hw.classId);
  return teacherRow(ctx, await loadHomework(ctx, hw.id));
}

/**
 * Deletes homework: a draft, or released homework nobody has submitted, at once; released homework with
 * submissions only with `confirm` (else 601 with the question, so the page asks and calls again).
 */
export async function deleteHomework(ctx: AppContext, hw: q.HomeworkRecord, confirm: boolean): Promise<void> {
  if (hw.status === HomeworkStatus.RELEASED && num(hw.submittedCount) > 0 && !confirm) {
    throw warning(HomeworkMsg.DELETE_CONFIRM, { submittedCount: num(hw.submittedCount) });
  }
  await q.deleteHomework(ctx.db, hw.id);
  homeworkChanged(ctx, hw.classId);
}

/** Releases a draft: the questions are snapshotted now, and the class's students are told. */
export async function releaseHomework(ctx: AppContext, actor: MemberActor, hw: q.HomeworkRecord) {
  if (hw.status !== HomeworkStatus.DRAFT) throw refused(HomeworkMsg.ALREADY_RELEASED);
  const items = await q.itemsOf(ctx.db, hw.id);
  const snapshots = await questionSnapshots(
    ctx,
    actor.memberId,
    items.map((i) => Number(i.questionId)),
  );
  const byId = new Map(snapshots.map((s) => [s.id, s]));
  if (items.some((i) => !byId.has(Number(i.questionId)))) throw refused(HomeworkMsg.QUESTION_UNKNOWN);
  const now = nowOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    for (const item of items) await q.setSnapshot(trx, item.id, JSON.stringify(byId.get(Number(item.questionId))));
    if (!(await q.markReleased(trx, hw.id, now))) throw refused(HomeworkMsg.ALREADY_RELEASED);
  });
  homeworkChanged(ctx, hw.classId);
  const cls = await loadClass(ctx, hw.classId);
  const students = await classRoster(ctx, hw.classId);
  await notify(
    ctx,
    students.map((s) => ({
      member_id: Number(s.memberId),
      type: HOMEWORK_NOTICE_TYPE,
      title: HomeworkMsg.NOTICE_RELEASED(hw.title),
      content: HomeworkMsg.NOTICE_RELEASED_BODY(cls.name, formatClassTime(num(hw.dueAt))),
      book_id: hw.bookId,
      link: `/my/homeworkAnswer?id=${hw.id}`,
    })),
    now,
  );
  return teacherRow(ctx, await loadHomework(ctx, hw.id));
}

async function teacherRow(ctx: AppContext, hw: q.HomeworkRecord): Promise<HomeworkRow> {
  const cls = await findClassFacts(ctx, hw.classId);
  return rowOf(hw, cls?.name ?? '', num(cls?.studentCount));
}

/**
 * The teacher's list as sent, per cached set of the class's homework (it goes when that set is dropped), by
 * chapter and by the class facts each row repeats: the list is read far more often than it changes. A few per
 * set (the set lives 5 s at most): a chapter's list is a fraction of the class's.
 */
const listedAnswers = new KeptBeside<JsonData<HomeworkRow[]>>(16);

/** The class's homework, of one chapter or all, latest deadline first (its JSON, kept as above). */
export async function listByChapter(
  ctx: AppContext,
  cls: ClassFacts,
  sectionId?: number,
): Promise<JsonData<HomeworkRow[]>> {
  const records = await classHomework(ctx, cls.id);
  return listedAnswers.get(records, `${sectionId ?? 0}\u0000${num(cls.studentCount)}\u0000${cls.name}`, () =>
    jsonData(
      records
        .filter((h) => !sectionId || Number(h.sectionId) === sectionId)
        .map((h) => rowOf(h, cls.name, num(cls.studentCount))),
    ),
  );
}

/** The teacher's homework over their classes (or one), by deadline within a period, paged. */
export async function listByTime(
  ctx: AppContext,
  actor: MemberActor,
  query: { classId?: number; from?: string; to?: string; pageNum: number; pageSize: number },
): Promise<Paged<HomeworkRow>> {
  const classes = actor.collegeId === null ? [] : await teacherClasses(ctx, actor.memberId, actor.collegeId);
  const byId = new Map(classes.map((c) => [c.id, c]));
  const classIds = query.classId ? classes.filter((c) => c.id === query.classId).map((c) => c.id) : [...byId.keys()];
  const filter = {
    classIds,
    dueFrom: query.from ? parseClassTime(query.from)! : undefined,
    dueTo: query.to ? parseClassTime(query.to)! : undefined,
  };
  const { rows, total } = await q.homeworkPage(ctx.db, filter, pageWindow(query));
  return pageOf(
    rows.map((h) => rowOf(h, byId.get(h.classId)?.name ?? '', num(byId.get(h.classId)?.studentCount))),
    total,
  );
}
