import { z } from 'zod';
import {
  codeBatch,
  codeExportQuery,
  codeGenerate,
  codePageQuery,
  codeRedeem,
  codeRevoke,
  codeRow,
  CollegeMsg,
  paged,
  redeemResult,
} from '@textbook/contracts';
import { sendDownload } from '../../http/files.js';
import { HEAVY, route, say, type AnyRoute, type RateLimit } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import * as codes from './codes.js';
import { loadCollegeBook } from './seats.js';

/** Redeeming: 10 tries a minute a member (a code has 59 random bits; guessing is hopeless and slowed). */
export const ACTIVE_CODE: RateLimit = {
  max: 10,
  windowMs: 60_000,
  message: CollegeMsg.CODE_TOO_OFTEN,
  bucket: 'active-code',
};

/** Activation codes of a college book: generated, listed and exported by its admin, redeemed by a member. */
export const codeRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    url: '/collegeBookActiveCode/generate',
    summary: 'A batch of activation codes for a college book (count, days valid; no more than seats left)',
    policy: 'college.manage',
    gate: 'college.admin',
    body: codeGenerate,
    answer: codeBatch,
    load: ({ ctx, body }) => loadCollegeBook(ctx, body.id),
    handler: ({ ctx, thing, body }) => codes.generate(ctx, thing, body.count, body.days),
  }),
  route({
    method: 'GET',
    url: '/collegeBookActiveCode/page',
    summary: "A college book's codes with their state: unused, redeemed (by whom, when), expired, revoked",
    policy: 'college.manage',
    gate: 'college.admin',
    query: codePageQuery,
    answer: paged(codeRow),
    load: ({ ctx, query }) => loadCollegeBook(ctx, query.id),
    handler: ({ ctx, thing, query }) => codes.codePage(ctx, thing, query),
  }),
  route({
    method: 'GET',
    url: '/collegeBookActiveCode/export',
    summary: 'The codes (of one batch, or all) as a file: type 0 xlsx, 1 text, 2 pdf',
    policy: 'college.manage',
    gate: 'college.admin',
    rateLimit: HEAVY,
    query: codeExportQuery,
    load: ({ ctx, query }) => loadCollegeBook(ctx, query.id),
    handler: async ({ ctx, thing, query, reply }) =>
      sendDownload(reply, await codes.exportCodes(ctx, thing, query.type, query.batch)),
  }),
  route({
    method: 'POST',
    url: '/collegeBookActiveCode/revoke',
    summary: 'Revoke an unused code',
    policy: 'college.manage',
    gate: 'college.admin',
    body: codeRevoke,
    answer: z.null(),
    load: ({ ctx, body }) => codes.loadCode(ctx, body.id),
    handler: async ({ ctx, thing }) => {
      await codes.revokeCode(ctx, thing);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/collegeBookActiveCode/redeem',
    summary: 'Redeem a code: one seat of its college, the book on the shelf (wrong, used, expired told apart)',
    policy: 'college.member',
    rateLimit: ACTIVE_CODE,
    body: codeRedeem,
    answer: redeemResult,
    handler: async ({ ctx, actor, body }) => {
      const result = await codes.redeem(ctx, asMember(actor), body.code);
      return say(CollegeMsg.CODE_OK(result.bookName), result);
    },
  }),
];
