import {
  addDays,
  chinaDay,
  daySpan,
  ReportMsg,
  termOf,
  type ChapterFigure,
  type ClassReport,
  type HomeworkFigure,
  type ReportRange,
} from '@textbook/contracts';
import { spineOf } from '../catalog/index.js';
import { classRosters } from '../classes/index.js';
import { releasedHomework, type HomeworkScoreRow } from '../homework/index.js';
import { rollups } from '../rollups/index.js';

/** The figures the reports are made of: date ranges, reading rolled up by book and chapter, homework scores. */

export type Roster = Awaited<ReturnType<typeof classRosters>>;
type Chapter = Awaited<ReturnType<typeof spineOf>>[number];

export const num = (v: unknown): number => Number(v ?? 0) || 0;
export const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

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
export function readsOf(json: string | undefined): Record<string, number> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function spineByBook(chapters: Chapter[]): Map<number, Chapter[]> {
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
export function withStruggle(sections: ChapterFigure[], lengths: Map<string, number>): ChapterFigure[] {
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
export function sums(rows: RollupRow[]) {
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

export const within = (day: string, range: DayRange) => day >= range.start && day <= range.end;

/** A member's homework scores over time (work submitted within the range), oldest first; null without any. */
export function memberHomework(rows: HomeworkScoreRow[], range: DayRange): HomeworkFigure[] | null {
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
export function classHomework(
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
