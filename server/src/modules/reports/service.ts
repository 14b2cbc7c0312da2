import {
  chinaDay,
  ReportMsg,
  type MonthFigure,
  type ReportRange,
  type TeachingReport,
  type TextbookReport,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { bookTitles, monthStatistics } from '../catalog/index.js';
import { classesWhere, classRosters, type ClassRecord } from '../classes/index.js';
import { rollups } from '../rollups/index.js';
import { num, round, rangeOf } from './figures.js';
import { rosterFigures, sectionFigures, summarize } from './class-report.js';

/** The teacher's teaching report over their classes, and the publisher's textbook report and month statistics. */

async function summaries(ctx: AppContext, classes: ClassRecord[], range: { start: string; end: string }) {
  const rosters = await classRosters(
    ctx,
    classes.map((c) => c.id),
  );
  return Promise.all(
    classes.map(async (cls) => {
      const roster = rosters.filter((r) => r.classId === cls.id);
      const { students, states } = await rosterFigures(ctx, roster, cls.bookId, range);
      return { cls, roster, states, summary: summarize(cls, students) };
    }),
  );
}

export async function teachingReport(ctx: AppContext, actor: MemberActor, asked: ReportRange): Promise<TeachingReport> {
  const range = rangeOf(asked);
  const classes =
    actor.collegeId === null ? [] : await classesWhere(ctx, { teacherId: actor.memberId, collegeId: actor.collegeId });
  const rows = await summaries(ctx, classes, range);
  const perClass = await Promise.all(
    rows.map((r) =>
      rollups.byDay(ctx.db, { memberIds: r.roster.map((s) => s.memberId), bookId: r.cls.bookId, ...range }),
    ),
  );
  const days = [...new Set(perClass.flatMap((d) => d.filter((x) => num(x.seconds) > 0).map((x) => x.day)))].sort();
  return {
    title: ReportMsg.TEACHING_TITLE,
    ...range,
    classes: rows.map((r) => r.summary),
    daily: days.map((day) => ({
      day,
      values: perClass.map((d) => num(d.find((x) => x.day === day)?.seconds)),
    })),
  };
}

// ---- textbook report and month statistics ----

/** Reads and readers per month of the last twelve (China days), beside the catalogue's books published. */
export async function monthFigures(
  ctx: AppContext,
  scope: { bookId?: number; memberIds?: number[] },
  now = new Date(),
): Promise<MonthFigure[]> {
  const published = await monthStatistics(ctx, now);
  const first = published[0]?.month ?? chinaDay(now.getTime()).slice(0, 7);
  const rows = await rollups.byMonth(ctx.db, { ...scope, start: `${first}-01` });
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return published.map((p) => ({
    month: p.month,
    count: p.count,
    reads: num(byMonth.get(p.month)?.reads),
    readers: num(byMonth.get(p.month)?.readers),
  }));
}

/**
 * A book's use: by class and college, per chapter, per month. `collegeId` limits it to one college's classes
 * and their students (a college administrator's report); without it every class and reader counts (staff).
 */
export async function textbookReport(
  ctx: AppContext,
  collegeId: number | null,
  asked: ReportRange & { bookId?: number | undefined },
): Promise<TextbookReport> {
  const range = rangeOf(asked);
  const inScope = await classesWhere(ctx, collegeId === null ? {} : { collegeId });
  const bookIds = new Set(inScope.map((c) => c.bookId));
  if (collegeId === null) for (const b of await rollups.booksRead(ctx.db)) bookIds.add(Number(b.bookId));
  const books = (await bookTitles(ctx, [...bookIds])).sort((a, b) => a.id - b.id);
  const bookId = asked.bookId ?? books[0]?.id ?? null;
  const title = books.find((b) => b.id === bookId)?.title ?? '';
  if (bookId === null) {
    return {
      title: ReportMsg.TEXTBOOK_TITLE(''),
      books,
      bookId,
      ...range,
      colleges: [],
      classes: [],
      sections: [],
      months: [],
    };
  }
  const classes = inScope.filter((c) => c.bookId === bookId);
  const rows = await summaries(ctx, classes, range);
  const memberIds = collegeId === null ? undefined : [...new Set(rows.flatMap((r) => r.roster.map((s) => s.memberId)))];
  const states = await rollups.bookStates(ctx.db, { memberIds, bookId });
  const readers = memberIds ? memberIds.length : states.length;
  const [sections, months] = await Promise.all([
    sectionFigures(ctx, bookId, { memberIds, bookId, ...range }, states, readers),
    monthFigures(ctx, { bookId, memberIds }),
  ]);
  const colleges = new Map<number, TextbookReport['colleges'][number] & { progressSum: number }>();
  for (const r of rows) {
    const c = colleges.get(r.cls.collegeId) ?? {
      collegeId: r.cls.collegeId,
      collegeName: r.cls.collegeName,
      classes: 0,
      students: 0,
      opened: 0,
      seconds: 0,
      avgProgress: 0,
      progressSum: 0,
    };
    c.classes += 1;
    c.students += r.summary.students;
    c.opened += r.summary.opened;
    c.seconds += r.summary.seconds;
    c.progressSum += r.summary.avgProgress * r.summary.students;
    colleges.set(r.cls.collegeId, c);
  }
  return {
    title: ReportMsg.TEXTBOOK_TITLE(title),
    books,
    bookId,
    ...range,
    colleges: [...colleges.values()].map(({ progressSum, ...c }) => ({
      ...c,
      avgProgress: c.students ? round(progressSum / c.students) : 0,
    })),
    classes: rows.map((r) => r.summary),
    sections,
    months,
  };
}
