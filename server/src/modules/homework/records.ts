import {
  formatClassTime,
  HOMEWORK_REMIND_HOURS,
  HomeworkMsg,
  HomeworkStatus,
  type HomeworkConfig,
  type HomeworkRow,
  type LateRule,
  type QuestionSnapshot,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { invalidate, KeptBeside, memberRead, tag } from '../../http/read-cache.js';
import { notFound } from '../../http/errors.js';
import { classRoster, findClassFacts } from '../classes/index.js';
import * as q from './queries.js';

/**
 * Homework as every side reads it: the homework clock, the platform's configuration, loading a class, homework
 * or submission for the route that authorizes on it, the class's homework and a student's work kept a few seconds,
 * and rows as the lists show them.
 */

export type { HomeworkRecord, SubmissionRecord } from './queries.js';

/** The clock homework decides by (deadlines, late work, reminders); tests move it. One per app. */
export function homeworkClock(ctx: AppContext): { now: () => number } {
  return ctx.local('homework:clock', () => ({ now: () => Date.now() }));
}
export const nowOf = (ctx: AppContext) => homeworkClock(ctx).now();

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

export type ClassFacts = NonNullable<Awaited<ReturnType<typeof findClassFacts>>>;

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

export const num = (v: unknown) => Number(v ?? 0);

/**
 * A homework's open and due times as the lists show them, written once per record: the class's cached records
 * are read by every list of the class, and formatting their times was most of a list's own work.
 */
const shownTimes = new KeptBeside<{ openTime: string; dueTime: string }>(1);
export const timesOf = (h: Pick<q.HomeworkRecord, 'openAt' | 'dueAt'>) =>
  shownTimes.get(h, '', () => ({ openTime: formatClassTime(num(h.openAt)), dueTime: formatClassTime(num(h.dueAt)) }));

export function rowOf(h: q.HomeworkRecord, className: string, studentCount: number): HomeworkRow {
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

export const parseJson = <T>(text: string | null, fallback: T): T => {
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

export function classHomework(ctx: AppContext, classId: number): Promise<q.HomeworkRecord[]> {
  return ctx.caches.cache<q.HomeworkRecord[]>('class-homework', CLASS_HOMEWORK).get(String(classId), async () => ({
    value: await q.homeworkOf(ctx.db, { classIds: [classId] }),
    tags: [tag.homework(classId)],
  })) as Promise<q.HomeworkRecord[]>;
}

/** A student's work on homework (state, time, score), kept a few seconds, dropped by their submits and reviews. */
export function workOf(ctx: AppContext, memberId: number) {
  return memberRead(ctx, 'homework-work', String(memberId), async () => ({
    value: await q.submissionsOfMember(ctx.db, memberId),
    tags: [tag.homeworkWork(memberId)],
  }));
}

/** The class's homework or a student's work on it changed: the lists read it again. */
export function homeworkChanged(ctx: AppContext, classId: number, memberId?: number): void {
  invalidate(ctx, tag.homework(classId), ...(memberId === undefined ? [] : [tag.homeworkWork(memberId)]));
}

/** A snapshot as the student may see it: without the answer and analysis while they must stay hidden. */
export function questionView(snapshot: QuestionSnapshot, reveal: boolean): Record<string, unknown> {
  const { answer, analysis, ...rest } = snapshot;
  // How many blanks to offer: the number of answer lists (the answers themselves stay hidden).
  const blanks = snapshot.type === 'blank' && Array.isArray(answer) ? answer.length : 0;
  return reveal ? { ...rest, blanks, answer, analysis } : { ...rest, blanks, answer: null, analysis: null };
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
