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
  idQuery,
  ownBook2Query,
  ownBookResult,
  paged,
  parseClassTime,
} from '@textbook/contracts';
import { warning } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import * as classes from './service.js';
import { studentRoutes } from './student-routes.js';

const ownBookSummary =
  'Own-book check: 200 when the teacher holds the book; 601 with {msg, tag, goApply} otherwise ' +
  '(no tag: blocks; goApply: offer a teacher trial)';

/** Answers the own-book check: 601 with the result when it warns. */
function ownBookAnswer(answer: classes.OwnBookAnswer) {
  if (answer.warning) throw warning(answer.result.msg, answer.result);
  return answer.result;
}

/**
 * Classes (spec §7 Classes): the teacher side here (teaching space, class dialog, own-book checks, class codes),
 * the students and admissions in `student-routes.ts`. A route about one class is `class.manage` on the class it
 * loads, behind the `class.teach` gate, so a visitor gets 401 and a student 403 before anything is read.
 */
export const classesModule = defineModule({
  prefix: '/api/class',
  tag: 'classes',
  routes: [
    route({
      method: 'GET',
      url: '/getClassBooks',
      summary: 'Books the teacher may teach with (held, or with classes), with their class counts',
      policy: 'class.teach',
      answer: z.array(classBook),
      handler: ({ ctx, actor }) => classes.classBooks(ctx, asMember(actor)),
    }),
    route({
      method: 'GET',
      url: '/page',
      summary: "The teacher's classes in the current college, optionally of one book",
      policy: 'class.teach',
      query: classPageQuery,
      answer: paged(classRow),
      handler: ({ ctx, actor, query }) => classes.classPage(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/getBookClass',
      summary: "The teacher's classes of a book (for choosers)",
      policy: 'class.teach',
      query: bookIdQuery,
      answer: z.array(classOption),
      handler: ({ ctx, actor, query }) => classes.bookClasses(ctx, asMember(actor), query.bookId),
    }),
    route({
      method: 'GET',
      url: '/getBookClassByRole',
      summary: "The caller's classes of a book: a teacher's own, a student's joined ones",
      policy: 'class.readRole',
      query: bookIdQuery,
      answer: z.array(classOption),
      handler: ({ ctx, actor, query }) => classes.bookClassesByRole(ctx, asMember(actor), query.bookId),
    }),
    route({
      method: 'GET',
      url: '/getClassRole',
      summary: 'Whether the caller teaches or studies a book in a class',
      policy: 'class.readRole',
      query: bookIdQuery,
      answer: classRole,
      handler: ({ ctx, actor, query }) => classes.classRole(ctx, asMember(actor), query.bookId),
    }),
    route({
      method: 'GET',
      url: '/isOwnBook',
      summary: ownBookSummary,
      policy: 'class.teach',
      query: bookIdQuery,
      answer: ownBookResult,
      handler: async ({ ctx, actor, query }) =>
        ownBookAnswer(await classes.ownBook(ctx, asMember(actor), query.bookId)),
    }),
    route({
      method: 'GET',
      url: '/isOwnBook2',
      summary: `${ownBookSummary}; with endTime, a grant ending before the class warns with tag 'expire'`,
      policy: 'class.teach',
      query: ownBook2Query,
      answer: ownBookResult,
      handler: async ({ ctx, actor, query }) => {
        const end = query.endTime ? (parseClassTime(query.endTime) ?? undefined) : undefined;
        return ownBookAnswer(await classes.ownBook(ctx, asMember(actor), query.bookId, end));
      },
    }),
    route({
      method: 'POST',
      url: '/save',
      summary: 'Create a class (the server generates its code)',
      policy: 'class.teach',
      body: classCreate,
      answer: classRow,
      handler: ({ ctx, actor, body }) => classes.createClass(ctx, asMember(actor), body),
    }),
    route({
      method: 'POST',
      url: '/update',
      summary: 'Edit a class (the book is locked)',
      policy: 'class.manage',
      gate: 'class.teach',
      body: classUpdate,
      answer: classRow,
      load: ({ ctx, body }) => classes.loadClass(ctx, body.id),
      handler: ({ ctx, thing, body }) => classes.updateClass(ctx, thing, body),
    }),
    route({
      method: 'GET',
      url: '/delete',
      summary: 'Delete a class: its students leave it and lose the shelf entries it gave',
      policy: 'class.manage',
      gate: 'class.teach',
      query: idQuery,
      answer: z.null(),
      load: ({ ctx, query }) => classes.loadClass(ctx, query.id),
      handler: async ({ ctx, thing }) => {
        await classes.deleteClass(ctx, thing);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/resetCode',
      summary: 'A new class code (the old one stops working); reopens joining',
      policy: 'class.manage',
      gate: 'class.teach',
      body: classCodeAction,
      answer: classRow,
      load: ({ ctx, body }) => classes.loadClass(ctx, body.id),
      handler: ({ ctx, thing }) => classes.resetCode(ctx, thing),
    }),
    route({
      method: 'POST',
      url: '/closeCode',
      summary: 'Close joining with the code (open: true reopens it)',
      policy: 'class.manage',
      gate: 'class.teach',
      body: classCodeAction,
      answer: classRow,
      load: ({ ctx, body }) => classes.loadClass(ctx, body.id),
      handler: ({ ctx, thing, body }) => classes.setCodeOpen(ctx, thing, body.open ?? false),
    }),
    ...studentRoutes,
  ],
});
