import { z } from 'zod';
import {
  homeworkClass,
  homeworkConfig,
  homeworkDeleteQuery,
  homeworkExpireRow,
  homeworkIdParams,
  homeworkIdQuery,
  homeworkReleaseBody,
  homeworkRow,
  homeworkSave,
  homeworkSectionNode,
  homeworkUpdate,
  HomeworkMsg,
  noticeItem,
  pageQuery,
  paged,
  reviewBody,
  sectionTreeQuery,
  studentChapterQuery,
  studentHomeworkInfo,
  studentHomeworkRow,
  studentListQuery,
  studentSaveAnswer,
  studentSaveBody,
  studentSubmitAnswer,
  studentSubmitBody,
  teacherChapterQuery,
  teacherHomeworkInfo,
  teacherTimeQuery,
} from '@textbook/contracts';
import { defineModule, route, say } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import { review, teacherInfo } from './marking.js';
import { HOMEWORK_CONFIG, loadClass, loadForStudent, loadHomework, loadSubmission } from './records.js';
import { startReminderJob } from './reminders.js';
import {
  expiringSoon,
  homeworkNotices,
  studentByChapter,
  studentInfo,
  studentList,
  studentSave,
  studentSubmit,
} from './student.js';
import {
  classList,
  deleteHomework,
  listByChapter,
  listByTime,
  releaseHomework,
  saveHomework,
  sectionTree,
  updateHomework,
} from './teacher.js';

const memberIdOf = (actor: { kind: string; memberId?: number }) => (actor.kind === 'member' ? actor.memberId! : null);

/**
 * Homework (spec §7 Teaching and homework, issue 17). The teacher's routes load the class or homework they are
 * about and decide `homework.manage` on it (its class's teacher, in their current college) behind the
 * `homework.teach` gate; a student's routes about one homework decide `homework.answer` (an approved student
 * of its class, released homework). Lists only ever read the caller's own classes.
 */
export const homeworkModule = defineModule({
  prefix: '/api/homework',
  tag: 'homework',
  setup: (app, ctx) => {
    ctx.local('homework:reminderJob', () => startReminderJob(ctx, app.log));
  },
  routes: [
    route({
      method: 'GET',
      url: '/teacher/getClassList',
      summary: "The teacher's classes in the current college with their book and homework counts",
      policy: 'homework.teach',
      answer: z.array(homeworkClass),
      handler: ({ ctx, actor }) => classList(ctx, asMember(actor)),
    }),
    route({
      method: 'POST',
      url: '/teacher/save',
      summary:
        'Save new homework as a draft: picked questions and ones drawn at random from a group, scores, times, late rule',
      policy: 'homework.manage',
      gate: 'homework.teach',
      body: homeworkSave,
      answer: homeworkRow,
      load: ({ ctx, body }) => loadClass(ctx, body.classId),
      handler: ({ ctx, actor, thing, body }) => saveHomework(ctx, asMember(actor), thing, body),
    }),
    route({
      method: 'POST',
      url: '/teacher/update',
      summary: 'Edit homework: a draft fully; released homework its title, description, times and late rule only',
      policy: 'homework.manage',
      gate: 'homework.teach',
      body: homeworkUpdate,
      answer: homeworkRow,
      load: ({ ctx, body }) => loadHomework(ctx, body.id),
      handler: ({ ctx, actor, thing, body }) => updateHomework(ctx, asMember(actor), thing, body),
    }),
    route({
      method: 'GET',
      url: '/teacher/listByChapter',
      summary: "A class's homework, of one chapter (sectionId) or all, with submission counts",
      policy: 'homework.manage',
      gate: 'homework.teach',
      query: teacherChapterQuery,
      answer: z.array(homeworkRow),
      load: ({ ctx, query }) => loadClass(ctx, query.classId),
      handler: ({ ctx, thing, query }) => listByChapter(ctx, thing, query.sectionId),
    }),
    route({
      method: 'GET',
      url: '/teacher/listByTime',
      summary: "The teacher's homework by deadline (from, to: China time), of one class or all, paged",
      policy: 'homework.teach',
      query: teacherTimeQuery,
      answer: paged(homeworkRow),
      handler: ({ ctx, actor, query }) => listByTime(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/teacher/info',
      summary:
        "One homework for its teacher: questions with answers, each student's work and score, per-question statistics",
      policy: 'homework.manage',
      gate: 'homework.teach',
      query: homeworkIdQuery,
      answer: teacherHomeworkInfo,
      load: ({ ctx, query }) => loadHomework(ctx, query.id),
      handler: ({ ctx, thing }) => teacherInfo(ctx, thing),
    }),
    route({
      method: 'POST',
      url: '/teacher/delete/:id',
      summary: 'Delete homework; released homework with submissions asks first (601) and needs confirm=1',
      policy: 'homework.manage',
      gate: 'homework.teach',
      params: homeworkIdParams,
      query: homeworkDeleteQuery,
      answer: z.null(),
      load: ({ ctx, params }) => loadHomework(ctx, params.id),
      handler: async ({ ctx, thing, query }) => {
        await deleteHomework(ctx, thing, query.confirm === '1');
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/teacher/release',
      summary: "Release a draft: its questions are snapshotted, the class's students get a notice",
      policy: 'homework.manage',
      gate: 'homework.teach',
      body: homeworkReleaseBody,
      answer: homeworkRow,
      load: ({ ctx, body }) => loadHomework(ctx, body.id),
      handler: ({ ctx, actor, thing }) => releaseHomework(ctx, asMember(actor), thing),
    }),
    route({
      method: 'POST',
      url: '/teacher/reviewHomework/:id',
      summary: 'Review a submission (id): score and comment per question; the total is summed again',
      policy: 'homework.manage',
      gate: 'homework.teach',
      params: homeworkIdParams,
      body: reviewBody,
      answer: z.object({ score: z.number(), status: z.number().int() }),
      load: ({ ctx, params }) => loadSubmission(ctx, params.id),
      handler: ({ ctx, thing, body }) => review(ctx, thing, body),
    }),
    route({
      method: 'GET',
      url: '/sectionTree',
      summary: "The book's section tree with the caller's homework count per node (teacher: theirs; student: released)",
      policy: 'homework.tree',
      query: sectionTreeQuery,
      answer: z.array(homeworkSectionNode),
      handler: ({ ctx, actor, query }) => sectionTree(ctx, asMember(actor), query.bookId, query.classId),
    }),
    route({
      method: 'GET',
      url: '/homeworConfigId',
      summary: "The homework configuration (id 1, the platform's): the teacher form's late rules and defaults",
      policy: 'homework.teach',
      answer: homeworkConfig,
      handler: () => HOMEWORK_CONFIG,
    }),
    route({
      method: 'GET',
      url: '/student/listByChapter',
      summary: "The student's released homework of a book, of one chapter (sectionId) or all",
      policy: 'homework.study',
      query: studentChapterQuery,
      answer: z.array(studentHomeworkRow),
      handler: ({ ctx, actor, query }) => studentByChapter(ctx, asMember(actor), query.bookId, query.sectionId),
    }),
    route({
      method: 'GET',
      url: '/student/list',
      summary: "All the student's homework: open work first by deadline, then the rest; state todo/done",
      policy: 'homework.study',
      query: studentListQuery,
      answer: paged(studentHomeworkRow),
      handler: ({ ctx, actor, query }) => studentList(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/student/info',
      summary:
        'One homework for its student: questions (answers and analysis only after the deadline), the draft or work',
      policy: 'homework.answer',
      gate: 'homework.study',
      query: homeworkIdQuery,
      answer: studentHomeworkInfo,
      load: ({ ctx, actor, query }) => loadForStudent(ctx, memberIdOf(actor), query.id),
      handler: ({ ctx, actor, thing }) => studentInfo(ctx, asMember(actor), thing.homework),
    }),
    route({
      method: 'POST',
      url: '/student/save',
      summary: "Save the student's draft answers (auto-save while writing); refused once submitted",
      policy: 'homework.answer',
      gate: 'homework.study',
      body: studentSaveBody,
      answer: studentSaveAnswer,
      load: ({ ctx, actor, body }) => loadForStudent(ctx, memberIdOf(actor), body.id),
      handler: async ({ ctx, actor, thing, body }) =>
        say(HomeworkMsg.SAVED, await studentSave(ctx, asMember(actor), thing.homework, body.answers)),
    }),
    route({
      method: 'POST',
      url: '/student/submit',
      summary: 'Submit once (objective questions graded now); a second or concurrent press changes nothing',
      policy: 'homework.answer',
      gate: 'homework.study',
      body: studentSubmitBody,
      answer: studentSubmitAnswer,
      load: ({ ctx, actor, body }) => loadForStudent(ctx, memberIdOf(actor), body.id),
      handler: async ({ ctx, actor, thing, body }) =>
        say(HomeworkMsg.SUBMIT_OK, await studentSubmit(ctx, asMember(actor), thing.homework, body.answers)),
    }),
    route({
      method: 'GET',
      url: '/student/expireNotice',
      summary: "The student's unsubmitted homework due within the reminder window (the job also sends a notice once)",
      policy: 'homework.study',
      answer: z.array(homeworkExpireRow),
      handler: ({ ctx, actor }) => expiringSoon(ctx, asMember(actor)),
    }),
    route({
      method: 'GET',
      url: '/student/notice',
      summary: "The student's homework notices (released, reminders, reviewed), newest first",
      policy: 'homework.study',
      query: pageQuery,
      answer: paged(noticeItem),
      handler: ({ ctx, actor, query }) => homeworkNotices(ctx, asMember(actor), query),
    }),
  ],
});
