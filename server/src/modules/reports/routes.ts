import { z } from 'zod';
import {
  classReport,
  classReportExportQuery,
  classReportQuery,
  classStudentExportQuery,
  classStudentReportQuery,
  monthFigure,
  monthStatisticsQuery,
  myReportExportQuery,
  myReportQuery,
  studyReport,
  teachingExportQuery,
  teachingReport,
  teachingReportQuery,
  textbookExportQuery,
  textbookReport,
  textbookReportQuery,
} from '@textbook/contracts';
import { sendDownload } from '../../http/files.js';
import { defineModule, HEAVY, route } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import { classDoc, exportDoc, studyDoc, teachingDoc, textbookDoc } from './exports.js';
import * as classReports from './class-report.js';
import * as reports from './service.js';
import * as study from './study-report.js';

/** The college of a college administrator's report: the one they work in now (the policy saw it is set). */
const collegeOf = (actor: Parameters<typeof asMember>[0]) => asMember(actor).collegeId!;

/**
 * Reports (spec §7 `/api/myReport/*`, `/api/classReport/*`, `/api/book/month/statistics`; issue 18). The figures
 * come from the reading rollups (`modules/rollups`), never from the reader's raw events. A study report is
 * the caller's own; a class report loads the class and is its teacher's; exports are type 0 (xlsx) or 2 (pdf)
 * of the same figures, written in the worker pool.
 */
export const reportsModule = defineModule({
  prefix: '/api',
  tag: 'reports',
  routes: [
    route({
      method: 'GET',
      url: '/myReport/overview',
      summary: "The caller's study report: reading time per day, books and chapters with progress, term days, notes",
      policy: 'report.mine',
      query: myReportQuery,
      answer: studyReport,
      handler: ({ ctx, actor, query }) => study.myReport(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/myReport/export',
      summary: "The caller's study report as a file: type 0 xlsx (figures), 2 pdf (charts and tables)",
      policy: 'report.mine',
      rateLimit: HEAVY,
      query: myReportExportQuery,
      handler: async ({ ctx, actor, query, reply }) =>
        sendDownload(
          reply,
          await exportDoc(ctx, studyDoc(await study.myReport(ctx, asMember(actor), query)), query.type),
        ),
    }),
    route({
      method: 'GET',
      url: '/classReport/detail',
      summary:
        "A class's report: each student's progress, time and days, who has not opened the book, the struggle map",
      policy: 'report.class',
      gate: 'report.teach',
      query: classReportQuery,
      answer: classReport,
      load: ({ ctx, query }) => classReports.loadReportClass(ctx, query.classId),
      handler: ({ ctx, thing, query }) => classReports.classReport(ctx, thing, query),
    }),
    route({
      method: 'GET',
      url: '/classReport/export',
      summary: "A class's report as a file: type 0 xlsx, 2 pdf",
      policy: 'report.class',
      gate: 'report.teach',
      rateLimit: HEAVY,
      query: classReportExportQuery,
      load: ({ ctx, query }) => classReports.loadReportClass(ctx, query.classId),
      handler: async ({ ctx, thing, query, reply }) =>
        sendDownload(
          reply,
          await exportDoc(ctx, classDoc(await classReports.classReport(ctx, thing, query)), query.type),
        ),
    }),
    route({
      method: 'GET',
      url: '/classReport/student',
      summary: "One student's study report within a class (the class's book): 404 for a member not in the class",
      policy: 'report.class',
      gate: 'report.teach',
      query: classStudentReportQuery,
      answer: studyReport,
      load: ({ ctx, query }) => classReports.loadClassStudent(ctx, query.classId, query.memberId),
      handler: ({ ctx, thing, query }) => classReports.studentInClass(ctx, thing, query),
    }),
    route({
      method: 'GET',
      url: '/classReport/studentExport',
      summary: "One student's report within a class as a file: type 0 xlsx, 2 pdf",
      policy: 'report.class',
      gate: 'report.teach',
      rateLimit: HEAVY,
      query: classStudentExportQuery,
      load: ({ ctx, query }) => classReports.loadClassStudent(ctx, query.classId, query.memberId),
      handler: async ({ ctx, thing, query, reply }) =>
        sendDownload(
          reply,
          await exportDoc(ctx, studyDoc(await classReports.studentInClass(ctx, thing, query)), query.type),
        ),
    }),
    route({
      method: 'GET',
      url: '/classReport/teaching',
      summary: "The teaching report: the caller's classes in the current college side by side",
      policy: 'report.teach',
      query: teachingReportQuery,
      answer: teachingReport,
      handler: ({ ctx, actor, query }) => reports.teachingReport(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/classReport/teachingExport',
      summary: 'The teaching report as a file: type 0 xlsx, 2 pdf',
      policy: 'report.teach',
      rateLimit: HEAVY,
      query: teachingExportQuery,
      handler: async ({ ctx, actor, query, reply }) =>
        sendDownload(
          reply,
          await exportDoc(ctx, teachingDoc(await reports.teachingReport(ctx, asMember(actor), query)), query.type),
        ),
    }),
    route({
      method: 'GET',
      url: '/classReport/textbook',
      summary: "A book's use in the administrator's college: classes, students, chapters, months",
      policy: 'report.college',
      query: textbookReportQuery,
      answer: textbookReport,
      handler: ({ ctx, actor, query }) => reports.textbookReport(ctx, collegeOf(actor), query),
    }),
    route({
      method: 'GET',
      url: '/classReport/textbookExport',
      summary: "A book's use in the administrator's college as a file: type 0 xlsx, 2 pdf",
      policy: 'report.college',
      rateLimit: HEAVY,
      query: textbookExportQuery,
      handler: async ({ ctx, actor, query, reply }) =>
        sendDownload(
          reply,
          await exportDoc(ctx, textbookDoc(await reports.textbookReport(ctx, collegeOf(actor), query)), query.type),
        ),
    }),
    route({
      method: 'GET',
      url: '/book/month/statistics',
      summary:
        'Per month of the last twelve: books published (count), reads (member-days of reading) and readers; ' +
        'of one book with bookId. Aggregates only',
      policy: 'book.browse',
      query: monthStatisticsQuery,
      answer: z.array(monthFigure),
      handler: ({ ctx, query }) => reports.monthFigures(ctx, { bookId: query.bookId }),
    }),
  ],
});

/** The publisher's staff: a book's use across every class and college. */
export const reportAdminModule = defineModule({
  prefix: '/api/admin/report',
  tag: 'reports',
  routes: [
    route({
      method: 'GET',
      url: '/textbook',
      summary: "A book's use across every college and class: classes, students, chapters, months",
      policy: 'report.staff',
      query: textbookReportQuery,
      answer: textbookReport,
      handler: ({ ctx, query }) => reports.textbookReport(ctx, null, query),
    }),
    route({
      method: 'GET',
      url: '/textbookExport',
      summary: "A book's use across every college as a file: type 0 xlsx, 2 pdf",
      policy: 'report.staff',
      rateLimit: HEAVY,
      query: textbookExportQuery,
      handler: async ({ ctx, query, reply }) =>
        sendDownload(
          reply,
          await exportDoc(ctx, textbookDoc(await reports.textbookReport(ctx, null, query)), query.type),
        ),
    }),
  ],
});
