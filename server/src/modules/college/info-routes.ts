import { collegeDetail, collegeEdit, CollegeMsg, collegeUserQuery, collegeUserRow, paged } from '@textbook/contracts';
import { route, say, type AnyRoute } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import * as info from './info.js';

/** The college's details (read by its members, edited by its admin) and its members (admin). */
export const infoRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: '/college/detail',
    summary: "The current college's details",
    policy: 'college.member',
    answer: collegeDetail,
    handler: ({ ctx, actor }) => info.collegeDetail(ctx, asMember(actor)),
  }),
  route({
    method: 'POST',
    url: '/college/update',
    summary: "Edit the current college's details (its admin)",
    policy: 'college.admin',
    body: collegeEdit,
    answer: collegeDetail,
    handler: async ({ ctx, actor, body }) => say(CollegeMsg.SAVED, await info.editCollege(ctx, asMember(actor), body)),
  }),
  route({
    method: 'GET',
    url: '/collegeUser/page',
    summary: "The current college's members: search by phone, name or student id, and role",
    policy: 'college.admin',
    query: collegeUserQuery,
    answer: paged(collegeUserRow),
    handler: ({ ctx, actor, query }) => info.collegeUsers(ctx, asMember(actor), query),
  }),
];
