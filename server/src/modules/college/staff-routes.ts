import { z } from 'zod';
import {
  adminCollegeQuery,
  adminCollegeRow,
  adminCollegeSave,
  adminCollegeUpdate,
  collegeAppoint,
  collegeBookRow,
  collegeDismiss,
  collegeOnlyQuery,
  collegeUserRow,
  paged,
  PeopleMsg,
  staffCollegeBooksQuery,
} from '@textbook/contracts';
import { route, say, type AnyRoute } from '../../http/module.js';
import * as seats from './seats.js';
import * as staff from './staff.js';

/**
 * Colleges for the publisher's staff (issue 19): `college.staff` (the 学院 menu: finance and the super
 * administrator). A write's "before" in the audit log is the college as it was.
 */
export const collegeStaffRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: '/college/page',
    summary: 'Every college with members, books, waiting orders and administrators (search by name)',
    policy: 'college.staff',
    query: adminCollegeQuery,
    answer: paged(adminCollegeRow),
    handler: ({ ctx, query }) => staff.collegePage(ctx, query),
  }),
  route({
    method: 'POST',
    url: '/college/save',
    summary: 'Create a college',
    policy: 'college.staff',
    body: adminCollegeSave,
    answer: adminCollegeRow,
    handler: async ({ ctx, body }) => say(PeopleMsg.COLLEGE_CREATED, await staff.createCollege(ctx, body)),
  }),
  route({
    method: 'POST',
    url: '/college/update',
    summary: "Edit a college's name and details",
    policy: 'college.staff',
    body: adminCollegeUpdate,
    answer: adminCollegeRow,
    audit: { before: ({ ctx, body }) => staff.loadCollege(ctx, body.id) },
    handler: async ({ ctx, body }) =>
      say(PeopleMsg.COLLEGE_SAVED, await staff.editCollege(ctx, await staff.loadCollege(ctx, body.id), body)),
  }),
  route({
    method: 'GET',
    url: '/college/admins',
    summary: "A college's administrators",
    policy: 'college.staff',
    query: collegeOnlyQuery,
    answer: z.array(collegeUserRow),
    handler: async ({ ctx, query }) => staff.collegeAdmins(ctx, await staff.loadCollege(ctx, query.collegeId)),
  }),
  route({
    method: 'POST',
    url: '/college/appoint',
    summary: 'Appoint a registered member (by phone) as an administrator of the college',
    policy: 'college.staff',
    body: collegeAppoint,
    answer: z.array(collegeUserRow),
    audit: { before: ({ ctx, body }) => staff.loadCollege(ctx, body.collegeId) },
    handler: async ({ ctx, body }) =>
      say(PeopleMsg.APPOINTED, await staff.appointAdmin(ctx, await staff.loadCollege(ctx, body.collegeId), body.phone)),
  }),
  route({
    method: 'POST',
    url: '/college/dismiss',
    summary: 'Take the administrator role from a member of the college (they stay a member)',
    policy: 'college.staff',
    body: collegeDismiss,
    answer: z.array(collegeUserRow),
    audit: { before: ({ ctx, body }) => staff.loadCollege(ctx, body.collegeId) },
    handler: async ({ ctx, body }) =>
      say(
        PeopleMsg.DISMISSED,
        await staff.dismissAdmin(ctx, await staff.loadCollege(ctx, body.collegeId), body.memberId),
      ),
  }),
  route({
    method: 'GET',
    url: '/college/books',
    summary: "A college's books with seats bought, given and left",
    policy: 'college.staff',
    query: staffCollegeBooksQuery,
    answer: paged(collegeBookRow),
    handler: async ({ ctx, query }) =>
      seats.bookPage(ctx, (await staff.loadCollege(ctx, query.collegeId)).id, {
        ...query,
        bookName: query.bookName ?? '',
      }),
  }),
];
