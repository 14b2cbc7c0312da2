import { z } from 'zod';
import {
  approveBatch,
  classIdQuery,
  classRow,
  classStudentRow,
  codeCheckResult,
  codeQuery,
  envelope,
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
import type { Actor } from '../../http/actor.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { refused } from '../../http/errors.js';
import { authorize } from '../../policies/index.js';
import * as joiner from './joiner.js';
import { asMember } from '../../policies/helpers.js';
import * as classes from './service.js';
import * as students from './students.js';

/** Students of classes (spec §7 Classes, students): joining, my classes, leaving, admission details. */
export const studentRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['classes'];
  const okNull = { 200: envelope(z.null()) };

  async function manageable(actor: Actor, id: number) {
    // Role first, so a visitor or a student learns nothing about which classes exist.
    authorize(actor, 'class.teach');
    const cls = await classes.loadClass(ctx, id);
    authorize(actor, 'class.manage', cls);
    return cls;
  }

  /** Loads student rows and lets only the teacher of every one of their classes past. */
  async function manageableStudents(actor: Actor, ids: number[]) {
    authorize(actor, 'class.teach');
    const rows = await students.loadStudents(ctx, ids);
    for (const row of rows) authorize(actor, 'class.manage', row);
    return rows;
  }

  async function classOfCode(actor: Actor, code: string) {
    authorize(actor, 'class.join');
    const cls = await joiner.findByCode(ctx, code);
    if (!cls) throw refused(ClassMsg.CODE_UNKNOWN);
    return cls;
  }

  r.get(
    '/api/class/detail',
    {
      schema: {
        tags,
        summary: 'One class of the teacher, with counts',
        querystring: idQuery,
        response: { 200: envelope(classRow) },
      },
    },
    async (request) => ok(classes.presentClass(await manageable(request.actor, request.query.id))),
  );

  r.get(
    '/api/class/checkCode',
    {
      schema: {
        tags,
        summary: "Live class-code check while typing: status '1' and '3' block joining, msg says why",
        querystring: codeQuery,
        response: { 200: envelope(codeCheckResult) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.join');
      return ok(await joiner.checkCode(ctx, asMember(request.actor), request.query.activationCode));
    },
  );

  r.get(
    '/api/class/verifyCollege',
    {
      schema: {
        tags,
        summary: "The class's college against the member's: 0 same, 1 another of theirs (switch), 2 not theirs",
        querystring: codeQuery,
        response: { 200: envelope(verifyCollegeResult) },
      },
    },
    async (request) => {
      const cls = await classOfCode(request.actor, request.query.activationCode);
      return ok(await joiner.verifyCollege(ctx, asMember(request.actor), cls));
    },
  );

  r.get(
    '/api/class/hasJoint',
    {
      schema: {
        tags,
        summary: 'Whether the member is already in the class of the code (approved or pending)',
        querystring: codeQuery,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request) => {
      const cls = await classOfCode(request.actor, request.query.activationCode);
      return ok(await joiner.hasJoined(ctx, asMember(request.actor), cls));
    },
  );

  r.post(
    '/api/class/student/join',
    {
      schema: {
        tags,
        summary: 'Join with a class code: status 0 pending review, 1 joined, 2 outside the validity period',
        body: joinForm,
        response: { 200: envelope(joinResult) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.join');
      const result = await joiner.joinClass(ctx, asMember(request.actor), request.body);
      return ok(result, result.msg);
    },
  );

  r.post(
    '/api/class/student/myClass',
    {
      schema: {
        tags,
        summary: "The member's classes (any status)",
        body: pageQuery.optional(),
        response: { 200: envelope(paged(myClassRow)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.join');
      const query = pageQuery.parse(request.body ?? {});
      return ok(await students.myClasses(ctx, asMember(request.actor), query));
    },
  );

  r.get(
    '/api/class/student/exit',
    {
      schema: {
        tags,
        summary: 'Leave a class; its shelf entry goes unless another source grants the book',
        querystring: classIdQuery,
        response: okNull,
      },
    },
    async (request) => {
      authorize(request.actor, 'class.join');
      await students.exitClass(ctx, asMember(request.actor), request.query.classId);
      return ok(null);
    },
  );

  r.get(
    '/api/class/student/page',
    {
      schema: {
        tags,
        summary: 'Students of a class (teacher only)',
        querystring: studentPageQuery,
        response: { 200: envelope(paged(classStudentRow)) },
      },
    },
    async (request) => {
      await manageable(request.actor, request.query.classId);
      return ok(await students.studentPage(ctx, request.query.classId, request.query));
    },
  );

  r.post(
    '/api/class/student/update',
    {
      schema: { tags, summary: "Edit a student's id and name in the class", body: studentUpdate, response: okNull },
    },
    async (request) => {
      const [row] = await manageableStudents(request.actor, [request.body.id]);
      await students.updateStudent(ctx, row!, request.body);
      return ok(null);
    },
  );

  r.get(
    '/api/class/student/getApprove',
    {
      schema: {
        tags,
        summary: 'Students waiting for approval',
        querystring: classIdQuery,
        response: { 200: envelope(z.array(classStudentRow)) },
      },
    },
    async (request) => {
      await manageable(request.actor, request.query.classId);
      return ok(await students.pending(ctx, request.query.classId));
    },
  );

  r.post(
    '/api/class/student/updateBatch',
    {
      schema: {
        tags,
        summary: 'Approve (1) or reject (2) pending students in one go; answers how many changed',
        body: approveBatch,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) => {
      const rows = await manageableStudents(request.actor, request.body.ids);
      return ok(await students.decide(ctx, rows, request.body.status));
    },
  );

  r.post(
    '/api/class/student/remove',
    {
      schema: {
        tags,
        summary: 'Remove students from their class (with the shelf entries the class gave)',
        body: studentIds,
        response: okNull,
      },
    },
    async (request) => {
      const rows = await manageableStudents(request.actor, request.body.ids);
      await students.removeStudents(ctx, rows);
      return ok(null);
    },
  );

  r.post(
    '/api/class/student/export',
    {
      schema: {
        tags,
        summary: 'The class’s students as an xlsx file (errors answer the JSON envelope)',
        body: exportBody,
      },
    },
    async (request, reply) => {
      const cls = await manageable(request.actor, request.body.classId);
      const file = await students.exportStudents(ctx, cls, request.body.status);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.buffer);
    },
  );
};
