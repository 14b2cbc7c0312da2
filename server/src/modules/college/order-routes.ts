import {
  collegeOrderRow,
  CollegeMsg,
  idQuery,
  orderBook,
  orderDecide,
  orderPageQuery,
  paged,
  staffOrderPageQuery,
} from '@textbook/contracts';
import { route, say, type AnyRoute } from '../../http/module.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import * as orders from './orders.js';
import { collegeOf } from './seats.js';

/** College orders: the admin orders seats; the publisher's staff confirm (seats added through the ledger). */
export const orderRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    url: '/collegeOrder/orderBook',
    summary: 'Order seats of a book (quantity, term in months); waits for the publisher',
    policy: 'college.admin',
    body: orderBook,
    answer: collegeOrderRow,
    handler: async ({ ctx, actor, body }) =>
      say(CollegeMsg.ORDER_SUBMITTED, await orders.orderBook(ctx, asMember(actor), body)),
  }),
  route({
    method: 'GET',
    url: '/collegeOrder/page',
    summary: "The current college's orders",
    policy: 'college.admin',
    query: orderPageQuery,
    answer: paged(collegeOrderRow),
    handler: ({ ctx, actor, query }) => orders.orderPage(ctx, collegeOf(asMember(actor)), query),
  }),
  route({
    method: 'GET',
    url: '/collegeOrder/detail',
    summary: 'One order of the college',
    policy: 'college.manage',
    gate: 'college.admin',
    query: idQuery,
    answer: collegeOrderRow,
    load: ({ ctx, query }) => orders.loadOrder(ctx, query.id),
    handler: ({ thing }) => thing,
  }),
];

export const orderAdminRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: '/collegeOrder/page',
    summary: "Every college's orders, or one college's (staff)",
    policy: 'college.staff',
    query: staffOrderPageQuery,
    answer: paged(collegeOrderRow),
    handler: ({ ctx, query }) => orders.orderPage(ctx, query.collegeId, query),
  }),
  route({
    method: 'POST',
    url: '/collegeOrder/confirm',
    summary: "Confirm a waiting order: its seats are added to the college's book through the ledger",
    policy: 'college.staff',
    body: orderDecide,
    answer: collegeOrderRow,
    handler: async ({ ctx, actor, body }) =>
      orders.confirmOrder(ctx, asStaff(actor).staffId, await orders.loadOrder(ctx, body.id), body.remark),
  }),
  route({
    method: 'POST',
    url: '/collegeOrder/refuse',
    summary: 'Refuse a waiting order',
    policy: 'college.staff',
    body: orderDecide,
    answer: collegeOrderRow,
    handler: async ({ ctx, actor, body }) =>
      orders.refuseOrder(ctx, asStaff(actor).staffId, await orders.loadOrder(ctx, body.id), body.remark),
  }),
];
