import { buildBook } from '../../classes.js';
import { buildMember, buildStaff } from '../../factories.js';
import { call, expectOk } from '../../helpers.js';
import type { IdorCase, MatrixWorld } from '../world.js';
import { perWorld } from '../foreign.js';

interface Foreign {
  collegeBookId: number;
  codeId: number;
  orderId: number;
  memberId: number;
  membershipId: number;
}

/**
 * A college book (with seats, a holder and a code) and an order of the OTHER college: the `collegeAdmin` caller
 * passes the `college.admin` gate in their own college but must not reach these.
 */
const foreignCollegeBook = perWorld(async (w): Promise<Foreign> => {
  const db = w.t.ctx.db;
  const college = { id: w.otherCollegeId };
  const admin = await buildMember(db, { college, roles: '1' });
  const holder = await buildMember(db, { college, roles: '3' });
  const staff = await buildStaff(db);
  const bookId = await buildBook(db);
  const cb = expectOk(
    await call<{ id: number }>(w.t.app, {
      method: 'POST',
      url: '/api/admin/collegeBook/adjust',
      token: staff.token,
      payload: { collegeId: college.id, bookId, delta: 5, reason: 'idor' },
    }),
  );
  expectOk(
    await call(w.t.app, {
      method: 'POST',
      url: '/api/collegeBook/bookAuthorize',
      token: admin.token,
      payload: { id: cb.id, memberIds: [holder.id] },
    }),
  );
  expectOk(
    await call(w.t.app, {
      method: 'POST',
      url: '/api/collegeBookActiveCode/generate',
      token: admin.token,
      payload: { id: cb.id, count: 1, days: 7 },
    }),
  );
  const code = await db
    .selectFrom('college_active_codes')
    .select('id')
    .where('college_book_id', '=', cb.id)
    .executeTakeFirstOrThrow();
  const order = expectOk(
    await call<{ id: number }>(w.t.app, {
      method: 'POST',
      url: '/api/collegeOrder/orderBook',
      token: admin.token,
      payload: { bookId, quantity: 3, termMonths: 6 },
    }),
  );
  const membership = await db
    .selectFrom('college_members')
    .select('id')
    .where('member_id', '=', holder.id)
    .where('college_id', '=', college.id)
    .executeTakeFirstOrThrow();
  return {
    collegeBookId: cb.id,
    codeId: code.id,
    orderId: order.id,
    memberId: holder.id,
    membershipId: membership.id,
  };
});

type Make = (f: Foreign) => { url: string; payload?: object };

const routes: [string, Make][] = [
  [
    'POST /api/collegeBook/update',
    (f) => ({ url: '/api/collegeBook/update', payload: { id: f.collegeBookId, expiresAt: null } }),
  ],
  ['GET /api/collegeBook/delete', (f) => ({ url: `/api/collegeBook/delete?id=${f.collegeBookId}` })],
  ['GET /api/collegeBook/detail', (f) => ({ url: `/api/collegeBook/detail?id=${f.collegeBookId}` })],
  [
    'GET /api/collegeBook/residueAuthorizeCount',
    (f) => ({ url: `/api/collegeBook/residueAuthorizeCount?id=${f.collegeBookId}` }),
  ],
  ['GET /api/collegeBook/ledger', (f) => ({ url: `/api/collegeBook/ledger?id=${f.collegeBookId}` })],
  ['GET /api/collegeBook/download', (f) => ({ url: `/api/collegeBook/download?id=${f.collegeBookId}&type=1` })],
  ['GET /api/collegeBook/classes', (f) => ({ url: `/api/collegeBook/classes?id=${f.collegeBookId}` })],
  [
    'POST /api/collegeBook/bookAuthorize',
    (f) => ({ url: '/api/collegeBook/bookAuthorize', payload: { id: f.collegeBookId, memberIds: [f.memberId] } }),
  ],
  [
    'POST /api/collegeBook/revokeAuthorize',
    (f) => ({ url: '/api/collegeBook/revokeAuthorize', payload: { id: f.collegeBookId, memberIds: [f.memberId] } }),
  ],
  [
    'GET /api/collegeBook/getAuthorizeMember',
    (f) => ({ url: `/api/collegeBook/getAuthorizeMember?id=${f.collegeBookId}` }),
  ],
  [
    'GET /api/collegeBook/exportBookAuthorize',
    (f) => ({ url: `/api/collegeBook/exportBookAuthorize?id=${f.collegeBookId}&type=1` }),
  ],
  [
    'POST /api/collegeBookActiveCode/generate',
    (f) => ({ url: '/api/collegeBookActiveCode/generate', payload: { id: f.collegeBookId, count: 1, days: 1 } }),
  ],
  ['GET /api/collegeBookActiveCode/page', (f) => ({ url: `/api/collegeBookActiveCode/page?id=${f.collegeBookId}` })],
  [
    'GET /api/collegeBookActiveCode/export',
    (f) => ({ url: `/api/collegeBookActiveCode/export?id=${f.collegeBookId}&type=1` }),
  ],
  [
    'POST /api/collegeBookActiveCode/revoke',
    (f) => ({ url: '/api/collegeBookActiveCode/revoke', payload: { id: f.codeId } }),
  ],
  [
    'POST /api/collegeUser/update',
    (f) => ({ url: '/api/collegeUser/update', payload: { id: f.membershipId, roles: [3] } }),
  ],
  ['GET /api/collegeUser/delete', (f) => ({ url: `/api/collegeUser/delete?id=${f.membershipId}` })],
  ['GET /api/collegeUser/detail', (f) => ({ url: `/api/collegeUser/detail?id=${f.membershipId}` })],
  ['GET /api/collegeOrder/detail', (f) => ({ url: `/api/collegeOrder/detail?id=${f.orderId}` })],
  // Distribution reads the caller's grant (none here) with the other college's book.
  ['GET /api/provideBook/options', () => ({ url: '/api/provideBook/options' })],
  ['GET /api/provideBook/students', (f) => ({ url: `/api/provideBook/students?id=${f.collegeBookId}&classId=1` })],
  [
    'POST /api/provideBook/provide',
    (f) => ({ url: '/api/provideBook/provide', payload: { id: f.collegeBookId, classId: 1, memberIds: [f.memberId] } }),
  ],
];

/** Each route that loads a college book, code or order, by the admin of another college. */
export const cases: IdorCase[] = routes.map(([route, make]) => ({
  route,
  make: async (w: MatrixWorld) => ({ caller: 'collegeAdmin', ...make(await foreignCollegeBook(w)) }),
}));
