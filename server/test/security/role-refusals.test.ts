import { describe, expect, it } from 'vitest';
import { Code, Role } from '@textbook/contracts';
import { buildCollege, buildMember, buildStaff } from '../factories.js';
import { call, useTestApp } from '../helpers.js';

/**
 * Routes that answered callers their policy has no answer for with an empty 200 (issue 30, item 27): the notice
 * count to a visitor (`200 0`), translation to visitors and staff, a student's homework and class roles to a
 * member without the role. Each is refused as the policy says: 401 to a visitor, 403 to anyone else.
 */
const t = useTestApp();

const studentRoutes = [
  '/api/homework/student/list?pageNum=1&pageSize=10',
  '/api/homework/student/listByChapter?bookId=1',
  '/api/homework/student/info?id=1',
  '/api/homework/student/expireNotice',
  '/api/homework/student/notice?pageNum=1&pageSize=5',
];
const roleRoutes = ['/api/class/getClassRole?bookId=1', '/api/class/getBookClassByRole?bookId=1'];

async function statusOf(url: string, token?: string, method: 'GET' | 'POST' = 'GET') {
  const res = await call(t.app, { method, url, token, ...(method === 'POST' ? { payload: { id: 1 } } : {}) });
  expect(res.body.data ?? null, url).toBeNull();
  expect(res.body.code, url).toBe(res.status === 401 ? Code.UNAUTHORIZED : Code.FORBIDDEN);
  return res.status;
}

describe('refused as the policy says', () => {
  it('the unread notice count: a visitor 401, staff 403', async () => {
    const staff = await buildStaff(t.ctx.db);
    expect(await statusOf('/api/msg-notice/count')).toBe(401);
    expect(await statusOf('/api/msg-notice/count', staff.token)).toBe(403);
  });

  it('translation in the reader: a visitor 401, staff 403', async () => {
    const staff = await buildStaff(t.ctx.db);
    const url = `/api/reader/trans?text=${encodeURIComponent('图书馆')}`;
    expect(await statusOf(url)).toBe(401);
    expect(await statusOf(url, staff.token)).toBe(403);
  });

  it("a student's homework: 403 to a member without the student role (common, teacher, college admin)", async () => {
    const college = await buildCollege(t.ctx.db);
    const members = [
      await buildMember(t.ctx.db),
      await buildMember(t.ctx.db, { college, roles: String(Role.TEACHER) }),
      await buildMember(t.ctx.db, { college, roles: String(Role.COLLEGE_ADMIN) }),
    ];
    for (const url of studentRoutes) {
      expect(await statusOf(url)).toBe(401);
      for (const m of members) expect(await statusOf(url, m.token)).toBe(403);
    }
    for (const url of ['/api/homework/student/save', '/api/homework/student/submit']) {
      for (const m of members) expect(await statusOf(url, m.token, 'POST')).toBe(403);
    }
    // The section tree with homework counts is a teacher's or a student's; a common member is refused.
    expect(await statusOf('/api/homework/sectionTree?bookId=1', members[0]!.token)).toBe(403);
  });

  it('class roles of a book: 403 to a member who neither teaches nor studies', async () => {
    const college = await buildCollege(t.ctx.db);
    const members = [
      await buildMember(t.ctx.db),
      await buildMember(t.ctx.db, { college, roles: String(Role.COLLEGE_ADMIN) }),
    ];
    for (const url of roleRoutes) {
      expect(await statusOf(url)).toBe(401);
      for (const m of members) expect(await statusOf(url, m.token)).toBe(403);
    }
  });

  it('each still answers the caller it is for', async () => {
    const college = await buildCollege(t.ctx.db);
    const student = await buildMember(t.ctx.db, { college, roles: String(Role.STUDENT) });
    const teacher = await buildMember(t.ctx.db, { college, roles: String(Role.TEACHER) });
    expect((await call(t.app, { url: '/api/msg-notice/count', token: student.token })).status).toBe(200);
    for (const url of [studentRoutes[0]!, studentRoutes[3]!, ...roleRoutes]) {
      expect((await call(t.app, { url, token: student.token })).status, url).toBe(200);
    }
    for (const url of roleRoutes) expect((await call(t.app, { url, token: teacher.token })).status, url).toBe(200);
  });
});
