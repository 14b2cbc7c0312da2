import { z } from 'zod';
import {
  approveBatch,
  classIdQuery,
  classRow,
  classStudentRow,
  codeCheckResult,
  codeQuery,
  exportBody,
  idQuery,
  joinForm,
  joinResult,
  myClassRow,
  pageQuery,
  paged,
  studentIds,
  studentPageQuery,
  studentUpdate,
  verifyCollegeResult,
  ClassMsg,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { sendDownload } from '../../http/files.js';
import { CLASS_CODE, HEAVY, route, say } from '../../http/module.js';
import { asJson } from '../../http/read-cache.js';
import { asMember } from '../../policies/helpers.js';
import * as joiner from './joiner.js';
import * as classes from './service.js';
import * as students from './students.js';

const NO_PAGE = pageQuery.parse({});

/** The class of a code, for the join form's checks; an unknown code is said as such. */
async function classOfCode(ctx: AppContext, code: string) {
  const cls = await joiner.findByCode(ctx, code);
  if (!cls) throw refused(ClassMsg.CODE_UNKNOWN);
  return cls;
}

/** Students of classes (spec §7 Classes, students): joining, my classes, leaving, admission details. */
export const studentRoutes = [
  route({
    method: 'GET',
    url: '/detail',
    summary: 'One class of the teacher, with counts',
    policy: 'class.manage',
    gate: 'class.teach',
    query: idQuery,
    answer: classRow,
    load: ({ ctx, query }) => classes.loadClass(ctx, query.id),
    handler: ({ thing }) => classes.presentClass(thing),
  }),
  route({
    method: 'GET',
    url: '/checkCode',
    summary: "Live class-code check while typing: status '1' and '3' block joining, msg says why",
    policy: 'class.join',
    rateLimit: CLASS_CODE,
    query: codeQuery,
    answer: codeCheckResult,
    handler: ({ ctx, actor, query }) => joiner.checkCode(ctx, asMember(actor), query.activationCode),
  }),
  route({
    method: 'GET',
    url: '/verifyCollege',
    summary: "The class's college against the member's: 0 same, 1 another of theirs (switch), 2 not theirs",
    policy: 'class.join',
    rateLimit: CLASS_CODE,
    query: codeQuery,
    answer: verifyCollegeResult,
    handler: async ({ ctx, actor, query }) =>
      joiner.verifyCollege(ctx, asMember(actor), await classOfCode(ctx, query.activationCode)),
  }),
  route({
    method: 'GET',
    url: '/hasJoint',
    summary: 'Whether the member is already in the class of the code (approved or pending)',
    policy: 'class.join',
    rateLimit: CLASS_CODE,
    query: codeQuery,
    answer: z.boolean(),
    handler: async ({ ctx, actor, query }) =>
      joiner.hasJoined(ctx, asMember(actor), await classOfCode(ctx, query.activationCode)),
  }),
  route({
    method: 'POST',
    url: '/student/join',
    summary: 'Join with a class code: status 0 pending review, 1 joined, 2 outside the validity period',
    policy: 'class.join',
    rateLimit: CLASS_CODE,
    body: joinForm,
    answer: joinResult,
    handler: async ({ ctx, actor, body }) => {
      const result = await joiner.joinClass(ctx, asMember(actor), body);
      return say(result.msg, result);
    },
  }),
  route({
    method: 'POST',
    url: '/student/myClass',
    summary: "The member's classes (any status)",
    policy: 'class.join',
    body: pageQuery.optional(),
    answer: paged(myClassRow),
    // The body was validated (and its defaults filled) by the route's schema; only a missing one is read here.
    handler: ({ ctx, actor, body }) => asJson(students.myClasses(ctx, asMember(actor), body ?? NO_PAGE)),
  }),
  route({
    method: 'GET',
    url: '/student/exit',
    summary: 'Leave a class; its shelf entry goes unless another source grants the book',
    policy: 'class.join',
    query: classIdQuery,
    answer: z.null(),
    handler: async ({ ctx, actor, query }) => {
      await students.exitClass(ctx, asMember(actor), query.classId);
      return null;
    },
  }),
  route({
    method: 'GET',
    url: '/student/page',
    summary: 'Students of a class (teacher only)',
    policy: 'class.manage',
    gate: 'class.teach',
    query: studentPageQuery,
    answer: paged(classStudentRow),
    load: ({ ctx, query }) => classes.loadClass(ctx, query.classId),
    handler: ({ ctx, thing, query }) => students.studentPage(ctx, thing.id, query),
  }),
  route({
    method: 'POST',
    url: '/student/update',
    summary: "Edit a student's id and name in the class",
    policy: 'class.manageStudents',
    gate: 'class.teach',
    body: studentUpdate,
    answer: z.null(),
    load: ({ ctx, body }) => students.loadStudents(ctx, [body.id]),
    handler: async ({ ctx, thing, body }) => {
      await students.updateStudent(ctx, thing[0]!, body);
      return null;
    },
  }),
  route({
    method: 'GET',
    url: '/student/getApprove',
    summary: 'Students waiting for approval',
    policy: 'class.manage',
    gate: 'class.teach',
    query: classIdQuery,
    answer: z.array(classStudentRow),
    load: ({ ctx, query }) => classes.loadClass(ctx, query.classId),
    handler: ({ ctx, thing }) => students.pending(ctx, thing.id),
  }),
  route({
    method: 'POST',
    url: '/student/updateBatch',
    summary: 'Approve (1) or reject (2) pending students in one go; answers how many changed',
    policy: 'class.manageStudents',
    gate: 'class.teach',
    body: approveBatch,
    answer: z.number().int(),
    load: ({ ctx, body }) => students.loadStudents(ctx, body.ids),
    handler: ({ ctx, thing, body }) => students.decide(ctx, thing, body.status),
  }),
  route({
    method: 'POST',
    url: '/student/remove',
    summary: 'Remove students from their class (with the shelf entries the class gave)',
    policy: 'class.manageStudents',
    gate: 'class.teach',
    body: studentIds,
    answer: z.null(),
    load: ({ ctx, body }) => students.loadStudents(ctx, body.ids),
    handler: async ({ ctx, thing }) => {
      await students.removeStudents(ctx, thing);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/student/export',
    summary: 'The class’s students as an xlsx file (errors answer the JSON envelope)',
    policy: 'class.manage',
    rateLimit: HEAVY,
    gate: 'class.teach',
    body: exportBody,
    load: ({ ctx, body }) => classes.loadClass(ctx, body.classId),
    handler: async ({ ctx, thing, body, reply }) => {
      const file = await students.exportStudents(ctx, thing, body.status);
      return sendDownload(reply, { kind: 'xlsx', fileName: file.fileName, bytes: file.buffer });
    },
  }),
];
