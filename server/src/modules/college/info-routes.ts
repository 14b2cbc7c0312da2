import { z } from 'zod';
import {
  collegeDetail,
  collegeEdit,
  CollegeLimits,
  CollegeMsg,
  collegeUserExportQuery,
  collegeUserIdQuery,
  collegeUserQuery,
  collegeUserRow,
  collegeUserSave,
  collegeUserUpdate,
  importResult,
  nameByPhone,
  paged,
  phoneQuery,
} from '@textbook/contracts';
import { sendDownload } from '../../http/files.js';
import { readSheetUpload } from '../../http/sheet-upload.js';
import { HEAVY, route, say, type AnyRoute } from '../../http/module.js';
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

/** The college's members: add by phone, edit roles, remove, export (its admin, this college only). */
export const userRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: '/collegeUser/getNameByPhone',
    summary: 'Who a phone belongs to before adding it (no account: one will be made)',
    policy: 'college.admin',
    query: phoneQuery,
    answer: nameByPhone,
    handler: ({ ctx, actor, query }) => info.nameByPhone(ctx, asMember(actor), query.phone),
  }),
  route({
    method: 'POST',
    url: '/collegeUser/save',
    summary: 'Add a member by phone with roles, student id and real name (a new phone gets an account and an SMS)',
    policy: 'college.admin',
    body: collegeUserSave,
    answer: collegeUserRow,
    handler: async ({ ctx, actor, body }) => say(CollegeMsg.USER_ADDED, await info.addUser(ctx, asMember(actor), body)),
  }),
  route({
    method: 'POST',
    url: '/collegeUser/update',
    summary: "Edit a member's roles, student id and real name in this college",
    policy: 'college.manage',
    gate: 'college.admin',
    body: collegeUserUpdate,
    answer: collegeUserRow,
    load: ({ ctx, body }) => info.loadMembership(ctx, body.id),
    handler: async ({ ctx, actor, thing, body }) =>
      say(CollegeMsg.SAVED, await info.updateUser(ctx, asMember(actor), thing, body)),
  }),
  route({
    method: 'GET',
    url: '/collegeUser/delete',
    summary: 'Remove a member from this college (the seats they held come back)',
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeUserIdQuery,
    answer: z.null(),
    load: ({ ctx, query }) => info.loadMembership(ctx, query.id),
    handler: async ({ ctx, actor, thing }) => {
      await info.removeUser(ctx, asMember(actor), thing);
      return say(CollegeMsg.USER_REMOVED, null);
    },
  }),
  route({
    method: 'GET',
    url: '/collegeUser/detail',
    summary: 'One member of this college',
    policy: 'college.manage',
    gate: 'college.admin',
    query: collegeUserIdQuery,
    answer: collegeUserRow,
    load: ({ ctx, query }) => info.loadMembership(ctx, query.id),
    handler: ({ thing }) => info.userDetail(thing),
  }),
  route({
    method: 'GET',
    url: '/collegeUser/template',
    summary: 'The xlsx template for importing members (phone, name, student id, role)',
    policy: 'college.admin',
    rateLimit: HEAVY,
    handler: async ({ ctx, reply }) => sendDownload(reply, await info.userTemplate(ctx)),
  }),
  route({
    method: 'POST',
    url: '/collegeUser/import',
    summary: 'Import members from the template (multipart field "file"): a result for every row',
    policy: 'college.admin',
    rateLimit: HEAVY,
    upload: true,
    answer: importResult,
    handler: async ({ ctx, actor, request }) => {
      const sheet = await readSheetUpload(ctx, request, {
        maxBytes: CollegeLimits.IMPORT_MAX_MB * 1024 * 1024,
        missing: CollegeMsg.IMPORT_FILE,
        tooLarge: CollegeMsg.IMPORT_TOO_LARGE,
        width: info.IMPORT_WIDTH,
        maxRows: CollegeLimits.IMPORT_ROWS_MAX,
        tooManyRows: CollegeMsg.IMPORT_TOO_MANY,
      });
      return info.importUsers(ctx, asMember(actor), sheet);
    },
  }),
  route({
    method: 'GET',
    url: '/collegeUser/export',
    summary: "The college's members as a file: type 0 xlsx, 1 text, 2 pdf",
    policy: 'college.admin',
    rateLimit: HEAVY,
    query: collegeUserExportQuery,
    handler: async ({ ctx, actor, query, reply }) =>
      sendDownload(reply, await info.exportUsers(ctx, asMember(actor), query.type)),
  }),
];
