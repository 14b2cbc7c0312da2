import {
  HOMEWORK_NOTICE_TYPE,
  HOMEWORK_REMIND_HOURS,
  HomeworkMsg,
  HomeworkStatus,
  SubmissionStatus,
  type HomeworkAnswers,
  type HomeworkQuestion,
  type ItemResult,
  type LateRule,
  type Paged,
  type StudentHomeworkInfo,
  type StudentHomeworkRow,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { jsonData, type JsonData } from '../../http/envelope.js';
import { KeptBeside } from '../../http/read-cache.js';
import { refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { studentClasses } from '../classes/index.js';
import { noticePage } from '../notice/index.js';
import { gradeAnswer } from '../questionBank/index.js';
import * as q from './queries.js';
import { classHomework, homeworkChanged, nowOf, num, parseJson, questionView, timesOf, workOf } from './records.js';
import { finalScore, isBlankAnswer, questionsOf } from './marking.js';

/** The student's side of homework: lists, one homework, saving and submitting work, the notices. */

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
