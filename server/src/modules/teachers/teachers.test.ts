import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PeopleMsg,
  SampleCheck,
  type CertRow,
  type MemberInfo,
  type Paged,
  type SampleCheckAnswer,
} from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

/** Teacher certifications (issue 19): a member applies, the review menu approves or rejects with a reason. */
const t = useTestApp();
let reviewer: { id: number; token: string };
let editor: { id: number; token: string };
let college: { id: number; name: string };

beforeAll(async () => {
  reviewer = await buildStaff(t.ctx.db, { roles: ['reviewer'] });
  editor = await buildStaff(t.ctx.db, { roles: ['editor'] });
  college = await buildCollege(t.ctx.db, '青山大学');
});

const apply = (m: BuiltMember, payload: object) =>
  call<CertRow>(t.app, { method: 'POST', url: '/api/teacherCert/apply', token: m.token, payload });
const review = (token: string, url: string, payload: object) =>
  call<CertRow>(t.app, { method: 'POST', url: `/api/admin/teacherCert${url}`, token, payload });
const check = (m: BuiltMember, bookId: number) =>
  call<SampleCheckAnswer>(t.app, {
    method: 'POST',
    url: '/api/sample-book/check',
    token: m.token,
    payload: { bookId },
  });
const info = async (m: BuiltMember) =>
  expectOk(await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: m.token })).member;

describe('teacher certification', () => {
  it('a member applies, is rejected with a reason they see, applies again, is approved and may ask for samples', async () => {
    const m = await buildMember(t.ctx.db);
    const bookId = await buildBook(t.ctx.db);
    expect(expectOk(await check(m, bookId)).result).toBe(SampleCheck.NOT_TEACHER);
    expect(expectOk(await call<CertRow | null>(t.app, { url: '/api/teacherCert/my', token: m.token }))).toBeNull();
    const choices = expectOk(
      await call<{ id: number; name: string }[]>(t.app, {
        url: `/api/teacherCert/colleges?keyword=${encodeURIComponent('青山')}`,
        token: m.token,
      }),
    );
    expect(choices).toEqual([{ id: college.id, name: '青山大学' }]);

    expectRefused(await apply(m, { realName: '李老师', collegeId: college.id }), PeopleMsg.CERT_PROOF);
    expectRefused(await apply(m, { realName: '', collegeId: college.id, proof: 'x' }), PeopleMsg.CERT_NAME);
    expectRefused(await apply(m, { realName: '李老师', proof: 'x' }), PeopleMsg.CERT_COLLEGE);
    expectRefused(await apply(m, { realName: '李老师', collegeId: 999_999, proof: 'x' }), PeopleMsg.CERT_COLLEGE);
    expectRefused(
      await apply(m, { realName: '李老师', collegeId: college.id, proofImage: 'https://evil.example/x.png' }),
      PeopleMsg.CERT_IMAGE,
    );
    const first = await apply(m, { realName: '李老师', collegeId: college.id, proof: '数学系讲师，工号 T1024' });
    expect(first.body.msg).toBe(PeopleMsg.CERT_SUBMITTED);
    expect(expectOk(first)).toMatchObject({ state: 0, stateLabel: '待审核', collegeName: '青山大学' });
    expectRefused(
      await apply(m, { realName: '李老师', collegeId: college.id, proof: '再次提交' }),
      PeopleMsg.CERT_PENDING,
    );

    const waiting = expectOk(
      await call<Paged<CertRow>>(t.app, {
        url: `/api/admin/teacherCert/page?state=0&keyword=${m.phone}`,
        token: reviewer.token,
      }),
    );
    expect(waiting.rows.map((r) => r.id)).toEqual([expectOk(first).id]);
    expect((await review(editor.token, '/reject', { id: expectOk(first).id, reason: '材料不足' })).status).toBe(403);
    expectRefused(
      await review(reviewer.token, '/reject', { id: expectOk(first).id, reason: ' ' }),
      PeopleMsg.CERT_REASON,
    );
    const rejected = await review(reviewer.token, '/reject', { id: expectOk(first).id, reason: '请补充工作证照片' });
    expect(rejected.body.msg).toBe(PeopleMsg.CERT_REJECTED);
    const seen = expectOk(await call<CertRow>(t.app, { url: '/api/teacherCert/my', token: m.token }));
    expect(seen).toMatchObject({ state: 2, reason: '请补充工作证照片' });
    const notices = await t.ctx.db
      .selectFrom('notices')
      .select(['title', 'content'])
      .where('member_id', '=', m.id)
      .execute();
    expect(notices).toEqual([
      { title: PeopleMsg.CERT_NOTICE_REJECTED, content: PeopleMsg.CERT_NOTICE_REJECTED_BODY('请补充工作证照片') },
    ]);
    expectRefused(await review(reviewer.token, '/approve', { id: expectOk(first).id }), PeopleMsg.CERT_DECIDED);

    const second = expectOk(
      await apply(m, { realName: '李老师', collegeId: college.id, proof: '补充', proofImage: '/api/site/image/a.png' }),
    );
    const approved = await review(reviewer.token, '/approve', { id: second.id });
    expect(approved.body.msg).toBe(PeopleMsg.CERT_APPROVED);
    expect(expectOk(approved).state).toBe(1);
    const member = await info(m);
    expect(member.roleList).toEqual([2]);
    expect(member).toMatchObject({ teacher: true, canApply: true, collegeId: college.id });
    expect(expectOk(await check(m, bookId)).result).toBe(SampleCheck.SUCCESS);
    expectRefused(
      await apply(m, { realName: '李老师', collegeId: college.id, proof: '又一次' }),
      PeopleMsg.CERT_ALREADY,
    );
    const audit = await t.ctx.db
      .selectFrom('staff_audit')
      .select(['url', 'staff_id'])
      .where('action', '=', 'teacher.review')
      .execute();
    expect(audit).toEqual([
      { url: '/api/admin/teacherCert/reject', staff_id: reviewer.id },
      { url: '/api/admin/teacherCert/approve', staff_id: reviewer.id },
    ]);
  });

  it('a student of another college keeps that membership and gains the teacher role in the chosen one', async () => {
    const other = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college: other, roles: '3' });
    const cert = expectOk(await apply(m, { realName: '周老师', collegeId: college.id, proof: '兼职教师' }));
    // Two reviewers approving at once: one decides, the role is given once.
    const results = await Promise.all([1, 2, 3].map(() => review(reviewer.token, '/approve', { id: cert.id })));
    expect(results.filter((r) => r.body.code === Code.OK)).toHaveLength(1);
    expect(results.filter((r) => r.status === 500)).toEqual([]);
    const rows = await t.ctx.db
      .selectFrom('college_members')
      .select(['college_id', 'roles'])
      .where('member_id', '=', m.id)
      .orderBy('college_id')
      .execute();
    expect(rows).toEqual(
      [
        { college_id: other.id, roles: '3' },
        { college_id: college.id, roles: '2' },
      ].sort((a, b) => a.college_id - b.college_id),
    );
  });

  it('staff cannot apply and members cannot review', async () => {
    const m = await buildMember(t.ctx.db);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/teacherCert/apply', token: reviewer.token, payload: {} })).status,
    ).toBe(403);
    expect((await call(t.app, { url: '/api/admin/teacherCert/page', token: m.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/teacherCert/my' })).status).toBe(401);
  });
});
