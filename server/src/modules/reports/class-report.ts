import {
  ReportMsg,
  type ChapterFigure,
  type ClassReport,
  type ClassSummary,
  type ReportRange,
  type StudentFigure,
  type StudyReport,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { spineOf } from '../catalog/index.js';
import { classRosters, loadClass, type ClassRecord } from '../classes/index.js';
import { homeworkScores, releasedHomework } from '../homework/index.js';
import { rollups, type Scope } from '../rollups/index.js';
import { Roster, num, round, rangeOf, readsOf, withStruggle, sums, classHomework } from './figures.js';
import { studyReportOf } from './study-report.js';

/** A class's report for its teacher: the roster's figures, the chapters where the class struggles. */

/** The class of a report; 404 when there is none (the route authorizes on it). */
export function loadReportClass(ctx: AppContext, classId: number): Promise<ClassRecord> {
  return loadClass(ctx, classId);
}

/** A class and one of its approved students (null when the member is not one: the handler answers 404). */
export async function loadClassStudent(ctx: AppContext, classId: number, memberId: number) {
  const cls = await loadClass(ctx, classId);
  const roster = await classRosters(ctx, [classId]);
  return { ...cls, student: roster.find((r) => r.memberId === memberId) ?? null };
}

export async function studentInClass(
  ctx: AppContext,
  thing: Awaited<ReturnType<typeof loadClassStudent>>,
  range: ReportRange,
): Promise<StudyReport> {
  if (!thing.student) throw notFound();
  return studyReportOf(ctx, thing.student.memberId, {
    title: ReportMsg.STUDENT_IN_CLASS_TITLE(thing.student.name, thing.name),
    bookId: thing.bookId,
    classId: thing.id,
    range: rangeOf(range),
  });
}

export async function rosterFigures(
  ctx: AppContext,
  roster: Roster,
  bookId: number,
  range: { start: string; end: string },
  summed?: ReturnType<typeof sums>['perMember'],
) {
  const ids = roster.map((r) => r.memberId);
  const scope: Scope = { memberIds: ids, bookId, ...range };
  const [perMember, states] = await Promise.all([
    summed ?? rollups.byMember(ctx.db, scope),
    rollups.bookStates(ctx.db, { memberIds: ids, bookId }),
  ]);
  const figOf = new Map(perMember.map((m) => [Number(m.memberId), m]));
  const stateOf = new Map(states.map((s) => [Number(s.memberId), s]));
  const students: StudentFigure[] = roster.map((r) => {
    const f = figOf.get(r.memberId);
    const state = stateOf.get(r.memberId);
    return {
      memberId: r.memberId,
      name: r.name,
      studentId: r.studentId,
      opened: Boolean(state),
      progress: round(num(state?.progress) / 1000),
      seconds: num(f?.seconds),
      days: num(f?.days),
      notes: num(f?.notes),
      highlights: num(f?.highlights),
      lastDay: f?.lastDay ?? null,
    };
  });
  return { students, states };
}

export function summarize(cls: ClassRecord, students: StudentFigure[]): ClassSummary {
  const n = students.length;
  const total = (key: 'seconds' | 'notes' | 'highlights' | 'days' | 'progress') =>
    students.reduce((s, x) => s + x[key], 0);
  return {
    classId: cls.id,
    className: cls.name,
    bookId: cls.bookId,
    bookName: cls.bookName,
    collegeName: cls.collegeName,
    students: n,
    opened: students.filter((s) => s.opened).length,
    avgProgress: n ? round(total('progress') / n) : 0,
    seconds: total('seconds'),
    avgMinutes: n ? round(total('seconds') / 60 / n, 1) : 0,
    avgDays: n ? round(total('days') / n, 1) : 0,
    notes: total('notes'),
    highlights: total('highlights'),
  };
}

/** Per chapter of a book, over some readers: time, notes, highlights, readers, average read share, struggle. */
export async function sectionFigures(
  ctx: AppContext,
  bookId: number,
  scope: Scope,
  states: { reads: string }[],
  readers: number,
  summed?: ReturnType<typeof sums>['perChapter'],
): Promise<ChapterFigure[]> {
  const [spine, perChapter] = await Promise.all([spineOf(ctx, [bookId]), summed ?? rollups.byChapter(ctx.db, scope)]);
  const figOf = new Map(perChapter.map((c) => [c.path, c]));
  const parsed = states.map((s) => readsOf(s.reads));
  const sections = spine.map((c) => {
    const f = figOf.get(c.path);
    const readSum = parsed.reduce((s, r) => s + Math.min(1000, num(r[c.path])), 0);
    return {
      path: c.path,
      title: c.title,
      read: readers ? round(readSum / 1000 / readers) : 0,
      seconds: num(f?.seconds),
      notes: num(f?.notes),
      highlights: num(f?.highlights),
      readers: num(f?.readers),
    };
  });
  return withStruggle(sections, new Map(spine.map((c) => [c.path, c.length])));
}

export async function classReport(ctx: AppContext, cls: ClassRecord, asked: ReportRange): Promise<ClassReport> {
  const range = rangeOf(asked);
  const roster = await classRosters(ctx, [cls.id]);
  const ids = roster.map((r) => r.memberId);
  const scope: Scope = { memberIds: ids, bookId: cls.bookId, ...range };
  const summed = sums(await rollups.rows(ctx.db, scope));
  const daily = summed.daily;
  const { students, states } = await rosterFigures(ctx, roster, cls.bookId, range, summed.perMember);
  const sections = await sectionFigures(ctx, cls.bookId, scope, states, roster.length, summed.perChapter);
  const summary = summarize(cls, students);
  const [released, scores] = await Promise.all([
    releasedHomework(ctx, cls.id),
    homeworkScores(ctx, { classId: cls.id }),
  ]);
  const { homework, perStudent } = classHomework(released, scores, roster, range);
  return {
    title: ReportMsg.CLASS_TITLE(cls.name),
    classId: cls.id,
    className: cls.name,
    bookId: cls.bookId,
    bookName: cls.bookName,
    ...range,
    students: summary.students,
    opened: summary.opened,
    avgProgress: summary.avgProgress,
    seconds: summary.seconds,
    avgDays: summary.avgDays,
    notes: summary.notes,
    highlights: summary.highlights,
    roster: homework
      ? students.map((s) => ({
          ...s,
          homeworkDone: perStudent.get(s.memberId)?.done ?? 0,
          homeworkScore: perStudent.get(s.memberId)?.rate ?? null,
        }))
      : students,
    notOpened: students
      .filter((s) => !s.opened)
      .map((s) => ({ memberId: s.memberId, name: s.name, studentId: s.studentId })),
    sections,
    daily: daily
      .filter((d) => num(d.seconds) > 0)
      .map((d) => ({ day: d.day, seconds: num(d.seconds), readers: num(d.readers) })),
    homework,
  };
}
