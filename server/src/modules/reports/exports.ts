import {
  addDays,
  daySpan,
  ReportMsg as M,
  type ClassReport,
  type StudyReport,
  type TeachingReport,
  type TextbookReport,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { cjkFont } from '../reader/index.js';
import type { ReportChart, ReportDoc, ReportTable } from './render.js';

export interface ReportFile {
  kind: 'xlsx' | 'pdf';
  fileName: string;
  bytes: Buffer;
}

const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A column as [header, key, width in characters]. */
type Column = readonly [header: string, key: string, width: number];

/** A table of the PDF that is also a sheet of the workbook, under the same name. */
function table(name: string, columns: Column[], rows: ReportTable['rows']): ReportTable {
  return { title: name, sheet: name, columns: columns.map(([header, key, width]) => ({ header, key, width })), rows };
}

/** Every day of a range with its value (0 when nothing was read), for the heat strip and line charts. */
function everyDay(start: string, end: string, values: Map<string, number>) {
  const days: string[] = [];
  for (let i = 0, n = Math.min(366, daySpan(start, end)); i < n; i++) days.push(addDays(start, i));
  return { days, values: days.map((d) => values.get(d) ?? 0) };
}

export function studyDoc(r: StudyReport): ReportDoc {
  const daily = everyDay(r.start, r.end, new Map(r.daily.map((d) => [d.day, minutes(d.seconds)])));
  const charts: ReportChart[] = [
    {
      title: `${M.DAILY}（${M.MINUTES}）`,
      kind: 'heat',
      labels: daily.days,
      series: [{ name: M.MINUTES, values: daily.values }],
    },
  ];
  if (r.books.length) {
    charts.push({
      title: M.PROGRESS,
      kind: 'bar',
      labels: r.books.map((b) => b.title),
      series: [{ name: `${M.PROGRESS}（%）`, values: r.books.map((b) => Math.round(b.progress * 100)) }],
    });
  }
  if (r.homework?.length) {
    charts.push({
      title: M.HOMEWORK_SCORE,
      kind: 'line',
      labels: r.homework.map((h) => h.day),
      series: [{ name: M.HOMEWORK_SCORE, values: r.homework.map((h) => h.score ?? 0) }],
    });
  }
  const tables: ReportTable[] = [
    table(
      M.SHEET_BOOKS,
      [
        [M.BOOK, 'book', 22],
        [M.CHAPTER, 'chapter', 26],
        [M.PROGRESS, 'progress', 10],
        [M.MINUTES, 'minutes', 14],
        [M.NOTES, 'notes', 8],
        [M.HIGHLIGHTS, 'highlights', 8],
      ],
      r.books.flatMap((b) => [
        {
          book: b.title,
          chapter: '',
          progress: percent(b.progress),
          minutes: minutes(b.seconds),
          notes: b.notes,
          highlights: b.highlights,
        },
        ...b.chapters.map((c) => ({
          book: '',
          chapter: c.title,
          progress: percent(c.read),
          minutes: minutes(c.seconds),
          notes: c.notes,
          highlights: c.highlights,
        })),
      ]),
    ),
    table(
      M.SHEET_DAYS,
      [
        [M.DATE, 'day', 14],
        [M.MINUTES, 'minutes', 16],
      ],
      r.daily.map((d) => ({ day: d.day, minutes: minutes(d.seconds) })),
    ),
  ];
  if (r.homework?.length) {
    tables.push(
      table(
        M.HOMEWORK,
        [
          [M.HOMEWORK, 'title', 24],
          [M.DATE, 'day', 14],
          [M.HOMEWORK_SCORE, 'score', 12],
          [M.HOMEWORK_FULL, 'fullScore', 10],
        ],
        r.homework.map((h) => ({ title: h.title, day: h.day, score: h.score ?? '', fullScore: h.fullScore ?? '' })),
      ),
    );
  }
  return {
    title: r.title,
    lines: [M.RANGE(r.start, r.end), M.TERM(r.term.name, r.term.start, r.term.end)],
    summarySheet: M.SHEET_SUMMARY,
    figures: [
      { label: M.MINUTES, value: minutes(r.seconds) },
      { label: M.DAYS, value: r.days },
      { label: M.DAYS_TERM, value: r.term.days },
      { label: M.BOOKS, value: r.books.length },
      { label: M.NOTES, value: r.notes },
      { label: M.HIGHLIGHTS, value: r.highlights },
    ],
    charts,
    tables,
  };
}

export function classDoc(r: ClassReport): ReportDoc {
  const daily = everyDay(r.start, r.end, new Map(r.daily.map((d) => [d.day, minutes(d.seconds)])));
  const charts: ReportChart[] = [
    {
      title: `${M.DAILY}（${M.MINUTES}）`,
      kind: 'line',
      labels: daily.days,
      series: [{ name: M.MINUTES, values: daily.values }],
    },
    {
      title: M.STRUGGLE_MAP,
      kind: 'bar',
      labels: r.sections.map((s) => s.title),
      series: [
        { name: M.STRUGGLE, values: r.sections.map((s) => s.struggle ?? 0) },
        { name: M.NOTES, values: r.sections.map((s) => s.notes) },
        { name: M.HIGHLIGHTS, values: r.sections.map((s) => s.highlights) },
      ],
    },
    {
      title: M.PROGRESS,
      kind: 'bar',
      labels: r.roster.map((s) => s.name),
      series: [{ name: `${M.PROGRESS}（%）`, values: r.roster.map((s) => Math.round(s.progress * 100)) }],
    },
  ];
  if (r.homework?.bands.length) {
    charts.push({
      title: M.SHEET_HOMEWORK_BANDS,
      kind: 'bar',
      labels: r.homework.bands.map((b) => b.band),
      series: [{ name: M.STUDENTS, values: r.homework.bands.map((b) => b.students) }],
    });
  }
  const tables: ReportTable[] = [
    table(
      M.SHEET_STUDENTS,
      [
        [M.STUDENT_ID, 'studentId', 12],
        [M.NAME, 'name', 12],
        [M.PROGRESS, 'progress', 10],
        [M.MINUTES, 'minutes', 14],
        [M.DAYS, 'days', 10],
        [M.NOTES, 'notes', 8],
        [M.HIGHLIGHTS, 'highlights', 8],
        [M.LAST_READ, 'lastDay', 12],
        ...(r.homework
          ? ([
              [M.HOMEWORK_DONE, 'homeworkDone', 10],
              [M.HOMEWORK_RATE, 'homeworkScore', 16],
            ] satisfies Column[])
          : []),
      ],
      r.roster.map((s) => ({
        studentId: s.studentId,
        name: s.name,
        progress: s.opened ? percent(s.progress) : M.NOT_OPENED,
        minutes: minutes(s.seconds),
        days: s.days,
        notes: s.notes,
        highlights: s.highlights,
        lastDay: s.lastDay ?? '',
        homeworkDone: s.homeworkDone ?? '',
        homeworkScore: s.homeworkScore ?? '',
      })),
    ),
    table(
      M.SHEET_SECTIONS,
      [
        [M.CHAPTER, 'title', 26],
        [M.STRUGGLE, 'struggle', 10],
        [M.PROGRESS, 'read', 10],
        [M.MINUTES, 'minutes', 14],
        [M.READERS, 'readers', 10],
        [M.NOTES, 'notes', 8],
        [M.HIGHLIGHTS, 'highlights', 8],
      ],
      r.sections.map((s) => ({
        title: s.title,
        struggle: s.struggle ?? 0,
        read: percent(s.read),
        minutes: minutes(s.seconds),
        readers: s.readers ?? 0,
        notes: s.notes,
        highlights: s.highlights,
      })),
    ),
    table(
      M.SHEET_DAYS,
      [
        [M.DATE, 'day', 14],
        [M.MINUTES, 'minutes', 16],
        [M.READERS, 'readers', 10],
      ],
      r.daily.map((d) => ({ day: d.day, minutes: minutes(d.seconds), readers: d.readers ?? 0 })),
    ),
  ];
  if (r.homework) {
    tables.push(
      table(
        M.HOMEWORK,
        [
          [M.HOMEWORK, 'title', 24],
          [M.DUE, 'day', 14],
          [M.HOMEWORK_SUBMITTED, 'submitted', 10],
          [M.STUDENTS, 'students', 8],
          [M.HOMEWORK_AVG, 'score', 10],
          [M.HOMEWORK_FULL, 'fullScore', 10],
        ],
        r.homework.items.map((h) => ({
          title: h.title,
          day: h.day,
          submitted: h.submitted ?? 0,
          students: h.students ?? 0,
          score: h.score ?? '',
          fullScore: h.fullScore ?? '',
        })),
      ),
      table(
        M.SHEET_HOMEWORK_BANDS,
        [
          [M.HOMEWORK_BAND, 'band', 14],
          [M.STUDENTS, 'students', 10],
        ],
        r.homework.bands,
      ),
    );
  }
  return {
    title: r.title,
    lines: [`${M.BOOK}：${r.bookName}`, M.RANGE(r.start, r.end)],
    summarySheet: M.SHEET_SUMMARY,
    figures: [
      { label: M.STUDENTS, value: r.students },
      { label: M.OPENED, value: r.opened },
      { label: M.AVG_PROGRESS, value: percent(r.avgProgress) },
      { label: M.MINUTES, value: minutes(r.seconds) },
      { label: M.AVG_DAYS, value: r.avgDays },
      { label: M.NOTES, value: r.notes },
      { label: M.HIGHLIGHTS, value: r.highlights },
      { label: M.NOT_OPENED, value: r.notOpened.length },
    ],
    charts,
    tables,
  };
}

const classColumns: Column[] = [
  [M.CLASS, 'className', 14],
  [M.BOOK, 'bookName', 18],
  [M.STUDENTS, 'students', 8],
  [M.OPENED, 'opened', 10],
  [M.AVG_PROGRESS, 'avgProgress', 10],
  [M.AVG_MINUTES, 'avgMinutes', 14],
  [M.AVG_DAYS, 'avgDays', 12],
  [M.NOTES, 'notes', 8],
  [M.HIGHLIGHTS, 'highlights', 8],
];

const classRow = (c: TeachingReport['classes'][number]) => ({
  ...c,
  avgProgress: percent(c.avgProgress),
});

export function teachingDoc(r: TeachingReport): ReportDoc {
  return {
    title: r.title,
    lines: [M.RANGE(r.start, r.end)],
    summarySheet: M.SHEET_SUMMARY,
    figures: [
      { label: M.CLASSES, value: r.classes.length },
      { label: M.STUDENTS, value: r.classes.reduce((n, c) => n + c.students, 0) },
      { label: M.MINUTES, value: minutes(r.classes.reduce((n, c) => n + c.seconds, 0)) },
    ],
    charts: [
      {
        title: M.AVG_PROGRESS,
        kind: 'bar',
        labels: r.classes.map((c) => c.className),
        series: [
          { name: `${M.AVG_PROGRESS}（%）`, values: r.classes.map((c) => Math.round(c.avgProgress * 100)) },
          { name: M.AVG_MINUTES, values: r.classes.map((c) => c.avgMinutes) },
          { name: M.AVG_DAYS, values: r.classes.map((c) => c.avgDays) },
        ],
      },
    ],
    tables: [table(M.SHEET_CLASSES, classColumns, r.classes.map(classRow))],
  };
}

export function textbookDoc(r: TextbookReport): ReportDoc {
  return {
    title: r.title,
    lines: [M.RANGE(r.start, r.end)],
    summarySheet: M.SHEET_SUMMARY,
    figures: [
      { label: M.COLLEGE, value: r.colleges.length },
      { label: M.CLASSES, value: r.classes.length },
      { label: M.STUDENTS, value: r.classes.reduce((n, c) => n + c.students, 0) },
      { label: M.MINUTES, value: minutes(r.classes.reduce((n, c) => n + c.seconds, 0)) },
    ],
    charts: [
      {
        title: `${M.READS} / ${M.READERS}`,
        kind: 'bar',
        labels: r.months.map((m) => m.month),
        series: [
          { name: M.READS, values: r.months.map((m) => m.reads) },
          { name: M.READERS, values: r.months.map((m) => m.readers) },
        ],
      },
      {
        title: M.STRUGGLE_MAP,
        kind: 'bar',
        labels: r.sections.map((s) => s.title),
        series: [{ name: M.STRUGGLE, values: r.sections.map((s) => s.struggle ?? 0) }],
      },
    ],
    tables: [
      table(
        M.SHEET_COLLEGES,
        [
          [M.COLLEGE, 'collegeName', 20],
          [M.CLASSES, 'classes', 8],
          [M.STUDENTS, 'students', 8],
          [M.OPENED, 'opened', 10],
          [M.AVG_PROGRESS, 'avgProgress', 10],
          [M.MINUTES, 'minutes', 14],
        ],
        r.colleges.map((c) => ({ ...c, avgProgress: percent(c.avgProgress), minutes: minutes(c.seconds) })),
      ),
      table(M.SHEET_CLASSES, [[M.COLLEGE, 'collegeName', 16], ...classColumns], r.classes.map(classRow)),
      table(
        M.SHEET_MONTHS,
        [
          [M.MONTH, 'month', 12],
          [M.READS, 'reads', 10],
          [M.READERS, 'readers', 10],
        ],
        r.months,
      ),
    ],
  };
}

/** Type 0: the workbook; type 2: the PDF (charts and tables, CJK font). Both are written in the worker pool. */
export async function exportDoc(ctx: AppContext, doc: ReportDoc, type: number): Promise<ReportFile> {
  const base = doc.title.replace(/[\\/:*?"<>|]/g, '_');
  if (type === 2) {
    const font = cjkFont(ctx.config.pdfFont);
    if (!font) throw refused(M.NO_FONT);
    return { kind: 'pdf', fileName: `${base}.pdf`, bytes: await ctx.workers.run('reportPdf', { doc, font }) };
  }
  return { kind: 'xlsx', fileName: `${base}.xlsx`, bytes: await ctx.workers.run('reportXlsx', doc) };
}
