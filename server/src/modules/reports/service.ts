import {
  addDays,
  chinaDay,
  daySpan,
  ReportMsg,
  termOf,
  type BookFigure,
  type ChapterFigure,
  type ClassReport,
  type ClassSummary,
  type HomeworkFigure,
  type MonthFigure,
  type ReportRange,
  type StudentFigure,
  type StudyReport,
  type TeachingReport,
  type TextbookReport,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { bookTitles, monthStatistics, spineOf } from '../catalog/index.js';
import { classesWhere, classRosters, loadClass, type ClassRecord } from '../classes/index.js';
import { homeworkScores, releasedHomework, type HomeworkScoreRow } from '../homework/index.js';
import { rollups, type Scope } from '../rollups/index.js';

type Roster = Awaited<ReturnType<typeof classRosters>>;
type Chapter = Awaited<ReturnType<typeof spineOf>>[number];

const num = (v: unknown): number => Number(v ?? 0) || 0;
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The range a report covers: what was asked, else the current term up to today (China days). A single end
 * given before the term begins moves the start with it; a range is at most 366 days.
 */
export function rangeOf(asked: ReportRange, now = Date.now()): { start: string; end: string } {
  const today = chinaDay(now);
  const end = asked.end ?? today;
  let start = asked.start ?? termOf(end).start;
  if (start > end) start = end;
  if (daySpan(start, end) > 366) start = addDays(end, -365);
  return { start, end };
}

/** How far each chapter was read (per mille by spine path), from the stored JSON; anything odd reads as nothing. */
function readsOf(json: string | undefined): Record<string, number> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function spineByBook(chapters: Chapter[]): Map<number, Chapter[]> {
  const map = new Map<number, Chapter[]>();
  for (const c of chapters) {
    const list = map.get(c.bookId) ?? [];
    list.push(c);
    map.set(c.bookId, list);
  }
  return map;
}

/**
 * Where a class struggles, per chapter: time, notes (weighing two minutes each) and highlights (one minute) per
 * reader and per character of the chapter's text, scaled so the hardest chapter is 100.
 */
function withStruggle(sections: ChapterFigure[], lengths: Map<string, number>): ChapterFigure[] {
  const intensity = sections.map((s) => {
    const readers = Math.max(1, s.readers ?? 1);
    const effort = s.seconds + 120 * s.notes + 60 * s.highlights;
    return effort / readers / Math.max(200, lengths.get(s.path) ?? 0);
  });
  const top = Math.max(0, ...intensity);
  return sections.map((s, i) => ({ ...s, struggle: top > 0 ? Math.round((100 * intensity[i]!) / top) : 0 }));
}

type RollupRow = Awaited<ReturnType<typeof rollups.rows>>[number];

/** One pass over a class's rollup rows: per member, per day and per chapter sums (instead of three scans). */
function sums(rows: RollupRow[]) {
  const members = new Map<
    number,
    { seconds: number; days: Set<string>; notes: number; highlights: number; lastDay: string | null }
  >();
  const days = new Map<string, { seconds: number; readers: Set<number> }>();
  const chapters = new Map<string, { seconds: number; notes: number; highlights: number; readers: Set<number> }>();
  for (const r of rows) {
    const id = Number(r.memberId);
    const seconds = num(r.seconds);
    const m = members.get(id) ?? { seconds: 0, days: new Set<string>(), notes: 0, highlights: 0, lastDay: null };
    m.seconds += seconds;
    m.notes += num(r.notes);
    m.highlights += num(r.highlights);
    if (seconds > 0) {
      m.days.add(r.day);
      if (!m.lastDay || r.day > m.lastDay) m.lastDay = r.day;
    }
    members.set(id, m);
    const d = days.get(r.day) ?? { seconds: 0, readers: new Set<number>() };
    d.seconds += seconds;
    if (seconds > 0) d.readers.add(id);
    days.set(r.day, d);
    const c = chapters.get(r.path) ?? { seconds: 0, notes: 0, highlights: 0, readers: new Set<number>() };
    c.seconds += seconds;
    c.notes += num(r.notes);
    c.highlights += num(r.highlights);
    if (seconds > 0) c.readers.add(id);
    chapters.set(r.path, c);
  }
  return {
    perMember: [...members].map(([memberId, m]) => ({
      memberId,
      seconds: m.seconds,
      days: m.days.size,
      notes: m.notes,
      highlights: m.highlights,
      lastDay: m.lastDay,
    })),
    daily: [...days]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([day, d]) => ({ day, seconds: d.seconds, readers: d.readers.size })),
    perChapter: [...chapters].map(([path, c]) => ({
      path,
      seconds: c.seconds,
      notes: c.notes,
      highlights: c.highlights,
      readers: c.readers.size,
    })),
  };
}

type DayRange = { start: string; end: string };
type Released = Awaited<ReturnType<typeof releasedHomework>>[number];

const within = (day: string, range: DayRange) => day >= range.start && day <= range.end;

/** A member's homework scores over time (work submitted within the range), oldest first; null without any. */
function memberHomework(rows: HomeworkScoreRow[], range: DayRange): HomeworkFigure[] | null {
  const done = rows
    .filter((r) => r.submittedAt !== null && within(chinaDay(r.submittedAt), range))
    .sort((a, b) => a.submittedAt! - b.submittedAt! || a.homeworkId - b.homeworkId);
  if (!done.length) return null;
  return done.map((r) => ({
    id: r.homeworkId,
    title: r.title,
    day: chinaDay(r.submittedAt!),
    score: r.score,
    fullScore: r.totalScore,
  }));
}

/** Per student of the roster: homework submitted, and the average share of the full score (0–100) of those marked. */
interface StudentHomework {
  done: number;
  rate: number | null;
}

/**
 * A class's homework over a range: the released homework the range covers (open on or before its end, due on or
 * after its start), each with the roster's submissions and average score; students by the average share of the
 * full score of their submitted work. Students who left the class do not count. Null without such homework.
 */
function classHomework(
  released: Released[],
  rows: HomeworkScoreRow[],
  roster: Roster,
  range: DayRange,
): { homework: ClassReport['homework']; perStudent: Map<number, StudentHomework> } {
  const perStudent = new Map<number, StudentHomework>();
  const set = released
    .filter((h) => chinaDay(h.openAt) <= range.end && chinaDay(h.dueAt) >= range.start)
    .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
  if (!set.length) return { homework: null, perStudent };
  const ids = new Set(set.map((h) => h.id));
  const members = new Set(roster.map((r) => r.memberId));
  const work = rows.filter((r) => ids.has(r.homeworkId) && members.has(r.memberId) && r.submittedAt !== null);
  const items = set.map((h) => {
    const mine = work.filter((r) => r.homeworkId === h.id);
    const scored = mine.filter((r) => r.score !== null);
    return {
      id: h.id,
      title: h.title,
      day: chinaDay(h.dueAt),
      score: scored.length ? round(scored.reduce((s, r) => s + r.score!, 0) / scored.length, 1) : null,
      fullScore: h.totalScore,
      submitted: new Set(mine.map((r) => r.memberId)).size,
      students: roster.length,
    };
  });
  const shares = new Map<number, { done: Set<number>; shares: number[] }>();
  for (const r of work) {
    const m = shares.get(r.memberId) ?? { done: new Set<number>(), shares: [] };
    m.done.add(r.homeworkId);
    if (r.score !== null && r.totalScore > 0) m.shares.push((100 * r.score) / r.totalScore);
    shares.set(r.memberId, m);
  }
  const counts = ReportMsg.SCORE_BANDS.map(() => 0);
  for (const [memberId, m] of shares) {
    const rate = m.shares.length ? m.shares.reduce((s, x) => s + x, 0) / m.shares.length : null;
    perStudent.set(memberId, { done: m.done.size, rate: rate === null ? null : round(rate, 1) });
    if (rate !== null) counts[rate < 60 ? 0 : rate >= 90 ? 4 : Math.floor(rate / 10) - 5]! += 1;
  }
  return {
    homework: { items, bands: ReportMsg.SCORE_BANDS.map((band, i) => ({ band, students: counts[i]! })) },
    perStudent,
  };
}

// ---- study report ----

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

// ---- class report ----

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

async function rosterFigures(
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

function summarize(cls: ClassRecord, students: StudentFigure[]): ClassSummary {
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
async function sectionFigures(
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

// ---- teaching report ----

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
