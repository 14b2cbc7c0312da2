import { describe, expect, it } from 'vitest';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, useTestApp } from '../../../test/helpers.js';

type Who = 'visitor' | 'member' | 'staff';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The role matrix of issue #5's routes: what a visitor, a member and a staff member get. "open" means the
 * policy lets the caller through (the answer may still be 404 or a validation refusal for this empty payload).
 */
const MATRIX: [Method, string, Record<Who, 'open' | 401 | 403>][] = [
  ['GET', '/api/navMenu/contentList?path=/faq', { visitor: 'open', member: 'open', staff: 'open' }],
  ['GET', '/api/site/contentList', { visitor: 'open', member: 'open', staff: 'open' }],
  ['GET', '/api/site/imageText/list', { visitor: 'open', member: 'open', staff: 'open' }],
  ['GET', '/api/version/base', { visitor: 'open', member: 'open', staff: 'open' }],
  ['GET', '/api/help/topic/page', { visitor: 'open', member: 'open', staff: 'open' }],
  ['GET', '/api/help/content/page', { visitor: 'open', member: 'open', staff: 'open' }],
  ['POST', '/api/business/help/access/add', { visitor: 'open', member: 'open', staff: 'open' }],
  ['POST', '/api/site/image/upload', { visitor: 401, member: 'open', staff: 'open' }],
  ['POST', '/api/member/content/add', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/member/content/page', { visitor: 401, member: 'open', staff: 403 }],
  ['POST', '/api/member/feedback/add', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/member/feedback/page', { visitor: 401, member: 'open', staff: 403 }],
  ['POST', '/api/error/feedback/add', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/error/feedback/page', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/msg-notice/page', { visitor: 401, member: 'open', staff: 403 }],
  ['POST', '/api/msg-notice/read', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/msg-notice/check', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/msg-notice/getAllBooks', { visitor: 401, member: 'open', staff: 403 }],
  ['GET', '/api/admin/content/page', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/content', { visitor: 401, member: 403, staff: 'open' }],
  ['PUT', '/api/admin/content/1', { visitor: 401, member: 403, staff: 'open' }],
  ['DELETE', '/api/admin/content/1', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/content/1/publish', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/content/1/audit', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/navMenu', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/navMenu/sort', { visitor: 401, member: 403, staff: 'open' }],
  ['GET', '/api/admin/link/list', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/bottomMenu', { visitor: 401, member: 403, staff: 'open' }],
  ['PUT', '/api/admin/site', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/version', { visitor: 401, member: 403, staff: 'open' }],
  ['GET', '/api/admin/feedback/page', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/feedback/1/reply', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/help/topic', { visitor: 401, member: 403, staff: 'open' }],
  ['GET', '/api/admin/help/access/stats', { visitor: 401, member: 403, staff: 'open' }],
  ['POST', '/api/admin/notice/broadcast', { visitor: 401, member: 403, staff: 'open' }],
];

describe('permission matrix of site content, help, feedback and notices', () => {
  const t = useTestApp();

  it('answers each caller as the policies say', async () => {
    const member = await buildMember(t.ctx.db);
    const staff = await buildStaff(t.ctx.db);
    const tokens: Record<Who, string | undefined> = { visitor: undefined, member: member.token, staff: staff.token };
    const wrong: string[] = [];
    for (const [method, url, expected] of MATRIX) {
      for (const who of ['visitor', 'member', 'staff'] as const) {
        const result = await call(t.app, {
          method,
          url,
          token: tokens[who],
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const want = expected[who];
        const ok = want === 'open' ? result.status !== 401 && result.status !== 403 : result.status === want;
        if (!ok) wrong.push(`${who} ${method} ${url}: ${result.status} (want ${want})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
