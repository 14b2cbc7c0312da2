import {
  formatClassTime,
  HOMEWORK_NOTICE_TYPE,
  HOMEWORK_REMIND_HOURS,
  HomeworkMsg,
  HomeworkStatus,
  parseClassTime,
  SubmissionStatus,
  type AnswerValue,
  type HomeworkAnswers,
  type HomeworkClass,
  type HomeworkConfig,
  type HomeworkQuestion,
  type HomeworkRow,
  type HomeworkSave,
  type HomeworkSectionNode,
  type HomeworkUpdate,
  type ItemResult,
  type ItemStat,
  type LateRule,
  type Paged,
  type QuestionSnapshot,
  type SectionNode,
  type StudentHomeworkInfo,
  type StudentHomeworkRow,
  type SubmissionView,
  type TeacherHomeworkInfo,
  JobLabels,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { jsonData, type JsonData } from '../../http/envelope.js';
import { invalidate, KeptBeside, memberRead, tag } from '../../http/read-cache.js';
import { notFound, refused, warning } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { getSectionTree } from '../catalog/index.js';
import { classRoster, findClassFacts, studentClasses, teacherClasses } from '../classes/index.js';
import { noticePage, notify } from '../notice/index.js';
import { drawQuestions, gradeAnswer, questionSnapshots } from '../questionBank/index.js';
import * as q from './queries.js';

export type { HomeworkRecord, SubmissionRecord } from './queries.js';

/** The clock homework decides by (deadlines, late work, reminders); tests move it. One per app. */
export function homeworkClock(ctx: AppContext): { now: () => number } {
  return ctx.local('homework:clock', () => ({ now: () => Date.now() }));
}
const nowOf = (ctx: AppContext) => homeworkClock(ctx).now();

/** The platform's homework configuration (`/api/homework/homeworConfigId`): the teacher form's defaults. */
export const HOMEWORK_CONFIG: HomeworkConfig = {
  id: 1,
  lateRules: [
    { value: 'none', label: HomeworkMsg.LATE_RULE_NONE },
    { value: 'deduct', label: HomeworkMsg.LATE_RULE_DEDUCT },
  ],
  defaultLateRule: 'none',
  defaultLateDeduct: 20,
  defaultDays: 7,
  remindHours: HOMEWORK_REMIND_HOURS,
  defaultScores: { single: 2, multiple: 4, judge: 2, blank: 4, short: 10 },
};

type ClassFacts = NonNullable<Awaited<ReturnType<typeof findClassFacts>>>;

/** A class by id or 404 (the route authorizes on it). */
export async function loadClass(ctx: AppContext, id: number): Promise<ClassFacts> {
  const found = await findClassFacts(ctx, id);
  if (!found) throw notFound();
  return found;
}

/** Homework by id or 404 (the route authorizes on it). */
export async function loadHomework(ctx: AppContext, id: number): Promise<q.HomeworkRecord> {
  const found = await q.findHomework(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

/** A submission and its homework (review), or 404. */
export async function loadSubmission(ctx: AppContext, id: number) {
  const submission = await q.findSubmission(ctx.db, id);
  if (!submission) throw notFound();
  const homework = await loadHomework(ctx, submission.homeworkId);
  return { submission, homework, teacherId: homework.teacherId, collegeId: homework.collegeId };
}

/** Homework and the facts `homework.answer` decides on: is the caller an approved student of its class. */
export async function loadForStudent(ctx: AppContext, actorMemberId: number | null, id: number) {
  const homework = await loadHomework(ctx, id);
  const enrolled =
    actorMemberId !== null &&
    (await classRoster(ctx, homework.classId)).some((s) => Number(s.memberId) === actorMemberId);
  return { homework, enrolled, released: homework.status === HomeworkStatus.RELEASED };
}

// ---- presenting ----

const num = (v: unknown) => Number(v ?? 0);

/**
 * A homework's open and due times as the lists show them, written once per record: the class's cached records
 * are read by every list of the class, and formatting their times was most of a list's own work.
 */
const shownTimes = new KeptBeside<{ openTime: string; dueTime: string }>(1);
const timesOf = (h: Pick<q.HomeworkRecord, 'openAt' | 'dueAt'>) =>
  shownTimes.get(h, '', () => ({ openTime: formatClassTime(num(h.openAt)), dueTime: formatClassTime(num(h.dueAt)) }));

function rowOf(h: q.HomeworkRecord, className: string, studentCount: number): HomeworkRow {
  return {
    id: h.id,
    classId: h.classId,
    className,
    bookId: h.bookId,
    sectionId: h.sectionId,
    sectionTitle: h.sectionTitle,
    title: h.title,
    status: h.status,
    ...timesOf(h),
    lateRule: h.lateRule as LateRule,
    lateDeduct: h.lateDeduct,
    totalScore: num(h.totalScore),
    questionCount: num(h.questionCount),
    studentCount,
    submittedCount: num(h.submittedCount),
    toReviewCount: num(h.toReviewCount),
    createTime: num(h.createdAt),
  };
}

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * A class's homework with its counts, as its lists show it (the teacher's by chapter, its students' lists filter
 * the released ones): kept a few seconds per class, dropped at once by every write of the class's homework or its
 * students' work (`homeworkChanged`).
 */
const CLASS_HOMEWORK = { ttlMs: 5000, maxEntries: 5000 };

function classHomework(ctx: AppContext, classId: number): Promise<q.HomeworkRecord[]> {
  return ctx.caches.cache<q.HomeworkRecord[]>('class-homework', CLASS_HOMEWORK).get(String(classId), async () => ({
    value: await q.homeworkOf(ctx.db, { classIds: [classId] }),
    tags: [tag.homework(classId)],
  })) as Promise<q.HomeworkRecord[]>;
}

/** A student's work on homework (state, time, score), kept a few seconds, dropped by their submits and reviews. */
function workOf(ctx: AppContext, memberId: number) {
  return memberRead(ctx, 'homework-work', String(memberId), async () => ({
    value: await q.submissionsOfMember(ctx.db, memberId),
    tags: [tag.homeworkWork(memberId)],
  }));
}

/** The class's homework or a student's work on it changed: the lists read it again. */
function homeworkChanged(ctx: AppContext, classId: number, memberId?: number): void {
  invalidate(ctx, tag.homework(classId), ...(memberId === undefined ? [] : [tag.homeworkWork(memberId)]));
}

/** A snapshot as the student may see it: without the answer and analysis while they must stay hidden. */
function questionView(snapshot: QuestionSnapshot, reveal: boolean): Record<string, unknown> {
  const { answer, analysis, ...rest } = snapshot;
  // How many blanks to offer: the number of answer lists (the answers themselves stay hidden).
  const blanks = snapshot.type === 'blank' && Array.isArray(answer) ? answer.length : 0;
  return reveal ? { ...rest, blanks, answer, analysis } : { ...rest, blanks, answer: null, analysis: null };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// ---- teacher ----

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
  const [rows, total] = await Promise.all([
    q.homeworkOf(ctx.db, filter, pageWindow(query)),
    q.countHomework(ctx.db, filter),
  ]);
  return pageOf(
    rows.map((h) => rowOf(h, byId.get(h.classId)?.name ?? '', num(byId.get(h.classId)?.studentCount))),
    total,
  );
}

/** The questions of homework: the released snapshots, or (a draft) the bank's questions as they are now. */
async function questionsOf(
  ctx: AppContext,
  hw: q.HomeworkRecord,
): Promise<
  { itemId: number; questionId: number; position: number; score: number; snapshot: QuestionSnapshot | null }[]
> {
  const items = await q.itemsOf(ctx.db, hw.id);
  let live = new Map<number, QuestionSnapshot>();
  if (hw.status === HomeworkStatus.DRAFT && items.length) {
    const found = await questionSnapshots(
      ctx,
      hw.teacherId,
      items.map((i) => Number(i.questionId)),
    ).catch(() => [] as QuestionSnapshot[]);
    live = new Map(found.map((s) => [s.id, s]));
  }
  return items.map((i) => ({
    itemId: i.id,
    questionId: Number(i.questionId),
    position: i.position,
    score: num(i.score),
    snapshot: i.snapshot
      ? parseJson<QuestionSnapshot | null>(i.snapshot, null)
      : (live.get(Number(i.questionId)) ?? null),
  }));
}

const answerKey = (a: AnswerValue | undefined): string =>
  a === undefined
    ? ''
    : JSON.stringify(Array.isArray(a) ? [...a].map((x) => x.trim()) : typeof a === 'string' ? a.trim() : a);

function isBlankAnswer(a: AnswerValue | undefined): boolean {
  if (a === undefined) return true;
  if (typeof a === 'string') return a.trim() === '';
  if (Array.isArray(a)) return a.every((x) => x.trim() === '');
  return false;
}

/** Per-question statistics over the submitted work: correct rate, average, the most common wrong answer. */
function statistics(
  questions: { itemId: number; score: number; snapshot: QuestionSnapshot | null }[],
  submitted: { answers: HomeworkAnswers; results: ItemResult[] }[],
): ItemStat[] {
  return questions.map((question) => {
    let full = 0;
    let sum = 0;
    let answered = 0;
    const wrong = new Map<string, { answer: AnswerValue; count: number }>();
    for (const s of submitted) {
      const result = s.results.find((r) => r.itemId === question.itemId);
      const answer = s.answers[String(question.itemId)];
      if (!isBlankAnswer(answer)) answered += 1;
      if (!result) continue;
      sum += result.score;
      if (result.score >= question.score) full += 1;
      else if (!isBlankAnswer(answer) && question.snapshot?.type !== 'short') {
        const key = answerKey(answer);
        const seen = wrong.get(key) ?? { answer: answer!, count: 0 };
        seen.count += 1;
        wrong.set(key, seen);
      }
    }
    const n = submitted.length;
    const common = [...wrong.values()].sort((a, b) => b.count - a.count)[0] ?? null;
    return {
      itemId: question.itemId,
      answered,
      correctRate: n ? round2(full / n) : null,
      averageScore: n ? round2(sum / n) : null,
      commonWrong: common,
    };
  });
}

/** Everything about one homework for its teacher: questions with answers, each student's work, statistics. */
export async function teacherInfo(ctx: AppContext, hw: q.HomeworkRecord): Promise<TeacherHomeworkInfo> {
  const [questions, roster, submissions, cls] = await Promise.all([
    questionsOf(ctx, hw),
    classRoster(ctx, hw.classId),
    q.submissionsOf(ctx.db, hw.id),
    findClassFacts(ctx, hw.classId),
  ]);
  const byMember = new Map(submissions.map((s) => [Number(s.memberId), s]));
  const views: SubmissionView[] = roster.map((student) => {
    const s = byMember.get(Number(student.memberId));
    const handedIn = s && s.status >= SubmissionStatus.SUBMITTED;
    return {
      id: s?.id ?? 0,
      memberId: Number(student.memberId),
      name: student.name,
      studentId: student.studentId,
      status: handedIn ? s.status : SubmissionStatus.DRAFT,
      submitTime: handedIn ? num(s.submittedAt) : null,
      late: Boolean(handedIn && s.late),
      score: handedIn && s.score !== null ? num(s.score) : null,
      answers: handedIn ? parseJson<HomeworkAnswers>(s.answers, {}) : {},
      results: handedIn ? parseJson<ItemResult[]>(s.results, []) : [],
      comment: handedIn ? s.comment : '',
    };
  });
  const handed = views.filter((v) => v.status >= SubmissionStatus.SUBMITTED);
  return {
    ...rowOf(hw, cls?.name ?? '', roster.length),
    description: hw.description,
    questions: questions.map((x) => ({
      itemId: x.itemId,
      questionId: x.questionId,
      position: x.position,
      score: x.score,
      question: x.snapshot ? questionView(x.snapshot, true) : {},
    })),
    submissions: views,
    stats: statistics(questions, handed),
  };
}

/** The final score: the items' sum, less the late deduction. */
function finalScore(results: ItemResult[], late: boolean, hw: q.HomeworkRecord): number {
  const raw = results.reduce((sum, r) => sum + r.score, 0);
  const kept = late && hw.lateRule === 'deduct' ? raw * (1 - hw.lateDeduct / 100) : raw;
  return round2(kept);
}

/** The teacher's review of one submission: scores and comments per item; the score is summed again. */
export async function review(
  ctx: AppContext,
  found: { submission: q.SubmissionRecord; homework: q.HomeworkRecord },
  body: { items: { itemId: number; score: number; comment: string }[]; comment: string },
) {
  const { submission, homework } = found;
  if (submission.status < SubmissionStatus.SUBMITTED) throw refused(HomeworkMsg.NOT_SUBMITTED);
  const items = await q.itemsOf(ctx.db, homework.id);
  const scoreOf = new Map(items.map((i) => [i.id, num(i.score)]));
  const results = parseJson<ItemResult[]>(submission.results, []);
  for (const given of body.items) {
    const full = scoreOf.get(given.itemId);
    if (full === undefined) throw refused(HomeworkMsg.REVIEW_ITEM_UNKNOWN);
    if (given.score > full) throw refused(HomeworkMsg.REVIEW_SCORE_RANGE);
    const score = Math.round(given.score * 10) / 10;
    const row = results.find((r) => r.itemId === given.itemId);
    const next = { score, full, correct: score >= full, needsReview: false, comment: given.comment };
    if (row) Object.assign(row, next);
    else results.push({ itemId: given.itemId, ...next });
  }
  const score = finalScore(results, Boolean(submission.late), homework);
  const done = results.every((r) => !r.needsReview);
  const now = nowOf(ctx);
  await q.saveReview(ctx.db, submission.id, {
    results: JSON.stringify(results),
    needsReview: !done,
    score,
    status: done ? SubmissionStatus.REVIEWED : SubmissionStatus.SUBMITTED,
    comment: body.comment,
    now,
  });
  homeworkChanged(ctx, homework.classId, Number(submission.memberId));
  if (done && submission.status !== SubmissionStatus.REVIEWED) {
    await notify(
      ctx,
      [
        {
          member_id: Number(submission.memberId),
          type: HOMEWORK_NOTICE_TYPE,
          title: HomeworkMsg.NOTICE_REVIEWED(homework.title),
          content: HomeworkMsg.NOTICE_REVIEWED_BODY(String(score)),
          book_id: homework.bookId,
          link: `/my/homeworkAnswer?id=${homework.id}`,
        },
      ],
      now,
    );
  }
  return { score, status: done ? SubmissionStatus.REVIEWED : SubmissionStatus.SUBMITTED };
}

// ---- student ----

/**
 * Results (scores, right answers, analysis, comments) are shown after the deadline, and then only to a student
 * who submitted or who can no longer submit (late work refused): never to one who could still hand work in.
 */
function resultsVisible(hw: q.ReleasedHomeworkRecord, submitted: boolean, now: number): boolean {
  if (now < num(hw.dueAt)) return false;
  return submitted || hw.lateRule === 'none';
}

function mayStillSubmit(hw: q.HomeworkRecord, now: number): boolean {
  if (now < num(hw.openAt)) return false;
  return now < num(hw.dueAt) || hw.lateRule === 'deduct';
}

function studentRowOf(
  hw: q.ReleasedHomeworkRecord,
  cls: { name: string; bookName: string },
  s: Pick<q.SubmissionRecord, 'status' | 'score' | 'late' | 'submittedAt'> | undefined,
  now: number,
): StudentHomeworkRow {
  const submitted = Boolean(s && s.status >= SubmissionStatus.SUBMITTED);
  const visible = resultsVisible(hw, submitted, now);
  return {
    id: hw.id,
    classId: hw.classId,
    className: cls.name,
    bookId: hw.bookId,
    bookName: cls.bookName,
    sectionId: hw.sectionId,
    sectionTitle: hw.sectionTitle,
    title: hw.title,
    ...timesOf(hw),
    timeLeft: num(hw.dueAt) - now,
    open: now >= num(hw.openAt),
    lateRule: hw.lateRule as LateRule,
    lateDeduct: hw.lateDeduct,
    totalScore: num(hw.totalScore),
    questionCount: num(hw.questionCount),
    status: submitted ? s!.status : SubmissionStatus.DRAFT,
    submitTime: submitted ? num(s!.submittedAt) : null,
    late: Boolean(submitted && s!.late),
    score: visible && submitted && s!.score !== null ? num(s!.score) : null,
    resultsVisible: visible,
  };
}

/** The student's released homework (latest deadline first, as each class's list is), each with their work. */
type StudentItem = {
  h: q.HomeworkRecord;
  cls: Awaited<ReturnType<typeof studentClasses>>[number];
  work: Awaited<ReturnType<typeof workOf>>[number] | undefined;
};

/**
 * A student's items as last put together, per cached set of their work (it goes when that set is dropped), by
 * filter: used again while their classes and those classes' homework are the same cached sets.
 */
const studentItems = new KeptBeside<{ classes: object; sets: readonly object[]; items: StudentItem[] }>(16);

/** The student's released homework (latest deadline first, as each class's list is), each with their work. */
async function studentWork(ctx: AppContext, actor: MemberActor, filter: { bookId?: number; sectionId?: number }) {
  const classes = await studentClasses(ctx, actor.memberId);
  const [sets, work] = await Promise.all([
    Promise.all(classes.map((c) => classHomework(ctx, c.id))),
    workOf(ctx, actor.memberId),
  ]);
  const now = nowOf(ctx);
  const row = (item: StudentItem) => studentRowOf(item.h, item.cls, item.work, now);
  const { items } = studentItems.get(
    work,
    `${filter.bookId ?? 0}|${filter.sectionId ?? 0}`,
    () => {
      const byId = new Map(classes.map((c) => [c.id, c]));
      const mine = new Map(work.map((s) => [Number(s.homeworkId), s]));
      const released = sets
        .flat()
        .filter(
          (h) =>
            h.status === HomeworkStatus.RELEASED &&
            (!filter.bookId || Number(h.bookId) === filter.bookId) &&
            (!filter.sectionId || Number(h.sectionId) === filter.sectionId),
        )
        .sort((a, b) => num(b.dueAt) - num(a.dueAt) || b.id - a.id);
      return {
        classes,
        sets,
        items: released.map((h) => ({ h, cls: byId.get(h.classId)!, work: mine.get(h.id) })),
      };
    },
    (kept) => kept.classes === classes && kept.sets.every((set, i) => set === sets[i]),
  );
  return { items, now, row };
}

async function studentHomework(ctx: AppContext, actor: MemberActor, filter: { bookId?: number; sectionId?: number }) {
  const { items, row } = await studentWork(ctx, actor, filter);
  return items.map(row);
}

/** The student's released homework of a book's chapter (reader contents) or of the whole book. */
export function studentByChapter(ctx: AppContext, actor: MemberActor, bookId: number, sectionId?: number) {
  return studentHomework(ctx, actor, { bookId, sectionId });
}

/**
 * A student's list pages as JSON, beside their items (any change to their classes, the classes' homework or their
 * work makes new items, so new pages). A page is kept for at most a second and never past the next opening or
 * deadline among the items, so its order, `open` and results stay exact and `timeLeft` is at most a second old.
 * (A student's page opened again, refreshed on return to the tab, or asked by two tabs is JSON already: issue 21's
 * row, 0.32–0.43× a bare route sending the same bytes before.)
 */
const studentPages = new KeptBeside<{ answer: JsonData<Paged<StudentHomeworkRow>>; made: number; until: number }>(16);
const PAGE_KEPT_MS = 1000;

/** All the student's homework (personal centre), open work first by deadline, then the rest, paged. */
export async function studentList(
  ctx: AppContext,
  actor: MemberActor,
  query: { state?: 'todo' | 'done'; pageNum: number; pageSize: number },
): Promise<JsonData<Paged<StudentHomeworkRow>>> {
  const { items, now, row } = await studentWork(ctx, actor, {});
  const make = () => {
    // Sorted and paged before the rows are written: only the page's rows are.
    const handedIn = (item: StudentItem) => Boolean(item.work && item.work.status >= SubmissionStatus.SUBMITTED);
    const chosen = query.state ? items.filter((item) => handedIn(item) === (query.state === 'done')) : items;
    const pending = (item: StudentItem) => !handedIn(item) && num(item.h.dueAt) > now;
    const ordered = chosen
      .map((item) => ({ item, pending: pending(item), due: num(item.h.dueAt) }))
      .sort((a, b) => {
        if (a.pending !== b.pending) return a.pending ? -1 : 1;
        return (a.pending ? a.due - b.due : b.due - a.due) || b.item.h.id - a.item.h.id;
      });
    const { offset, limit } = pageWindow(query);
    let until = now + PAGE_KEPT_MS;
    for (const { h } of items) {
      for (const at of [num(h.openAt), num(h.dueAt)]) if (at > now && at < until) until = at;
    }
    const page = pageOf(
      ordered.slice(offset, offset + limit).map((o) => row(o.item)),
      ordered.length,
    );
    return { answer: jsonData(page), made: now, until };
  };
  const key = `${query.state ?? ''}|${query.pageNum}|${query.pageSize}`;
  return studentPages.get(items, key, make, (kept) => kept.made <= now && now < kept.until).answer;
}

/** One homework for the student: questions (answers hidden until results may be shown), their draft or work. */
export async function studentInfo(
  ctx: AppContext,
  actor: MemberActor,
  hw: q.HomeworkRecord,
): Promise<StudentHomeworkInfo> {
  const now = nowOf(ctx);
  const [submission, classes] = await Promise.all([
    q.submissionOf(ctx.db, hw.id, actor.memberId),
    studentClasses(ctx, actor.memberId),
  ]);
  const cls = classes.find((c) => c.id === hw.classId) ?? { name: '', bookName: '' };
  const row = studentRowOf(hw, cls, submission, now);
  const open = now >= num(hw.openAt);
  const questions: HomeworkQuestion[] = open
    ? (await questionsOf(ctx, hw)).map((x) => ({
        itemId: x.itemId,
        questionId: x.questionId,
        position: x.position,
        score: x.score,
        question: x.snapshot ? questionView(x.snapshot, row.resultsVisible) : {},
      }))
    : [];
  const submitted = row.status !== SubmissionStatus.DRAFT;
  return {
    ...row,
    description: hw.description,
    questions,
    answers: submission ? parseJson<HomeworkAnswers>(submission.answers, {}) : {},
    savedTime: submission ? num(submission.savedAt) : null,
    results: row.resultsVisible && submission ? parseJson<ItemResult[]>(submission.results, []) : [],
    comment: row.resultsVisible && submission ? submission.comment : '',
    canSubmit: !submitted && mayStillSubmit(hw, now),
  };
}

/** Keeps only answers to items of this homework. */
async function cleanAnswers(ctx: AppContext, hw: q.HomeworkRecord, answers: HomeworkAnswers) {
  const ids = new Set((await q.itemsOf(ctx.db, hw.id)).map((i) => String(i.id)));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => ids.has(k)));
}

function assertWritable(hw: q.HomeworkRecord, now: number) {
  if (now < num(hw.openAt)) throw refused(HomeworkMsg.NOT_OPEN);
  if (now >= num(hw.dueAt) && hw.lateRule !== 'deduct') throw refused(HomeworkMsg.CLOSED);
}

/** Saves the student's draft answers (auto-save while writing). */
export async function studentSave(ctx: AppContext, actor: MemberActor, hw: q.HomeworkRecord, answers: HomeworkAnswers) {
  const now = nowOf(ctx);
  assertWritable(hw, now);
  const clean = await cleanAnswers(ctx, hw, answers);
  await q.ensureSubmission(ctx.db, hw.id, actor.memberId, now);
  if (!(await q.saveDraft(ctx.db, hw.id, actor.memberId, JSON.stringify(clean), now))) {
    throw refused(HomeworkMsg.SUBMITTED);
  }
  return { savedTime: now };
}

/**
 * Submits once: objective questions graded now (the question bank's grader), short answers left for the
 * teacher. A second press, or two at once, changes nothing: one guarded update from draft to submitted wins.
 */
export async function studentSubmit(
  ctx: AppContext,
  actor: MemberActor,
  hw: q.HomeworkRecord,
  answers: HomeworkAnswers | undefined,
) {
  const now = nowOf(ctx);
  const existing = await q.submissionOf(ctx.db, hw.id, actor.memberId);
  if (existing && existing.status >= SubmissionStatus.SUBMITTED) {
    return { status: existing.status, submitTime: num(existing.submittedAt), late: Boolean(existing.late) };
  }
  assertWritable(hw, now);
  const given = answers
    ? await cleanAnswers(ctx, hw, answers)
    : parseJson<HomeworkAnswers>(existing?.answers ?? null, {});
  const questions = await questionsOf(ctx, hw);
  const results: ItemResult[] = questions.map((x) => {
    const answer = given[String(x.itemId)];
    if (!x.snapshot)
      return { itemId: x.itemId, score: 0, full: x.score, correct: false, needsReview: true, comment: '' };
    const grade = gradeAnswer(x.snapshot, answer, x.score);
    return {
      itemId: x.itemId,
      score: grade.score,
      full: x.score,
      correct: grade.correct === true,
      needsReview: grade.correct === null && !isBlankAnswer(answer),
      comment: '',
    };
  });
  const late = now >= num(hw.dueAt);
  await q.ensureSubmission(ctx.db, hw.id, actor.memberId, now);
  const won = await q.submit(ctx.db, hw.id, actor.memberId, {
    answers: JSON.stringify(given),
    results: JSON.stringify(results),
    needsReview: results.some((r) => r.needsReview),
    score: finalScore(results, late, hw),
    late: late ? 1 : 0,
    now,
  });
  if (!won) {
    const first = (await q.submissionOf(ctx.db, hw.id, actor.memberId))!;
    return { status: first.status, submitTime: num(first.submittedAt), late: Boolean(first.late) };
  }
  homeworkChanged(ctx, hw.classId, actor.memberId);
  return { status: SubmissionStatus.SUBMITTED, submitTime: now, late };
}

/** The student's unsubmitted homework whose deadline is within the reminder window (a banner). */
export async function expiringSoon(ctx: AppContext, actor: MemberActor) {
  const rows = await studentHomework(ctx, actor, {});
  const window = HOMEWORK_REMIND_HOURS * 3_600_000;
  return rows
    .filter((r) => r.open && r.status === SubmissionStatus.DRAFT && r.timeLeft > 0 && r.timeLeft <= window)
    .sort((a, b) => a.timeLeft - b.timeLeft)
    .map((r) => ({ id: r.id, title: r.title, className: r.className, dueTime: r.dueTime, timeLeft: r.timeLeft }));
}

/** The student's homework notices (released, reminders, reviewed) from the notice centre. */
export function homeworkNotices(ctx: AppContext, actor: MemberActor, query: { pageNum: number; pageSize: number }) {
  return noticePage(ctx, actor.memberId, { type: HOMEWORK_NOTICE_TYPE, ...query });
}

// ---- the reminder job ----

/** Reminds, once per homework, the students who have not submitted it some hours before its deadline. */
export async function remindDue(ctx: AppContext, now = nowOf(ctx)): Promise<number> {
  let told = 0;
  for (const hw of await q.dueForReminder(ctx.db, now, HOMEWORK_REMIND_HOURS * 3_600_000)) {
    if (now < num(hw.openAt)) continue;
    if (!(await q.claimReminder(ctx.db, hw.id, now))) continue;
    const done = new Set((await q.submittedMembers(ctx.db, hw.id)).map((s) => Number(s.memberId)));
    const waiting = (await classRoster(ctx, hw.classId)).filter((s) => !done.has(Number(s.memberId)));
    await notify(
      ctx,
      waiting.map((s) => ({
        member_id: Number(s.memberId),
        type: HOMEWORK_NOTICE_TYPE,
        title: HomeworkMsg.NOTICE_EXPIRE(hw.title),
        content: HomeworkMsg.NOTICE_EXPIRE_BODY(formatClassTime(num(hw.dueAt))),
        book_id: hw.bookId,
        link: `/my/homeworkAnswer?id=${hw.id}`,
      })),
      now,
    );
    told += waiting.length;
  }
  return told;
}

/** Starts the reminder job with the app (every minute); `close` stops it (called when the app closes). */
export function startReminderJob(
  ctx: AppContext,
  log: { warn: (obj: object, msg: string) => void },
  everyMs = 60_000,
): { close: () => void } {
  return ctx.jobs.add(
    { name: 'homework.remind', label: JobLabels['homework.remind'], everyMs },
    () => remindDue(ctx),
    (err) => log.warn({ err }, 'homework reminders failed'),
  );
}

// ---- scores for reports ----

export interface HomeworkScoreRow {
  homeworkId: number;
  title: string;
  classId: number;
  sectionId: number;
  dueAt: number;
  totalScore: number;
  memberId: number;
  /** The score as it stands: graded on submit, changed by the teacher's review (`reviewed`). */
  score: number | null;
  reviewed: boolean;
  late: boolean;
  submittedAt: number | null;
}

/**
 * Per student and homework, the submitted work's score and time (released homework only), for reports. Filter
 * by class, student and submission time [from, to) (epoch ms). Without a class: every class.
 */
export async function homeworkScores(
  ctx: AppContext,
  filter: { classId?: number; memberId?: number; from?: number; to?: number },
): Promise<HomeworkScoreRow[]> {
  const rows = await q.scoreRows(ctx.db, filter);
  return rows.map((r) => ({
    homeworkId: r.homeworkId,
    title: r.title,
    classId: Number(r.classId),
    sectionId: Number(r.sectionId),
    dueAt: num(r.dueAt),
    totalScore: num(r.totalScore),
    memberId: Number(r.memberId),
    score: r.score === null ? null : num(r.score),
    reviewed: r.status === SubmissionStatus.REVIEWED,
    late: Boolean(r.late),
    submittedAt: r.submittedAt === null ? null : num(r.submittedAt),
  }));
}

/** A class's released homework (submitted or not), for reports: what was set, when it opened and was due. */
export async function releasedHomework(
  ctx: AppContext,
  classId: number,
): Promise<{ id: number; title: string; openAt: number; dueAt: number; totalScore: number }[]> {
  const rows = await q.releasedHomeworkOf(ctx.db, { classIds: [classId] });
  return rows.map((h) => ({
    id: h.id,
    title: h.title,
    openAt: num(h.openAt),
    dueAt: num(h.dueAt),
    totalScore: num(h.totalScore),
  }));
}
