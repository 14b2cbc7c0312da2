import { z } from 'zod';
import { Msg } from './messages.js';

/** Messages and labels of the reports (issue 18): study, class, teaching and textbook reports, their exports. */
export const ReportMsg = {
  DAY_FORMAT: '日期格式应为yyyy-MM-dd',
  RANGE_ORDER: '开始日期不能晚于结束日期',
  RANGE_TOO_LONG: '统计范围不能超过366天',
  EXPORT_TYPE: '报告可导出为表格或PDF',
  NOT_IN_CLASS: '该学生不在此班级',
  NO_FONT: '服务器未安装中文字体，暂不能导出PDF，请选择表格导出',
  // titles
  STUDY_TITLE: '学习报告',
  CLASS_TITLE: (className: string) => `班级学习报告 - ${className}`,
  STUDENT_IN_CLASS_TITLE: (name: string, className: string) => `${name}的学习报告 - ${className}`,
  TEACHING_TITLE: '教学报告',
  TEXTBOOK_TITLE: (title: string) => `教材使用报告 - ${title}`,
  /**
   * The textbook report's name: its entry in the personal centre (college administrators) and the admin console,
   * and the report page's title.
   */
  TEXTBOOK_MENU: '教材报告',
  RANGE: (start: string, end: string) => `统计范围：${start} 至 ${end}`,
  TERM: (name: string, start: string, end: string) => `${name}（${start} 至 ${end}）`,
  SPRING: (year: number) => `${year}年春季学期`,
  AUTUMN: (year: number) => `${year}年秋季学期`,
  // figures
  SECONDS: '阅读时长',
  MINUTES: '阅读时长（分钟）',
  DAYS: '阅读天数',
  DAYS_TERM: '本学期阅读天数',
  NOTES: '笔记',
  HIGHLIGHTS: '划线',
  PROGRESS: '阅读进度',
  BOOKS: '在读教材',
  CHAPTER: '章节',
  BOOK: '教材',
  DATE: '日期',
  LAST_READ: '最近阅读',
  STUDENT: '学生',
  STUDENT_ID: '学号',
  NAME: '姓名',
  CLASS: '班级',
  COLLEGE: '学院',
  STUDENTS: '学生数',
  OPENED: '已打开教材',
  NOT_OPENED: '未打开教材的学生',
  READERS: '阅读人数',
  READS: '阅读人次',
  MONTH: '月份',
  AVG_PROGRESS: '平均进度',
  AVG_MINUTES: '人均时长（分钟）',
  AVG_DAYS: '人均阅读天数',
  STRUGGLE: '难点指数',
  STRUGGLE_MAP: '章节难点分布（划线、笔记与停留时长）',
  DAILY: '每日阅读时长',
  CLASSES: '班级数',
  HOMEWORK: '作业',
  HOMEWORK_SCORE: '作业得分',
  HOMEWORK_DONE: '作业完成',
  HOMEWORK_SUBMITTED: '提交人数',
  HOMEWORK_AVG: '平均分',
  HOMEWORK_FULL: '满分',
  HOMEWORK_RATE: '作业平均得分率（%）',
  HOMEWORK_BAND: '得分率',
  DUE: '截止日期',
  /** Students by their homework's average share of the full score, lowest first. */
  SCORE_BANDS: ['60分以下', '60-69分', '70-79分', '80-89分', '90-100分'],
  NONE: '暂无数据',
  // the textbook report page
  NO_TEXTBOOK_USE: '暂无教材使用数据',
  PICK_BOOK: '选择教材',
  MINUTE_UNIT: '分钟',
  OPENED_SHORT: '已打开',
  SECONDS_MINUTES: '时长（分钟）',
  MONTHLY: '每月阅读',
  MONTHLY_CHART: '每月阅读人次与人数',
  SECTIONS_STRUGGLE: '章节难点分布',
  BY_COLLEGE: '各学院使用情况',
  BY_CLASS: '各班级使用情况',
  // sheet names
  SHEET_SUMMARY: '概况',
  SHEET_DAYS: '每日阅读',
  SHEET_BOOKS: '教材与章节',
  SHEET_STUDENTS: '学生',
  SHEET_SECTIONS: '章节难点',
  SHEET_CLASSES: '班级对比',
  SHEET_COLLEGES: '学院',
  SHEET_MONTHS: '月度统计',
  SHEET_HOMEWORK_BANDS: '作业成绩分布',
} as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string({ error: ReportMsg.DAY_FORMAT })
  .regex(DAY_RE, { error: ReportMsg.DAY_FORMAT })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: ReportMsg.DAY_FORMAT,
    },
  );
const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST })
  .max(2 ** 31 - 1, { error: Msg.BAD_REQUEST });

/** Days between two yyyy-MM-dd days, inclusive of both. */
export function daySpan(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A day plus n days (n may be negative), yyyy-MM-dd. */
export function addDays(d: string, n: number): string {
  return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Today in China (yyyy-MM-dd): reading days are counted in China Standard Time. */
export function chinaDay(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The term a day falls in: the spring term runs from 1 February to 31 July, the autumn term from 1 August to
 * 31 January (Chinese colleges' two terms, holidays included, so every day belongs to one).
 */
export function termOf(d: string): { name: string; start: string; end: string } {
  const year = Number(d.slice(0, 4));
  const month = Number(d.slice(5, 7));
  if (month >= 2 && month <= 7) return { name: ReportMsg.SPRING(year), start: `${year}-02-01`, end: `${year}-07-31` };
  const from = month === 1 ? year - 1 : year;
  return { name: ReportMsg.AUTUMN(from), start: `${from}-08-01`, end: `${from + 1}-01-31` };
}

/** A date range; both ends optional (the report picks its default), at most 366 days, start not after end. */
export interface ReportRange {
  start?: string | undefined;
  end?: string | undefined;
}

/** Report exports (spec §9): 0 a workbook of the figures, 2 a PDF with charts and tables. */
export const reportExportType = z.coerce
  .number({ error: ReportMsg.EXPORT_TYPE })
  .int({ error: ReportMsg.EXPORT_TYPE })
  .refine((n) => n === 0 || n === 2, { error: ReportMsg.EXPORT_TYPE })
  .default(0);

const rangeFields = { start: day.optional(), end: day.optional() };
const inOrder = (r: { start?: string | undefined; end?: string | undefined }) => !r.start || !r.end || r.start <= r.end;
const shortEnough = (r: { start?: string | undefined; end?: string | undefined }) =>
  !r.start || !r.end || daySpan(r.start, r.end) <= 366;
const ORDER = { error: ReportMsg.RANGE_ORDER };
const LENGTH = { error: ReportMsg.RANGE_TOO_LONG };

export const myReportQuery = z.object(rangeFields).refine(inOrder, ORDER).refine(shortEnough, LENGTH);
export const myReportExportQuery = z
  .object({ ...rangeFields, type: reportExportType })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const classReportQuery = z
  .object({ ...rangeFields, classId: id })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const classReportExportQuery = z
  .object({ ...rangeFields, classId: id, type: reportExportType })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const classStudentReportQuery = z
  .object({ ...rangeFields, classId: id, memberId: id })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const classStudentExportQuery = z
  .object({ ...rangeFields, classId: id, memberId: id, type: reportExportType })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const teachingReportQuery = myReportQuery;
export const teachingExportQuery = myReportExportQuery;
export const textbookReportQuery = z
  .object({ ...rangeFields, bookId: id.optional() })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const textbookExportQuery = z
  .object({ ...rangeFields, bookId: id.optional(), type: reportExportType })
  .refine(inOrder, ORDER)
  .refine(shortEnough, LENGTH);
export const monthStatisticsQuery = z.object({ bookId: id.optional() });

const int = z.number().int();
export const dayFigure = z.object({ day: z.string(), seconds: int, readers: int.optional() });
export type DayFigure = z.infer<typeof dayFigure>;

export const chapterFigure = z.object({
  path: z.string(),
  title: z.string(),
  /** How far the chapter was read, 0–1 (a class: the students' average). */
  read: z.number(),
  seconds: int,
  notes: int,
  highlights: int,
  /** Class reports: students who spent time in the chapter. */
  readers: int.optional(),
  /** Class reports: how much harder than the book's average chapter (time, notes, highlights per character), 0–100. */
  struggle: z.number().optional(),
});
export type ChapterFigure = z.infer<typeof chapterFigure>;

export const homeworkFigure = z.object({
  id: int,
  title: z.string(),
  day: z.string(),
  /** The member's score (study report) or the class's average (class report); null when not marked. */
  score: z.number().nullable(),
  fullScore: z.number().nullable(),
  /** Class report: students who submitted, of how many. */
  submitted: int.optional(),
  students: int.optional(),
});
export type HomeworkFigure = z.infer<typeof homeworkFigure>;

export const bookFigure = z.object({
  bookId: int,
  title: z.string(),
  progress: z.number(),
  seconds: int,
  days: int,
  notes: int,
  highlights: int,
  lastDay: z.string().nullable(),
  chapters: z.array(chapterFigure),
});
export type BookFigure = z.infer<typeof bookFigure>;

export const studyReport = z.object({
  title: z.string(),
  start: z.string(),
  end: z.string(),
  term: z.object({ name: z.string(), start: z.string(), end: z.string(), days: int }),
  seconds: int,
  days: int,
  notes: int,
  highlights: int,
  daily: z.array(dayFigure),
  books: z.array(bookFigure),
  /** Homework scores over time (work submitted within the range), oldest first; null without any. */
  homework: z.array(homeworkFigure).nullable(),
});
export type StudyReport = z.infer<typeof studyReport>;

export const studentFigure = z.object({
  memberId: int,
  name: z.string(),
  studentId: z.string(),
  opened: z.boolean(),
  progress: z.number(),
  seconds: int,
  days: int,
  notes: int,
  highlights: int,
  lastDay: z.string().nullable(),
  /**
   * Homework of the range (released, open on or before its end and due on or after its start): how many the
   * student submitted, and their average share of the full score (0–100); null without such homework.
   */
  homeworkDone: int.nullable().optional(),
  homeworkScore: z.number().nullable().optional(),
});
export type StudentFigure = z.infer<typeof studentFigure>;

export const scoreBand = z.object({ band: z.string(), students: int });

export const classReport = z.object({
  title: z.string(),
  classId: int,
  className: z.string(),
  bookId: int,
  bookName: z.string(),
  start: z.string(),
  end: z.string(),
  students: int,
  opened: int,
  avgProgress: z.number(),
  seconds: int,
  avgDays: z.number(),
  notes: int,
  highlights: int,
  roster: z.array(studentFigure),
  notOpened: z.array(z.object({ memberId: int, name: z.string(), studentId: z.string() })),
  sections: z.array(chapterFigure),
  daily: z.array(dayFigure),
  /**
   * The class's released homework the range covers (open on or before its end, due on or after its start), each
   * with submissions of the roster and the average score; students by their average share of the full score
   * (bands of SCORE_BANDS). Null without such homework.
   */
  homework: z.object({ items: z.array(homeworkFigure), bands: z.array(scoreBand) }).nullable(),
});
export type ClassReport = z.infer<typeof classReport>;

export const classSummary = z.object({
  classId: int,
  className: z.string(),
  bookId: int,
  bookName: z.string(),
  collegeName: z.string(),
  students: int,
  opened: int,
  avgProgress: z.number(),
  seconds: int,
  avgMinutes: z.number(),
  avgDays: z.number(),
  notes: int,
  highlights: int,
});
export type ClassSummary = z.infer<typeof classSummary>;

export const teachingReport = z.object({
  title: z.string(),
  start: z.string(),
  end: z.string(),
  classes: z.array(classSummary),
  daily: z.array(z.object({ day: z.string(), values: z.array(int) })),
});
export type TeachingReport = z.infer<typeof teachingReport>;

export const monthFigure = z.object({
  month: z.string(),
  /** Books published that month (the catalogue's figure). */
  count: int,
  /** Member-days of reading (one member reading on one day is one read). */
  reads: int,
  /** Distinct members who read. */
  readers: int,
});
export type MonthFigure = z.infer<typeof monthFigure>;

export const collegeUse = z.object({
  collegeId: int,
  collegeName: z.string(),
  classes: int,
  students: int,
  opened: int,
  seconds: int,
  avgProgress: z.number(),
});
export type CollegeUse = z.infer<typeof collegeUse>;

export const textbookReport = z.object({
  title: z.string(),
  books: z.array(z.object({ id: int, title: z.string() })),
  bookId: int.nullable(),
  start: z.string(),
  end: z.string(),
  colleges: z.array(collegeUse),
  classes: z.array(classSummary),
  sections: z.array(chapterFigure),
  months: z.array(monthFigure),
});
export type TextbookReport = z.infer<typeof textbookReport>;
