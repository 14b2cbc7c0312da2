import { z } from 'zod';
import {
  authorizeResult,
  CollegeMsg,
  provideBody,
  provideOptions,
  provideStudent,
  provideStudentsQuery,
} from '@textbook/contracts';
import { route, say, type AnyRoute } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import * as provide from './provide.js';

/**
 * Textbook distribution (/my/provideBook): a teacher or admin whose membership carries the grant hands seats of
 * the college's books to the students of their classes. Each route reads the caller's grant (with the college
 * book asked about) and is `college.provide` on it, behind the `college.distributor` gate.
 */
export const provideRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: '/provideBook/options',
    summary: "The college's books with their seats and the distributor's classes",
    policy: 'college.provide',
    gate: 'college.distributor',
    answer: provideOptions,
    load: ({ ctx, actor }) => provide.grantOf(ctx, asMember(actor)),
    handler: ({ ctx, actor, thing }) => provide.provideOptions(ctx, asMember(actor), thing),
  }),
  route({
    method: 'GET',
    url: '/provideBook/students',
    summary:
      "The approved students of one of the distributor's classes, each with whether they hold a seat of the book",
    policy: 'college.provide',
    gate: 'college.distributor',
    query: provideStudentsQuery,
    answer: z.array(provideStudent),
    load: ({ ctx, actor, query }) => provide.loadProvideBook(ctx, asMember(actor), query.id),
    handler: ({ ctx, actor, thing, query }) => provide.provideStudents(ctx, asMember(actor), thing, query.classId),
  }),
  route({
    method: 'POST',
    url: '/provideBook/provide',
    summary: "Hand seats of a college book to the students of one of the distributor's classes (all or nothing)",
    policy: 'college.provide',
    gate: 'college.distributor',
    body: provideBody,
    answer: authorizeResult,
    load: ({ ctx, actor, body }) => provide.loadProvideBook(ctx, asMember(actor), body.id),
    handler: async ({ ctx, actor, thing, body }) => {
      const result = await provide.provide(ctx, asMember(actor), thing, body);
      return say(CollegeMsg.PROVIDED(result.granted), result);
    },
  }),
];
