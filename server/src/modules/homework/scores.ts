import { SubmissionStatus } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import * as q from './queries.js';
import { num } from './records.js';

/** Homework scores as the reports read them. */

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
