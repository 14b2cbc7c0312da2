import {
  HOMEWORK_NOTICE_TYPE,
  HomeworkMsg,
  HomeworkStatus,
  SubmissionStatus,
  type AnswerValue,
  type HomeworkAnswers,
  type ItemResult,
  type ItemStat,
  type QuestionSnapshot,
  type SubmissionView,
  type TeacherHomeworkInfo,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { classRoster, findClassFacts } from '../classes/index.js';
import { notify } from '../notice/index.js';
import { questionSnapshots } from '../questionBank/index.js';
import * as q from './queries.js';
import { homeworkChanged, nowOf, num, parseJson, questionView, round2, rowOf } from './records.js';

/** Homework's questions and their marking: the statistics, the teacher's view of one homework, review. */

/** The questions of homework: the released snapshots, or (a draft) the bank's questions as they are now. */
export async function questionsOf(
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

export function isBlankAnswer(a: AnswerValue | undefined): boolean {
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
export function finalScore(results: ItemResult[], late: boolean, hw: q.HomeworkRecord): number {
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
