import { chinaDay, ReportMsg, termOf, type BookFigure, type ReportRange, type StudyReport } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { bookTitles, spineOf } from '../catalog/index.js';
import { homeworkScores } from '../homework/index.js';
import { rollups, type Scope } from '../rollups/index.js';
import { num, round, rangeOf, readsOf, spineByBook, memberHomework } from './figures.js';

/** A student's own study report (学习报告). */

interface StudyOptions {
  title: string;
  bookId?: number;
  /** Homework of this class only (a student's report within a class). */
  classId?: number;
  range: { start: string; end: string };
  now?: number;
}

/** A member's study report over a range (all their books, or one class's book). */
export async function studyReportOf(ctx: AppContext, memberId: number, o: StudyOptions): Promise<StudyReport> {
  const db = ctx.db;
  const scope: Scope = { memberIds: [memberId], bookId: o.bookId, ...o.range };
  const today = chinaDay(o.now);
  const term = termOf(o.range.end <= today ? o.range.end : today);
  const termEnd = term.end < today ? term.end : today;
  const homework = homeworkScores(ctx, { memberId, classId: o.classId });
  const [daily, perBook, perChapter, states, termDays] = await Promise.all([
    rollups.byDay(db, scope),
    rollups.byMemberBook(db, scope),
    rollups.byChapter(db, scope),
    rollups.bookStates(db, { memberIds: [memberId], bookId: o.bookId }),
    rollups.readingDays(db, { memberIds: [memberId], bookId: o.bookId, start: term.start, end: termEnd }),
  ]);
  const bookIds = [...new Set([...states.map((s) => s.bookId), ...perBook.map((b) => b.bookId)].map(Number))];
  const [titles, spine] = await Promise.all([bookTitles(ctx, bookIds), spineOf(ctx, bookIds)]);
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  const chaptersOf = spineByBook(spine);
  const stateOf = new Map(states.map((s) => [Number(s.bookId), s]));
  const figuresOf = new Map(perBook.map((b) => [Number(b.bookId), b]));
  const chapterFigures = new Map(perChapter.map((c) => [`${c.bookId}|${c.path}`, c]));
  const books: BookFigure[] = bookIds
    .filter((id) => titleOf.has(id))
    .map((bookId) => {
      const state = stateOf.get(bookId);
      const fig = figuresOf.get(bookId);
      const reads = readsOf(state?.reads);
      return {
        bookId,
        title: titleOf.get(bookId)!,
        progress: round(num(state?.progress) / 1000),
        seconds: num(fig?.seconds),
        days: num(fig?.days),
        notes: num(fig?.notes),
        highlights: num(fig?.highlights),
        lastDay: fig?.lastDay ?? null,
        chapters: (chaptersOf.get(bookId) ?? []).map((c) => {
          const f = chapterFigures.get(`${bookId}|${c.path}`);
          return {
            path: c.path,
            title: c.title,
            read: round(Math.min(1000, num(reads[c.path])) / 1000),
            seconds: num(f?.seconds),
            notes: num(f?.notes),
            highlights: num(f?.highlights),
          };
        }),
        lastAt: num(state?.lastAt),
      };
    })
    .sort((a, b) => b.lastAt - a.lastAt || a.bookId - b.bookId)
    .map(({ lastAt: _lastAt, ...book }) => book);
  const sum = (key: 'seconds' | 'notes' | 'highlights') => perBook.reduce((n, b) => n + num(b[key]), 0);
  const readDays = daily.filter((d) => num(d.seconds) > 0);
  return {
    title: o.title,
    start: o.range.start,
    end: o.range.end,
    term: { ...term, days: termDays },
    seconds: sum('seconds'),
    days: readDays.length,
    notes: sum('notes'),
    highlights: sum('highlights'),
    daily: readDays.map((d) => ({ day: d.day, seconds: num(d.seconds) })),
    books,
    homework: memberHomework(await homework, o.range),
  };
}

export function myReport(ctx: AppContext, actor: MemberActor, range: ReportRange): Promise<StudyReport> {
  return studyReportOf(ctx, actor.memberId, { title: ReportMsg.STUDY_TITLE, range: rangeOf(range) });
}
