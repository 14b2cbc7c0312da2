import { z } from 'zod';
import {
  bookIdQuery,
  classBook,
  classCodeAction,
  classCreate,
  classOption,
  classPageQuery,
  classRole,
  classRow,
  classUpdate,
  envelope,
  idQuery,
  ownBook2Query,
  ownBookResult,
  paged,
  parseClassTime,
} from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { warning } from '../../http/errors.js';
import { authorize } from '../../policies/index.js';
import { asMember } from '../../policies/helpers.js';
import * as classes from './service.js';
import { studentRoutes } from './student-routes.js';

/** Teacher side of classes (spec §7 Classes): teaching space, class dialog, own-book checks, class codes. */
export const classRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['classes'];

  /** Loads the class and lets only its teacher (in the class's college) past. */
  async function manageable(actor: Actor, id: number) {
    // Role first, so a visitor or a student learns nothing about which classes exist.
    authorize(actor, 'class.teach');
    const cls = await classes.loadClass(ctx, id);
    authorize(actor, 'class.manage', cls);
    return cls;
  }

  r.get(
    '/api/class/getClassBooks',
    {
      schema: {
        tags,
        summary: 'Books the teacher may teach with (held, or with classes), with their class counts',
        response: { 200: envelope(z.array(classBook)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.teach');
      return ok(await classes.classBooks(ctx, asMember(request.actor)));
    },
  );

  r.get(
    '/api/class/page',
    {
      schema: {
        tags,
        summary: "The teacher's classes in the current college, optionally of one book",
        querystring: classPageQuery,
        response: { 200: envelope(paged(classRow)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.teach');
      return ok(await classes.classPage(ctx, asMember(request.actor), request.query));
    },
  );

  r.get(
    '/api/class/getBookClass',
    {
      schema: {
        tags,
        summary: "The teacher's classes of a book (for choosers)",
        querystring: bookIdQuery,
        response: { 200: envelope(z.array(classOption)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.teach');
      return ok(await classes.bookClasses(ctx, asMember(request.actor), request.query.bookId));
    },
  );

  r.get(
    '/api/class/getBookClassByRole',
    {
      schema: {
        tags,
        summary: "The caller's classes of a book: a teacher's own, a student's joined ones",
        querystring: bookIdQuery,
        response: { 200: envelope(z.array(classOption)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.readRole');
      return ok(await classes.bookClassesByRole(ctx, asMember(request.actor), request.query.bookId));
    },
  );

  r.get(
    '/api/class/getClassRole',
    {
      schema: {
        tags,
        summary: 'Whether the caller teaches or studies a book in a class',
        querystring: bookIdQuery,
        response: { 200: envelope(classRole) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.readRole');
      return ok(await classes.classRole(ctx, asMember(request.actor), request.query.bookId));
    },
  );

  const ownBookSummary =
    'Own-book check: 200 when the teacher holds the book; 601 with {msg, tag, goApply} otherwise ' +
    '(no tag: blocks; goApply: offer a teacher trial)';
  r.get(
    '/api/class/isOwnBook',
    { schema: { tags, summary: ownBookSummary, querystring: bookIdQuery, response: { 200: envelope(ownBookResult) } } },
    async (request) => {
      authorize(request.actor, 'class.teach');
      const answer = await classes.ownBook(ctx, asMember(request.actor), request.query.bookId);
      if (answer.warning) throw warning(answer.result.msg, answer.result);
      return ok(answer.result);
    },
  );

  r.get(
    '/api/class/isOwnBook2',
    {
      schema: {
        tags,
        summary: `${ownBookSummary}; with endTime, a grant ending before the class warns with tag 'expire'`,
        querystring: ownBook2Query,
        response: { 200: envelope(ownBookResult) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.teach');
      const end = request.query.endTime ? (parseClassTime(request.query.endTime) ?? undefined) : undefined;
      const answer = await classes.ownBook(ctx, asMember(request.actor), request.query.bookId, end);
      if (answer.warning) throw warning(answer.result.msg, answer.result);
      return ok(answer.result);
    },
  );

  r.post(
    '/api/class/save',
    {
      schema: {
        tags,
        summary: 'Create a class (the server generates its code)',
        body: classCreate,
        response: { 200: envelope(classRow) },
      },
    },
    async (request) => {
      authorize(request.actor, 'class.teach');
      return ok(await classes.createClass(ctx, asMember(request.actor), request.body));
    },
  );

  r.post(
    '/api/class/update',
    {
      schema: {
        tags,
        summary: 'Edit a class (the book is locked)',
        body: classUpdate,
        response: { 200: envelope(classRow) },
      },
    },
    async (request) => {
      const cls = await manageable(request.actor, request.body.id);
      return ok(await classes.updateClass(ctx, cls, request.body));
    },
  );

  r.get(
    '/api/class/delete',
    {
      schema: {
        tags,
        summary: 'Delete a class: its students leave it and lose the shelf entries it gave',
        querystring: idQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const cls = await manageable(request.actor, request.query.id);
      await classes.deleteClass(ctx, cls);
      return ok(null);
    },
  );

  r.post(
    '/api/class/resetCode',
    {
      schema: {
        tags,
        summary: 'A new class code (the old one stops working); reopens joining',
        body: classCodeAction,
        response: { 200: envelope(classRow) },
      },
    },
    async (request) => {
      const cls = await manageable(request.actor, request.body.id);
      return ok(await classes.resetCode(ctx, cls));
    },
  );

  r.post(
    '/api/class/closeCode',
    {
      schema: {
        tags,
        summary: 'Close joining with the code (open: true reopens it)',
        body: classCodeAction,
        response: { 200: envelope(classRow) },
      },
    },
    async (request) => {
      const cls = await manageable(request.actor, request.body.id);
      return ok(await classes.setCodeOpen(ctx, cls, request.body.open ?? false));
    },
  );

  await app.register(studentRoutes(ctx));
};
