import { describe, expect, it } from 'vitest';
import { buildCollege, buildMember, buildStaff } from '../../test/factories.js';
import { buildBook } from '../../test/classes.js';
import { call, useTestApp } from '../../test/helpers.js';

type Who = 'visitor' | 'common' | 'collegeAdmin' | 'teacher' | 'student' | 'staff';
/** ok: the policy let the caller through (the route may still refuse by a rule, never 401/403). */
type Expect = 'ok' | 401 | 403;

const WHO: Who[] = ['visitor', 'common', 'collegeAdmin', 'teacher', 'student', 'staff'];
const members = (v: Expect): Record<Who, Expect> => ({
  visitor: 401,
  common: v,
  collegeAdmin: v,
  teacher: v,
  student: v,
  staff: 403,
});
const anyone: Record<Who, Expect> = {
  visitor: 'ok',
  common: 'ok',
  collegeAdmin: 'ok',
  teacher: 'ok',
  student: 'ok',
  staff: 'ok',
};
const staffOnly: Record<Who, Expect> = { ...members(403), staff: 'ok' };

interface World {
  collegeId: number;
  otherCollegeId: number;
  /** A reader note written by a member who is none of the callers. */
  othersNoteId: number;
}

interface Row {
  method?: 'GET' | 'POST';
  url: string | ((ctx: World) => string);
  payload?: (ctx: World) => object;
  expect: Record<Who, Expect>;
}

/** Every route of the accounts area (and the foundation's member routes) against every kind of caller. */
const ROUTES: Row[] = [
  { url: '/api/auth/cipher', expect: anyone },
  { url: '/api/captcha', expect: anyone },
  { method: 'POST', url: '/api/captcha/check', payload: () => ({ captchaId: 'x', x: 1, track: [] }), expect: anyone },
  { url: '/api/loginCode?phoneNumber=13800000000', expect: anyone },
  { method: 'POST', url: '/api/smsLogin', payload: () => ({ phoneNumber: '13800000000', code: '1' }), expect: anyone },
  {
    method: 'POST',
    url: '/api/pwdLogin',
    payload: () => ({ phonenumber: '13800000000', password: 'x' }),
    expect: anyone,
  },
  { method: 'POST', url: '/api/forgotPwd', payload: () => ({ phoneNumber: '13800000000' }), expect: anyone },
  { method: 'POST', url: '/api/sso/check', payload: () => ({ redirect: '/' }), expect: anyone },
  {
    method: 'POST',
    url: '/api/bindPhone',
    payload: () => ({ bindToken: 'x', phoneNumber: '13800000000', code: '1', checked: true }),
    expect: anyone,
  },
  { method: 'POST', url: '/api/external/callback', payload: () => ({ provider: 'test', code: 'sub' }), expect: anyone },
  { method: 'POST', url: '/api/staff/login', payload: () => ({ userName: 'a', password: 'b' }), expect: anyone },
  { url: '/api/getMemberInfo', expect: members('ok') },
  { url: '/api/college', expect: members('ok') },
  {
    method: 'POST',
    url: '/api/college/switch',
    payload: ({ collegeId }) => ({ collegeId }),
    expect: { ...members('ok'), common: 403 },
  },
  {
    // A member reaching for a college that is not theirs.
    method: 'POST',
    url: '/api/college/switch',
    payload: ({ otherCollegeId }) => ({ collegeId: otherCollegeId }),
    expect: members(403),
  },
  { url: '/api/member/checkEditorToken', expect: members(403) },
  { method: 'POST', url: '/api/updateName', payload: () => ({ userName: '名字' }), expect: members('ok') },
  { method: 'POST', url: '/api/avatar', payload: () => ({}), expect: members('ok') },
  { url: '/api/member/changePwdPhone', expect: members('ok') },
  { method: 'POST', url: '/api/member/changePwd', payload: () => ({}), expect: members('ok') },
  { url: '/api/member/changePhoneCode', expect: members('ok') },
  { url: '/api/member/validChangePhoneCode?code=1', expect: members('ok') },
  { url: '/api/member/changeNewPhoneCode?phoneNumber=13900000000', expect: members('ok') },
  { url: '/api/member/changePhone?newPhone=13900000000&code=1', expect: members('ok') },
  { method: 'POST', url: '/api/sso/redirect', payload: () => ({ redirect: '/' }), expect: members('ok') },
  { method: 'POST', url: '/api/logout', payload: () => ({}), expect: members('ok') },
  // The marketing editor: members with the extras flag only (none of these callers has it).
  { url: '/api/member/openEditor', expect: members(403) },
  {
    // The reader's note editing: a member's own note only (none of the callers wrote this one).
    method: 'POST',
    url: ({ othersNoteId }) => `/api/reader/note/update/${othersNoteId}`,
    payload: () => ({ content: '改写', color: 'green' }),
    expect: members(403),
  },
  {
    // A note that does not exist: the policy lets members through to the 404.
    method: 'POST',
    url: () => '/api/reader/note/update/999999999',
    payload: () => ({ color: 'green' }),
    expect: members('ok'),
  },
  { url: '/api/admin/staff/me', expect: staffOnly },
  { url: '/api/admin/staff/list', expect: staffOnly },
  { method: 'POST', url: '/api/admin/staff/create', payload: () => ({ userName: 'x' }), expect: staffOnly },
  { method: 'POST', url: '/api/admin/staff/update', payload: () => ({ id: 1 }), expect: staffOnly },
  { url: '/api/admin/book/import/job/999999', expect: staffOnly },
];

describe('permission matrix: accounts routes × callers', () => {
  const t = useTestApp();

  it('lets exactly the right callers through', async () => {
    const college = await buildCollege(t.ctx.db);
    const other = await buildCollege(t.ctx.db);
    const writer = await buildMember(t.ctx.db);
    const bookId = await buildBook(t.ctx.db);
    const now = Date.now();
    const note = await t.ctx.db
      .insertInto('reader_notes')
      .values({ member_id: writer.id, book_id: bookId, chapter_id: 1, quote: '原文', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ctx: World = { collegeId: college.id, otherCollegeId: other.id, othersNoteId: note.id };
    const failures: string[] = [];
    for (const row of ROUTES) {
      // Fresh callers per row: logout and phone limits of one row do not leak into the next.
      const tokens: Record<Who, string | undefined> = {
        visitor: undefined,
        common: (await buildMember(t.ctx.db)).token,
        collegeAdmin: (await buildMember(t.ctx.db, { college, roles: '1' })).token,
        teacher: (await buildMember(t.ctx.db, { college, roles: '2' })).token,
        student: (await buildMember(t.ctx.db, { college, roles: '3' })).token,
        staff: (await buildStaff(t.ctx.db, { isAdmin: true })).token,
      };
      for (const who of WHO) {
        const url = typeof row.url === 'function' ? row.url(ctx) : row.url;
        const res = await call(t.app, {
          method: row.method ?? 'GET',
          url,
          token: tokens[who],
          ...(row.payload ? { payload: row.payload(ctx) } : {}),
        });
        const got: Expect = res.status === 401 ? 401 : res.status === 403 ? 403 : 'ok';
        if (got !== row.expect[who]) failures.push(`${row.method ?? 'GET'} ${url} as ${who}: ${got} (${res.body.msg})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
