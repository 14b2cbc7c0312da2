import {
  ActivityMsg,
  ActivityState,
  QUIZ_POINTS_PER_QUESTION,
  type QuestionSnapshot,
  type QuizAnswerBody,
  type QuizForStudent,
  type QuizResults,
  type StudentAnswer,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { conflict, refused } from '../../http/errors.js';
import { gradeAnswer, questionSnapshots } from '../questionBank/index.js';
import * as q from './queries.js';

/**
 * In-class quizzes: bank questions chosen by the teacher (objective types only: the class sees results live),
 * snapshotted when the quiz opens, graded by the bank's `gradeAnswer`, one submission per student. Answers and
 * analysis reach students only after the teacher closes the quiz.
 */

const OBJECTIVE = new Set(['single', 'multiple', 'judge', 'blank']);

function parse<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function questionIds(a: q.ActivityRecord): number[] {
  return parse<number[]>(a.question_ids, []);
}

export function questionCount(a: q.ActivityRecord): number {
  return a.snapshots ? parse<unknown[]>(a.snapshots, []).length : parse<unknown[]>(a.question_ids, []).length;
}

/** The chosen questions are the teacher's own live bank questions, of objective types. */
export async function checkQuestions(ctx: AppContext, actor: MemberActor, ids: number[]): Promise<void> {
  const snapshots = await questionSnapshots(ctx, actor.memberId, ids);
  if (snapshots.some((s) => !OBJECTIVE.has(s.type))) throw refused(ActivityMsg.QUIZ_OBJECTIVE_ONLY);
}

/** The questions as they are now, kept with the quiz from the moment it opens (JSON). */
export async function takeSnapshots(ctx: AppContext, actor: MemberActor, a: q.ActivityRecord): Promise<string> {
  const ids = parse<number[]>(a.question_ids, []);
  if (ids.length === 0) throw refused(ActivityMsg.QUESTIONS_REQUIRED);
  const snapshots = await questionSnapshots(ctx, actor.memberId, ids);
  if (snapshots.some((s) => !OBJECTIVE.has(s.type))) throw refused(ActivityMsg.QUIZ_OBJECTIVE_ONLY);
  return JSON.stringify(snapshots);
}

const snapshotsOf = (a: q.ActivityRecord): QuestionSnapshot[] => parse<QuestionSnapshot[]>(a.snapshots, []);

function blanksOf(s: QuestionSnapshot): number {
  return s.type === 'blank' && Array.isArray(s.answer) ? s.answer.length : 0;
}

/** A question for a student: the answer and analysis only when `reveal`. */
function view(s: QuestionSnapshot, reveal: boolean) {
  return {
    id: s.id,
    type: s.type,
    stem: s.stem,
    options: s.options.map((o) => ({ key: o.key, html: o.html })),
    blanks: blanksOf(s),
    answer: reveal ? s.answer : null,
    analysis: reveal ? s.analysis : null,
  };
}

type Answers = Record<string, StudentAnswer>;
type Grading = { questionId: number; score: number; correct: boolean | null }[];

const fullScoreOf = (snapshots: QuestionSnapshot[]) => snapshots.length * QUIZ_POINTS_PER_QUESTION;
const round = (n: number) => Math.round(n * 100) / 100;

/** A student's quiz: the questions, their own answers; grading, answers and analysis once it is closed. */
export async function forStudent(ctx: AppContext, a: q.ActivityRecord, memberId: number): Promise<QuizForStudent> {
  const snapshots = snapshotsOf(a);
  const reveal = a.state === ActivityState.CLOSED;
  const mine = await q.submissionOf(ctx.db, a.id, memberId);
  return {
    questions: snapshots.map((s) => view(s, reveal)),
    fullScore: fullScoreOf(snapshots),
    submitted: mine !== undefined,
    myAnswers: mine ? parse<Answers>(mine.answers, {}) : null,
    grading: mine && reveal ? parse<Grading>(mine.grading, []) : null,
    score: mine && reveal ? round(Number(mine.score)) : null,
  };
}

/**
 * A student submits the quiz once, while it is open: each answer graded against the snapshot. Answers to
 * questions not in the quiz are ignored; a question left out counts as unanswered. A second (or concurrent)
 * submission is refused and changes nothing.
 */
export async function submit(
  ctx: AppContext,
  actor: MemberActor,
  a: q.ActivityRecord,
  body: QuizAnswerBody,
  now: number,
): Promise<{ submitted: true; at: number }> {
  if (a.state === ActivityState.CLOSED) throw refused(ActivityMsg.ALREADY_CLOSED);
  if (a.state !== ActivityState.OPEN) throw refused(ActivityMsg.NOT_OPEN);
  const snapshots = snapshotsOf(a);
  const given = new Map(body.answers.map((x) => [x.questionId, x.answer]));
  const answers: Answers = {};
  const grading: Grading = [];
  let score = 0;
  for (const s of snapshots) {
    const answer = given.get(s.id);
    if (answer !== undefined) answers[String(s.id)] = answer;
    const grade = gradeAnswer(s, answer, QUIZ_POINTS_PER_QUESTION);
    grading.push({ questionId: s.id, score: grade.score, correct: grade.correct });
    score += grade.score;
  }
  if (Object.keys(answers).length === 0) throw refused(ActivityMsg.ANSWERS_REQUIRED);
  const inserted = await q.insertSubmissionOnce(ctx.db, {
    activityId: a.id,
    memberId: actor.memberId,
    answers: JSON.stringify(answers),
    grading: JSON.stringify(grading),
    score: round(score),
    now,
  });
  if (!inserted) throw conflict(ActivityMsg.ALREADY_SUBMITTED);
  return { submitted: true, at: now };
}

/** The teacher's live results: answers per option, correct rate per question, each student's score. */
export async function results(
  ctx: AppContext,
  a: q.ActivityRecord,
  names: Map<number, { name: string }>,
): Promise<QuizResults> {
  const snapshots = a.snapshots ? snapshotsOf(a) : [];
  const subs = await q.submissionsOf(ctx.db, a.id);
  const parsed = subs.map((s) => ({
    memberId: s.memberId,
    answers: parse<Answers>(s.answers, {}),
    grading: new Map(parse<Grading>(s.grading, []).map((g) => [g.questionId, g])),
    score: Number(s.score),
    at: Number(s.at),
  }));
  const questions = snapshots.map((s) => {
    const counts = new Map<string, number>();
    let yes = 0;
    let no = 0;
    let correct = 0;
    for (const p of parsed) {
      const answer = p.answers[String(s.id)];
      if (typeof answer === 'string') counts.set(answer, (counts.get(answer) ?? 0) + 1);
      if (Array.isArray(answer) && s.type === 'multiple') {
        for (const key of new Set(answer)) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      if (answer === true) yes += 1;
      if (answer === false) no += 1;
      if (p.grading.get(s.id)?.correct === true) correct += 1;
    }
    return {
      ...view(s, true),
      options: s.options.map((o) => ({ key: o.key, html: o.html, count: counts.get(o.key) ?? 0 })),
      judge: s.type === 'judge' ? { yes, no } : null,
      correct,
      correctRate: parsed.length ? round(correct / parsed.length) : null,
    };
  });
  return {
    submissions: parsed.length,
    fullScore: fullScoreOf(snapshots),
    average: parsed.length ? round(parsed.reduce((sum, p) => sum + p.score, 0) / parsed.length) : null,
    questions,
    scores: parsed
      .map((p) => ({ memberId: p.memberId, name: names.get(p.memberId)?.name ?? '', score: round(p.score), at: p.at }))
      .sort((x, y) => x.at - y.at),
  };
}
