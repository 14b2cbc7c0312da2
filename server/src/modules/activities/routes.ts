import { z } from 'zod';
import {
  activityCopyBody,
  activityCreate,
  activityIdBody,
  activityIdQuery,
  activityListQuery,
  activityLive,
  ActivityLimits,
  ActivityMsg,
  activityRow,
  activityUpdate,
  checkinAnswer,
  checkinBody,
  classActivitiesQuery,
  quizAnswerBody,
  quizSubmitAnswer,
  replyBody,
  replyIdBody,
  replyRow,
  studentActivityDetail,
  studentActivityRow,
} from '@textbook/contracts';
import { downloadAnswer, readUpload } from '../../http/files.js';
import { sendStored } from '../../http/stored-file.js';
import { defineModule, route, say, type RateLimit } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import * as activities from './service.js';
import * as material from './material.js';

/** Check-in codes are 4 digits: 10 tries a minute a student keeps guessing out of reach within a class. */
const CHECKIN: RateLimit = { max: 10, windowMs: 60_000, message: ActivityMsg.CHECKIN_TOO_OFTEN, bucket: 'checkin' };

/**
 * Teaching activities (spec §7 /teachActivity, issue 17). The teacher's routes are `activity.manage` on the class
 * or activity they load, behind the `activity.teach` gate; a student's are `activity.attend` (an approved student
 * of the class); discussion replies and material downloads are `activity.view` (either).
 */
export const activitiesModule = defineModule({
  prefix: '/api/teachActivity',
  tag: 'activities',
  routes: [
    route({
      method: 'GET',
      url: '/getList',
      summary: "A class's activities (drafts too, with check-in codes), optionally of one section",
      policy: 'activity.manage',
      gate: 'activity.teach',
      query: activityListQuery,
      answer: z.array(activityRow),
      load: ({ ctx, actor, query }) => activities.loadClassThing(ctx, actor, query.classId),
      handler: ({ ctx, thing, query }) => activities.teacherList(ctx, thing, query.sectionId),
    }),
    route({
      method: 'POST',
      url: '/save',
      summary: 'Plan an activity (a draft): check-in, discussion, quiz from bank questions or material',
      policy: 'activity.manage',
      gate: 'activity.teach',
      body: activityCreate,
      answer: activityRow,
      load: ({ ctx, actor, body }) => activities.loadClassThing(ctx, actor, body.classId),
      handler: ({ ctx, actor, thing, body }) => activities.create(ctx, asMember(actor), thing, body),
    }),
    route({
      method: 'POST',
      url: '/update',
      summary: 'Edit a draft activity (its kind and class stay)',
      policy: 'activity.manage',
      gate: 'activity.teach',
      body: activityUpdate,
      answer: activityRow,
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: ({ ctx, actor, thing, body }) => activities.update(ctx, asMember(actor), thing, body),
    }),
    route({
      method: 'POST',
      url: '/upload',
      summary: "A material activity's file (multipart, field file; replaces the one before)",
      policy: 'activity.manage',
      gate: 'activity.teach',
      upload: true,
      bodyLimit: ActivityLimits.FILE_MAX_BYTES + 1024 * 1024,
      query: activityIdQuery,
      answer: activityRow,
      load: ({ ctx, actor, query }) => activities.loadActivityThing(ctx, actor, query.id),
      handler: async ({ ctx, thing, request }) => {
        const file = await readUpload(request, {
          maxBytes: ActivityLimits.FILE_MAX_BYTES,
          missing: ActivityMsg.FILE_REQUIRED,
          tooLarge: ActivityMsg.FILE_TOO_LARGE,
        });
        return material.attachFile(ctx, thing, file);
      },
    }),
    route({
      method: 'POST',
      url: '/open',
      summary: 'Open a draft: a check-in gets its code, a quiz snapshots its questions; the students are told',
      policy: 'activity.manage',
      gate: 'activity.teach',
      body: activityIdBody,
      answer: activityRow,
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: ({ ctx, actor, thing }) => activities.open(ctx, asMember(actor), thing),
    }),
    route({
      method: 'POST',
      url: '/close',
      summary: "Close an open activity (check-ins and answers stop; a quiz's answers become visible)",
      policy: 'activity.manage',
      gate: 'activity.teach',
      body: activityIdBody,
      answer: activityRow,
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: ({ ctx, thing }) => activities.close(ctx, thing),
    }),
    route({
      method: 'POST',
      url: '/delete',
      summary: 'Delete an activity with its check-ins, replies, answers and file',
      policy: 'activity.manage',
      gate: 'activity.teach',
      body: activityIdBody,
      answer: z.null(),
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: async ({ ctx, thing }) => {
        await activities.remove(ctx, thing);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/copy',
      summary: "Copy an activity to another of the teacher's classes, as a new draft",
      policy: 'activity.copy',
      gate: 'activity.teach',
      body: activityCopyBody,
      answer: activityRow,
      load: async ({ ctx, actor, body }) => {
        const from = await activities.loadActivityThing(ctx, actor, body.id);
        const to = await activities.loadClassThing(ctx, actor, body.classId);
        return { from, to };
      },
      handler: async ({ ctx, thing }) =>
        say(ActivityMsg.COPY_DONE(thing.to.className), await activities.copy(ctx, thing.from, thing.to)),
    }),
    route({
      method: 'GET',
      url: '/live',
      summary: 'Live view: who checked in (and who not yet), the replies, the quiz results per option',
      policy: 'activity.manage',
      gate: 'activity.teach',
      query: activityIdQuery,
      answer: activityLive,
      load: ({ ctx, actor, query }) => activities.loadActivityThing(ctx, actor, query.id),
      handler: ({ ctx, thing }) => activities.live(ctx, thing),
    }),
    route({
      method: 'POST',
      url: '/reply/delete',
      summary: 'Remove a reply from a discussion (its teacher)',
      policy: 'activity.manage',
      gate: 'activity.teach',
      body: replyIdBody,
      answer: z.null(),
      load: ({ ctx, actor, body }) => activities.loadReplyThing(ctx, actor, body.replyId),
      handler: async ({ ctx, thing }) => {
        await activities.deleteReply(ctx, thing.replyId);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/student/list',
      summary: "A class's open and closed activities for one of its students, with their own part",
      policy: 'activity.attend',
      query: classActivitiesQuery,
      answer: z.array(studentActivityRow),
      load: ({ ctx, actor, query }) => activities.loadClassThing(ctx, actor, query.classId),
      handler: ({ ctx, actor, thing }) => activities.studentList(ctx, asMember(actor), thing),
    }),
    route({
      method: 'GET',
      url: '/student/detail',
      summary: 'One activity for a student: the discussion, the quiz (answers once it is closed)',
      policy: 'activity.attend',
      query: activityIdQuery,
      answer: studentActivityDetail,
      load: ({ ctx, actor, query }) => activities.loadActivityThing(ctx, actor, query.id),
      handler: ({ ctx, actor, thing }) => activities.studentDetail(ctx, asMember(actor), thing),
    }),
    route({
      method: 'POST',
      url: '/checkin',
      summary: 'Check in with the code: on time, late, or refused (wrong, expired, closed, already)',
      policy: 'activity.attend',
      rateLimit: CHECKIN,
      body: checkinBody,
      answer: checkinAnswer,
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: async ({ ctx, actor, thing, body }) => {
        const done = await activities.checkin(ctx, asMember(actor), thing, body.code);
        return say(done.status === 'late' ? ActivityMsg.CHECKIN_LATE : ActivityMsg.CHECKIN_OK, done);
      },
    }),
    route({
      method: 'POST',
      url: '/quiz/submit',
      summary: 'Submit the answers of an open quiz (once); graded at once, shown after it closes',
      policy: 'activity.attend',
      body: quizAnswerBody,
      answer: quizSubmitAnswer,
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: ({ ctx, actor, thing, body }) => activities.answerQuiz(ctx, asMember(actor), thing, body),
    }),
    route({
      method: 'POST',
      url: '/reply',
      summary: 'Reply to an open discussion (its teacher or students); kept and shown as plain text',
      policy: 'activity.view',
      body: replyBody,
      answer: replyRow,
      load: ({ ctx, actor, body }) => activities.loadActivityThing(ctx, actor, body.id),
      handler: ({ ctx, actor, thing, body }) => activities.reply(ctx, asMember(actor), thing, body.content),
    }),
    route({
      method: 'GET',
      url: '/download',
      summary: "A material activity's file (its teacher; its students once it is open)",
      policy: 'activity.view',
      query: activityIdQuery,
      load: ({ ctx, actor, query }) => activities.loadActivityThing(ctx, actor, query.id),
      handler: ({ ctx, actor, thing, request, reply }) => {
        const file = material.materialFile(asMember(actor), thing);
        return sendStored(request, reply, ctx.files.site, file.key, {
          ...downloadAnswer('bin', file.fileName),
          missing: ActivityMsg.NO_FILE,
        });
      },
    }),
  ],
});
