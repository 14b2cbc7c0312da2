import { z } from 'zod';
import {
  authorizeMember,
  authorizeMemberQuery,
  authorizeResult,
  bookAuthorize,
  collegeBookExportQuery,
  collegeBookIdQuery,
  collegeBookPageQuery,
  collegeBookRow,
  collegeBookSave,
  collegeBookUpdate,
  collegeClass,
  CollegeMsg,
  ledgerRow,
  myAuthorize,
  paged,
  revokeAuthorize,
  seatAdjust,
  seatCounts,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { sendDownload } from '../../http/files.js';
import { defineModule, HEAVY, route, say, type AnyRoute } from '../../http/module.js';
import { asJson } from '../../http/read-cache.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import { codeRoutes } from './code-routes.js';
import { infoRoutes, userRoutes } from './info-routes.js';
import { orderAdminRoutes, orderRoutes } from './order-routes.js';
import { provideSeatPool } from '../classes/index.js';
import { provideRoutes } from './provide-routes.js';
import { collegeStaffRoutes } from './staff-routes.js';
import type { ExportFile } from './exports.js';
import * as seats from './seats.js';

/** A file about one college book (type 0 xlsx, 1 text, 2 pdf), for its college's administrator. */
function bookExport(
  url: string,
  summary: string,
  exporter: (ctx: AppContext, cb: seats.CollegeBook, type: number) => Promise<ExportFile>,
) {
  return route({
    method: 'GET',
    url,
    summary,
    policy: 'college.manage',
    gate: 'college.admin',
    rateLimit: HEAVY,
    query: collegeBookExportQuery,
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: async ({ ctx, thing, query, reply }) => sendDownload(reply, await exporter(ctx, thing, query.type)),
  });
}

/**
 * College books and their seats (issue 16): a route about one college book loads it and is `college.manage`
 * on it (its college's administrator only) behind the `college.admin` gate.
 */
const bookRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: '/collegeBook/page',
    summary: "The current college's books with seats bought, given and left",
    policy: 'college.admin',
    query: collegeBookPageQuery,
    answer: paged(collegeBookRow),
    handler: ({ ctx, actor, query }) => asJson(seats.bookPage(ctx, seats.collegeOf(asMember(actor)), query)),
  }),
  route({
    method: 'POST',
    url: '/collegeBook/save',
    summary: "Add a published book to the college's books (no seats: seats come by orders)",
    policy: 'college.admin',
    body: collegeBookSave,
    answer: collegeBookRow,
    handler: ({ ctx, actor, body }) => seats.addBook(ctx, asMember(actor), body.bookId),
  }),
  route({
    method: 'POST',
    url: '/collegeBook/update',
    summary: "Set when the college's right to the book ends (new grants end then)",
    policy: 'college.manage',
    gate: 'college.admin',
    body: collegeBookUpdate,
    answer: collegeBookRow,
    load: ({ ctx, body }) => seats.loadCollegeBook(ctx, body.id),
    handler: ({ ctx, thing, body }) => seats.updateBook(ctx, thing, body.expiresAt),
  }),
  route({
    method: 'GET',
    url: '/collegeBook/delete',
    summary: "Remove a book whose seats never moved from the college's books",
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeBookIdQuery,
    answer: z.null(),
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: async ({ ctx, thing }) => {
      await seats.deleteBook(ctx, thing);
      return null;
    },
  }),
  route({
    method: 'GET',
    url: '/collegeBook/detail',
    summary: 'One college book with its seat counts',
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeBookIdQuery,
    answer: collegeBookRow,
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: ({ ctx, thing }) => seats.bookDetail(ctx, thing),
  }),
  route({
    method: 'GET',
    url: '/collegeBook/residueAuthorizeCount',
    summary: 'Seats bought, given and left of one college book',
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeBookIdQuery,
    answer: seatCounts,
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: ({ thing }) => seats.counts(thing),
  }),
  route({
    method: 'GET',
    url: '/collegeBook/ledger',
    summary: 'The seat ledger of one college book (every change of its counts), oldest first',
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeBookIdQuery,
    answer: z.array(ledgerRow),
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: ({ ctx, thing }) => seats.ledger(ctx, thing),
  }),
  bookExport(
    '/collegeBook/download',
    'The seat ledger as a file: type 0 xlsx, 1 text, 2 pdf (errors answer the JSON envelope)',
    seats.exportLedger,
  ),
  route({
    method: 'GET',
    url: '/collegeBook/classes',
    summary: "The college's classes of the book (the authorize dialog gives a whole class its seats)",
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeBookIdQuery,
    answer: z.array(collegeClass),
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: ({ ctx, thing }) => seats.bookClasses(ctx, thing),
  }),
  route({
    method: 'POST',
    url: '/collegeBook/bookAuthorize',
    summary: 'Give seats to chosen members or every student of a class (all or nothing; held seats are kept)',
    policy: 'college.manage',
    gate: 'college.admin',
    body: bookAuthorize,
    answer: authorizeResult,
    load: ({ ctx, body }) => seats.loadCollegeBook(ctx, body.id),
    handler: async ({ ctx, actor, thing, body }) => {
      const result = await seats.authorize(ctx, asMember(actor), thing, body);
      return say(CollegeMsg.AUTHORIZED(result.granted), result);
    },
  }),
  route({
    method: 'POST',
    url: '/collegeBook/revokeAuthorize',
    summary: 'Take seats back from members (they lose the shelf entry)',
    policy: 'college.manage',
    gate: 'college.admin',
    body: revokeAuthorize,
    answer: authorizeResult,
    load: ({ ctx, body }) => seats.loadCollegeBook(ctx, body.id),
    handler: async ({ ctx, actor, thing, body }) =>
      say(CollegeMsg.REVOKED, await seats.revoke(ctx, asMember(actor), thing, body.memberIds)),
  }),
  route({
    method: 'GET',
    url: '/collegeBook/getAuthorizeMember',
    summary: 'Who holds seats of the book, and until when',
    policy: 'college.manage',
    gate: 'college.admin',
    query: authorizeMemberQuery,
    answer: paged(authorizeMember),
    load: ({ ctx, query }) => seats.loadCollegeBook(ctx, query.id),
    handler: ({ ctx, thing, query }) => seats.authorizeMembers(ctx, thing, query),
  }),
  bookExport(
    '/collegeBook/exportBookAuthorize',
    'The holders of the book as a file: type 0 xlsx, 1 text, 2 pdf',
    seats.exportHolders,
  ),
  route({
    method: 'GET',
    url: '/collegeBook/myBookAuthorize',
    summary: "The caller's own college authorizations (any college)",
    policy: 'college.member',
    answer: z.array(myAuthorize),
    handler: ({ ctx, actor }) => seats.myAuthorizations(ctx, asMember(actor)),
  }),
];

export const collegeModule = defineModule({
  prefix: '/api',
  tag: 'college',
  // A class's students take their seats from the college's pool (the classes module asks the pool it is given).
  setup: (_app, ctx) => provideSeatPool(ctx, { open: seats.classSeatOpen, take: seats.useClassSeat }),
  routes: [...bookRoutes, ...codeRoutes, ...orderRoutes, ...infoRoutes, ...userRoutes, ...provideRoutes],
});

/** The publisher's staff: colleges and their administrators, seat corrections and college orders. */
export const collegeAdminModule = defineModule({
  prefix: '/api/admin',
  tag: 'college',
  routes: [
    route({
      method: 'POST',
      url: '/collegeBook/adjust',
      summary: "Add (or take) seats of a college's book directly, with a reason, through the ledger",
      policy: 'college.staff',
      body: seatAdjust,
      answer: collegeBookRow,
      handler: ({ ctx, actor, body }) => seats.adjustSeats(ctx, asStaff(actor).staffId, body),
    }),
    ...orderAdminRoutes,
    ...collegeStaffRoutes,
  ],
});
