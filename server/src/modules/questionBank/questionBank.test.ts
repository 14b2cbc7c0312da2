import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  Code,
  QUESTION_SHEET_HEADERS,
  QuestionMsg,
  type Paged,
  type QuestionGroupRow,
  type QuestionGroupTree,
  type QuestionImportReport,
  type QuestionRow,
} from '@textbook/contracts';
import { buildBook, buildClassWorld } from '../../../test/classes.js';
import { buildCollege, buildMember, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { questionSnapshots } from './index.js';

const t = useTestApp();

const post = <T>(token: string | undefined, url: string, payload: object) =>
  call<T>(t.app, { method: 'POST', url, token, payload });
const get = <T>(token: string | undefined, url: string) => call<T>(t.app, { method: 'GET', url, token });
const del = <T>(token: string | undefined, url: string) => call<T>(t.app, { method: 'DELETE', url, token });

async function teacher(): Promise<BuiltMember> {
  return buildMember(t.ctx.db, { college: await buildCollege(t.ctx.db), roles: '2' });
}

const group = async (token: string, name: string, parentId: number | null = null) =>
  expectOk(await post<QuestionGroupRow>(token, '/api/myQuestionGroup/save', { name, parentId }));
const tree = async (token: string) => expectOk(await get<QuestionGroupTree>(token, '/api/myQuestionGroup/getTree'));
const list = async (token: string, query = '') =>
  expectOk(await get<Paged<QuestionRow>>(token, `/api/myQuestion/getList?pageSize=100${query}`));

const single = (over: object = {}) => ({
  type: 'single',
  stem: '<p>1+1=?</p>',
  options: [
    { key: 'A', html: '<p>1</p>' },
    { key: 'B', html: '<p>2</p>' },
  ],
  answer: 'B',
  ...over,
});
const save = async (token: string, body: object) =>
  expectOk(await post<QuestionRow>(token, '/api/myQuestion/save', body));

async function upload(token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'questions.xlsx');
  const request = new Request('http://local/', { method: 'POST', body: form });
  return call<QuestionImportReport>(t.app, {
    method: 'POST',
    url: '/api/myQuestion/import',
    token,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
}

describe('question groups', () => {
  it('builds a nested tree, renames, moves by position and refuses a move into itself', async () => {
    const me = await teacher();
    const one = await group(me.token, '第一章');
    const two = await group(me.token, '第二章');
    const sub = await group(me.token, '1.1 极限', one.id);
    const subsub = await group(me.token, '1.1.1 数列', sub.id);
    expect(sub.sort).toBe(0);
    expectOk(await post(me.token, '/api/myQuestionGroup/modify', { id: two.id, name: '第二章 导数' }));
    let shape = await tree(me.token);
    expect(shape.groups.map((g) => g.name)).toEqual(['第一章', '第二章 导数']);
    expect(shape.groups[0]!.children[0]!.children[0]!.name).toBe('1.1.1 数列');

    // Two before one at the top, then sub under two.
    expectOk(await post(me.token, '/api/myQuestionGroup/move', { id: two.id, parentId: null, position: 0 }));
    expectOk(await post(me.token, '/api/myQuestionGroup/move', { id: sub.id, parentId: two.id, position: 0 }));
    shape = await tree(me.token);
    expect(shape.groups.map((g) => g.name)).toEqual(['第二章 导数', '第一章']);
    expect(shape.groups[0]!.children.map((g) => g.id)).toEqual([sub.id]);

    expectRefused(
      await post(me.token, '/api/myQuestionGroup/move', { id: two.id, parentId: subsub.id, position: 0 }),
      QuestionMsg.GROUP_INTO_ITSELF,
    );
    expectRefused(await post(me.token, '/api/myQuestionGroup/save', { name: '  ' }), QuestionMsg.GROUP_NAME_REQUIRED);
    expectRefused(
      await post(me.token, '/api/myQuestionGroup/save', { name: 'x'.repeat(31) }),
      QuestionMsg.GROUP_NAME_MAX,
    );
    // Five levels at most.
    let parent = subsub.id;
    parent = (await group(me.token, 'L4', parent)).id;
    expectRefused(
      await post(me.token, '/api/myQuestionGroup/save', {
        name: 'L6',
        parentId: (await group(me.token, 'L5', parent)).id,
      }),
      QuestionMsg.GROUP_TOO_DEEP,
    );
  });

  it('asks what to do with the questions of a deleted group: move to the parent or another group, or delete', async () => {
    const me = await teacher();
    const top = await group(me.token, '上');
    const mid = await group(me.token, '中', top.id);
    const low = await group(me.token, '下', mid.id);
    const other = await group(me.token, '其他');
    await save(me.token, single({ groupId: low.id }));
    await save(me.token, single({ groupId: mid.id }));

    expectRefused(await del(me.token, `/api/myQuestionGroup/delete/${mid.id}`), QuestionMsg.GROUP_HAS_QUESTIONS(2));
    expectRefused(
      await del(me.token, `/api/myQuestionGroup/delete/${mid.id}?questions=move&targetId=${low.id}`),
      QuestionMsg.GROUP_MOVE_TARGET_INSIDE,
    );
    expect(expectOk(await del(me.token, `/api/myQuestionGroup/delete/${mid.id}?questions=move`))).toEqual({
      moved: 2,
      deleted: 0,
    });
    let shape = await tree(me.token);
    expect(shape.groups.find((g) => g.id === top.id)).toMatchObject({ count: 2, total: 2, children: [] });

    expectOk(await del(me.token, `/api/myQuestionGroup/delete/${top.id}?questions=move&targetId=${other.id}`));
    shape = await tree(me.token);
    expect(shape.groups).toMatchObject([{ id: other.id, count: 2 }]);

    expect(expectOk(await del(me.token, `/api/myQuestionGroup/delete/${other.id}?questions=delete`))).toEqual({
      moved: 0,
      deleted: 2,
    });
    expect((await list(me.token)).total).toBe(0);
    const empty = await group(me.token, '空');
    expectOk(await del(me.token, `/api/myQuestionGroup/delete/${empty.id}`));
    // Moving to the top level from a top group: the questions become ungrouped.
    const g = await group(me.token, '顶');
    await save(me.token, single({ groupId: g.id }));
    expectOk(await del(me.token, `/api/myQuestionGroup/delete/${g.id}?questions=move`));
    expect((await tree(me.token)).ungrouped).toBe(1);
  });
});

describe('questions', () => {
  it('saves every type, sanitizes rich text, lists with filters and shows the detail', async () => {
    const me = await teacher();
    const g = await group(me.token, '第一章');
    const sub = await group(me.token, '1.1', g.id);
    const one = await save(
      me.token,
      single({
        groupId: sub.id,
        stem: '<p onclick="x()">求 $x^2$ 的导数<script>alert(1)</script><img src="/api/site/image/a.png"></p>',
        analysis: '<p>因为<iframe src="//evil"></iframe>$2x$</p>',
        difficulty: 4,
        tags: ['导数', '导数'],
      }),
    );
    expect(one.stem).not.toMatch(/script|onclick/);
    expect(one.stem).toContain('$x^2$');
    expect(one.analysis).not.toContain('iframe');
    expect(one).toMatchObject({ version: 1, groupName: '1.1', tags: ['导数'], difficulty: 4 });
    const multi = await save(me.token, {
      type: 'multiple',
      stem: '<p>选出偶数</p>',
      options: ['1', '2', '3', '4'].map((html, i) => ({ key: 'ABCD'[i], html })),
      answer: ['D', 'B'],
      groupId: g.id,
    });
    expect(multi.answer).toEqual(['B', 'D']);
    await save(me.token, { type: 'judge', stem: '<p>地球是圆的</p>', answer: true, difficulty: 1 });
    const blank = await save(me.token, {
      type: 'blank',
      stem: '<p>中国的首都是____，成立于____年</p>',
      answer: [['北京', 'Beijing'], ['1949']],
      tags: ['地理'],
    });
    expect(blank.answer).toEqual([['北京', 'Beijing'], ['1949']]);
    await save(me.token, { type: 'short', stem: '<p>叙述罗尔定理</p>', answer: '<p>参考答案</p>' });

    expect((await list(me.token)).total).toBe(5);
    expect((await list(me.token, `&groupId=${g.id}`)).rows.map((r) => r.id).sort()).toEqual([one.id, multi.id].sort());
    expect((await list(me.token, '&type=judge')).total).toBe(1);
    expect((await list(me.token, '&difficulty=4')).rows.map((r) => r.id)).toEqual([one.id]);
    expect((await list(me.token, `&keyword=${encodeURIComponent('首都')}`)).rows.map((r) => r.id)).toEqual([blank.id]);
    expect((await list(me.token, `&keyword=${encodeURIComponent('地理')}`)).rows.map((r) => r.id)).toEqual([blank.id]);
    expect((await list(me.token, `&keyword=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(me.token, '&ungrouped=1')).total).toBe(3);
    const page = expectOk(await get<Paged<QuestionRow>>(me.token, '/api/myQuestion/getList?pageSize=2&pageNum=2'));
    expect(page).toMatchObject({ total: 5 });
    expect(page.rows).toHaveLength(2);
    expect(expectOk(await get<QuestionRow>(me.token, `/api/myQuestion/detail/${one.id}`))).toMatchObject({
      id: one.id,
      type: 'single',
      answer: 'B',
    });
  });

  it('refuses malformed questions with a clear message', async () => {
    const me = await teacher();
    const bad = (body: object) => post(me.token, '/api/myQuestion/save', body);
    expectRefused(await bad(single({ answer: 'C' })), QuestionMsg.ANSWER_UNKNOWN_OPTION);
    expectRefused(await bad(single({ stem: '' })), QuestionMsg.STEM_REQUIRED);
    expectRefused(await bad(single({ stem: '<p><script>x</script></p>' })), QuestionMsg.STEM_REQUIRED);
    expectRefused(await bad(single({ options: [{ key: 'A', html: 'x' }] })), QuestionMsg.OPTIONS_COUNT);
    expectRefused(
      await bad(
        single({
          options: [
            { key: 'A', html: 'x' },
            { key: 'C', html: 'y' },
          ],
        }),
      ),
      QuestionMsg.OPTION_KEYS,
    );
    expectRefused(await bad({ ...single(), type: 'multiple', answer: ['A'] }), QuestionMsg.ANSWER_MULTIPLE);
    expectRefused(await bad({ type: 'judge', stem: 'x', answer: 'yes' }), QuestionMsg.ANSWER_JUDGE);
    expectRefused(await bad({ type: 'blank', stem: 'x', answer: [] }), QuestionMsg.BLANKS_COUNT);
    expectRefused(await bad({ type: 'blank', stem: 'x', answer: [['  ']] }), QuestionMsg.BLANK_ANSWER_REQUIRED);
    expectRefused(await bad({ type: 'essay', stem: 'x' }), QuestionMsg.TYPE_REQUIRED);
    expectRefused(await bad(single({ difficulty: 6 })), QuestionMsg.DIFFICULTY_RANGE);
    expectRefused(await bad(single({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })), QuestionMsg.TAGS_MAX);
    expectRefused(await bad(single({ sectionId: 5 })), QuestionMsg.SECTION_NEEDS_BOOK);
    expectRefused(await bad(single({ groupId: 999999 })), QuestionMsg.GROUP_UNKNOWN);
  });

  it('modify bumps the version and leaves a taken snapshot as it was; delete only marks the question', async () => {
    const me = await teacher();
    const q = await save(me.token, single());
    const [snap] = await questionSnapshots(t.ctx, me.id, [q.id]);
    const edited = expectOk(
      await post<QuestionRow>(me.token, '/api/myQuestion/modify', {
        ...single({ stem: '<p>2+2=?</p>', answer: 'A' }),
        id: q.id,
      }),
    );
    expect(edited).toMatchObject({ version: 2, answer: 'A', stem: '<p>2+2=?</p>' });
    expect(snap).toMatchObject({ version: 1, answer: 'B', stem: '<p>1+1=?</p>' });
    expectOk(await del(me.token, `/api/myQuestion/delete/${q.id}`));
    expect((await get(me.token, `/api/myQuestion/detail/${q.id}`)).status).toBe(404);
    expect((await post(me.token, '/api/myQuestion/modify', { ...single(), id: q.id })).status).toBe(404);
    const row = await t.ctx.db.selectFrom('questions').select(['deleted']).where('id', '=', q.id).executeTakeFirst();
    expect(row?.deleted).toBe(1);
  });

  it('ties a question to a section of a book the teacher can teach, and filters by it', async () => {
    const w = await buildClassWorld(t.ctx);
    const [chapter] = await t.ctx.db
      .insertInto('book_sections')
      .values({ book_id: w.bookId, parent_id: 0, seq: 1, level: 1, title: '第一章 函数' })
      .returning('id')
      .execute();
    const sectionId = Number(chapter!.id);
    const saved = await save(w.teacher.token, single({ bookId: w.bookId, sectionId }));
    expect(saved).toMatchObject({ bookId: w.bookId, sectionId, sectionTitle: '第一章 函数' });
    expect(saved.bookTitle).toBeTruthy();
    expect((await list(w.teacher.token, `&sectionId=${sectionId}`)).total).toBe(1);
    expectRefused(
      await post(w.teacher.token, '/api/myQuestion/save', single({ bookId: w.bookId, sectionId: sectionId + 999 })),
      QuestionMsg.SECTION_UNKNOWN,
    );
    const elsewhere = await buildBook(t.ctx.db);
    expectRefused(
      await post(w.teacher.token, '/api/myQuestion/save', single({ bookId: elsewhere })),
      QuestionMsg.BOOK_NOT_TEACHABLE,
    );
    // The other teacher of the college holds no copy of the book.
    expectRefused(
      await post(w.otherTeacher.token, '/api/myQuestion/save', single({ bookId: w.bookId })),
      QuestionMsg.BOOK_NOT_TEACHABLE,
    );
  });
});

describe('who may use a bank', () => {
  it('only teachers; a teacher never reads or changes another teacher’s groups or questions', async () => {
    const me = await teacher();
    const other = await teacher();
    const college = await buildCollege(t.ctx.db);
    const student = await buildMember(t.ctx.db, { college, roles: '3' });
    const g = await group(me.token, '我的');
    const q = await save(me.token, single({ groupId: g.id }));

    expect((await get(undefined, '/api/myQuestionGroup/getTree')).status).toBe(401);
    expect((await get(student.token, '/api/myQuestionGroup/getTree')).status).toBe(403);
    expect((await get(student.token, '/api/myQuestion/getList')).status).toBe(403);
    expect((await post(student.token, '/api/myQuestion/save', single())).status).toBe(403);

    expect((await get(other.token, `/api/myQuestion/detail/${q.id}`)).status).toBe(403);
    expect((await post(other.token, '/api/myQuestion/modify', { ...single(), id: q.id })).status).toBe(403);
    expect((await del(other.token, `/api/myQuestion/delete/${q.id}`)).status).toBe(403);
    expect((await post(other.token, '/api/myQuestionGroup/modify', { id: g.id, name: 'x' })).status).toBe(403);
    expect((await post(other.token, '/api/myQuestionGroup/move', { id: g.id, position: 0 })).status).toBe(403);
    expect((await del(other.token, `/api/myQuestionGroup/delete/${g.id}?questions=delete`)).status).toBe(403);
    // Naming another teacher's group inside one's own request is refused too.
    expectRefused(
      await post(other.token, '/api/myQuestionGroup/save', { name: 'x', parentId: g.id }),
      QuestionMsg.GROUP_UNKNOWN,
    );
    expectRefused(
      await post(other.token, '/api/myQuestion/save', single({ groupId: g.id })),
      QuestionMsg.GROUP_UNKNOWN,
    );
    const mine = await group(other.token, '别人');
    expectRefused(
      await post(other.token, '/api/myQuestionGroup/move', { id: mine.id, parentId: g.id, position: 0 }),
      QuestionMsg.GROUP_UNKNOWN,
    );
    expect((await list(other.token)).total).toBe(0);
    expect((await list(other.token, `&groupId=${g.id}`)).total).toBe(0);
    expect((await tree(other.token)).groups.map((x) => x.id)).toEqual([mine.id]);
    expect(expectOk(await get<QuestionRow>(me.token, `/api/myQuestion/detail/${q.id}`)).version).toBe(1);
  });
});

describe('import and export', () => {
  it('downloads the template, imports 20 questions with new groups, and exports them again', async () => {
    const me = await teacher();
    const template = await t.app.inject({
      url: '/api/myQuestion/template',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(QUESTION_SHEET_HEADERS.map((_, i) => sheet.getRow(1).getCell(i + 1).value)).toEqual([
      ...QUESTION_SHEET_HEADERS,
    ]);
    expect(sheet.rowCount).toBe(6);
    expect(book.worksheets[1]!.name).toBe('填写说明');
    // The teacher keeps the template's columns and writes 20 questions in place of its examples.
    const filled = new ExcelJS.Workbook();
    const mine = filled.addWorksheet('题目');
    mine.addRow(QUESTION_SHEET_HEADERS.map((_, i) => sheet.getRow(1).getCell(i + 1).value));
    for (let i = 0; i < 20; i++) {
      const kind = i % 5;
      if (kind === 0)
        mine.addRow(['单选题', `单选${i}`, '甲', '乙', '丙', '', '', '', 'B', '', '2', '导入', '第一章/1.1']);
      if (kind === 1) mine.addRow(['多选题', `多选${i}`, '甲', '乙', '丙', '丁', '', '', 'A,C', '', '', '', '第一章']);
      if (kind === 2) mine.addRow(['判断题', `判断${i}`, '', '', '', '', '', '', '错误', '', '', '', '']);
      if (kind === 3)
        mine.addRow(['填空题', `填空${i}：____和____`, '', '', '', '', '', '', 'a/A|b', '', '5', '', '第二章']);
      if (kind === 4) mine.addRow(['简答题', `简答${i}`, '', '', '', '', '', '', '参考', '解析', '', '', '第二章']);
    }
    const report = expectOk(await upload(me.token, Buffer.from(await filled.xlsx.writeBuffer())));
    expect(report).toMatchObject({ added: 20, refused: 0 });
    expect(report.rows).toHaveLength(20);
    const shape = await tree(me.token);
    expect(shape.groups.map((g) => [g.name, g.total])).toEqual([
      ['第一章', 8],
      ['第二章', 8],
    ]);
    expect(shape.groups[0]!.children.map((g) => [g.name, g.count])).toEqual([['1.1', 4]]);
    expect(shape.ungrouped).toBe(4);
    const all = await list(me.token);
    expect(all.total).toBe(20);
    expect(all.rows.find((r) => r.stem === '<p>多选1</p>')).toMatchObject({ type: 'multiple', answer: ['A', 'C'] });
    expect(all.rows.find((r) => r.stem === '<p>填空3：____和____</p>')).toMatchObject({
      type: 'blank',
      answer: [['a', 'A'], ['b']],
      difficulty: 5,
    });
    expect(all.rows.find((r) => r.stem === '<p>判断2</p>')).toMatchObject({ answer: false });

    // The export has the template's columns and imports again (into the same groups).
    const exported = await t.app.inject({
      url: `/api/myQuestion/export?groupId=${shape.groups[0]!.id}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const again = new ExcelJS.Workbook();
    await again.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(again.worksheets[0]!.rowCount).toBe(9);
    expect(again.worksheets[0]!.getRow(2).getCell(1).value).toBe('单选题');
    expect(expectOk(await upload(me.token, Buffer.from(await again.xlsx.writeBuffer())))).toMatchObject({ added: 8 });
    expect((await tree(me.token)).groups.map((g) => g.total)).toEqual([16, 8]);
  });

  it('imports the good rows and reports each refused row with its reason', async () => {
    const me = await teacher();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('题目');
    sheet.addRow([...QUESTION_SHEET_HEADERS]);
    sheet.addRow(['单选题', '好题', '甲', '乙', '', '', '', '', 'A', '', '', '', '新分组']);
    sheet.addRow(['论述题', '怪题', '', '', '', '', '', '', '', '', '', '', '']);
    sheet.addRow(['单选题', '缺选项', '甲', '', '丙', '', '', '', 'A', '', '', '', '']);
    sheet.addRow(['单选题', '答案不在选项中', '甲', '乙', '', '', '', '', 'D', '', '', '', '']);
    sheet.addRow(['判断题', '判断', '', '', '', '', '', '', '也许', '', '', '', '']);
    sheet.addRow(['填空题', '两个空____和____', '', '', '', '', '', '', '一', '', '', '', '']);
    sheet.addRow(['单选题', '难度', '甲', '乙', '', '', '', '', 'A', '', '9', '', '']);
    sheet.addRow(['单选题', '', '甲', '乙', '', '', '', '', 'A', '', '', '', '']);
    sheet.addRow(['判断题', '也是好题', '', '', '', '', '', '', '对', '', '', '', '坏分组/x']);
    sheet.addRow(['单选题', '分组太深', '甲', '乙', '', '', '', '', 'A', '', '', '', 'a/b/c/d/e/f']);
    const result = await upload(me.token, Buffer.from(await book.xlsx.writeBuffer()));
    expect(result.body.code).toBe(Code.OK);
    expect(result.body.msg).toBe(QuestionMsg.IMPORT_DONE(2, 8));
    expect(result.body.data).toMatchObject({ added: 2, refused: 8, examples: 0 });
    expect(result.body.data.rows.map((r) => [r.row, r.result, r.reason])).toEqual([
      [2, 'added', ''],
      [3, 'refused', QuestionMsg.IMPORT_BAD_TYPE],
      [4, 'refused', QuestionMsg.IMPORT_OPTIONS_GAP],
      [5, 'refused', QuestionMsg.ANSWER_UNKNOWN_OPTION],
      [6, 'refused', QuestionMsg.ANSWER_JUDGE],
      [7, 'refused', QuestionMsg.IMPORT_BLANK_COUNT(2, 1)],
      [8, 'refused', QuestionMsg.DIFFICULTY_RANGE],
      [9, 'refused', QuestionMsg.STEM_REQUIRED],
      [10, 'added', ''],
      [11, 'refused', QuestionMsg.GROUP_TOO_DEEP],
    ]);
    const all = await list(me.token);
    expect(all.rows.map((r) => r.stem).sort()).toEqual(['<p>也是好题</p>', '<p>好题</p>']);
    // Only the groups a written question lies in are made (none of the refused row's deep path).
    const shape = await tree(me.token);
    expect(shape.groups.map((g) => [g.name, g.children.map((c) => c.name)])).toEqual([
      ['新分组', []],
      ['坏分组', ['x']],
    ]);

    // A file of bad rows only writes nothing and says so.
    const bad = new ExcelJS.Workbook();
    bad.addWorksheet('题目').addRows([[...QUESTION_SHEET_HEADERS], ['论述题', '怪题']]);
    const none = await upload(me.token, Buffer.from(await bad.xlsx.writeBuffer()));
    expect(none.body.msg).toBe(QuestionMsg.IMPORT_NOTHING_WRITTEN);
    expect(none.body.data).toMatchObject({ added: 0, refused: 1 });
    expect((await list(me.token)).total).toBe(2);

    expectRefused(await post(me.token, '/api/myQuestion/import', { x: 1 }), QuestionMsg.IMPORT_FILE);
    expectRefused(await upload(me.token, Buffer.from('not a workbook')), QuestionMsg.IMPORT_FILE);
    expectRefused(await upload(me.token, Buffer.alloc(5 * 1024 * 1024)), QuestionMsg.IMPORT_TOO_LARGE, 413);
    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet('x').addRow(['手机号', '姓名']);
    expectRefused(await upload(me.token, Buffer.from(await wrong.xlsx.writeBuffer())), QuestionMsg.IMPORT_HEADER);
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('题目').addRow([...QUESTION_SHEET_HEADERS]);
    expectRefused(await upload(me.token, Buffer.from(await empty.xlsx.writeBuffer())), QuestionMsg.IMPORT_EMPTY);
  });

  it("leaves the template's example rows out: the template as downloaded is refused, rows below them import", async () => {
    const me = await teacher();
    expectRefused(await get(me.token, '/api/myQuestion/export'), QuestionMsg.NOTHING_TO_EXPORT);
    const template = await t.app.inject({
      url: '/api/myQuestion/template',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expectRefused(await upload(me.token, template.rawPayload), QuestionMsg.IMPORT_ONLY_EXAMPLES);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    sheet.addRow(['判断题', '我自己的题', '', '', '', '', '', '', '错误', '', '', '', '']);
    sheet.addRow(['单选题', '我的第二题', '甲', '乙', '', '', '', '', 'B', '', '', '', '']);
    const result = await upload(me.token, Buffer.from(await book.xlsx.writeBuffer()));
    expect(result.body.msg).toBe(QuestionMsg.IMPORT_DONE(2, 0, 5));
    expect(result.body.data).toMatchObject({ added: 2, refused: 0, examples: 5 });
    expect(result.body.data.rows.map((r) => r.result)).toEqual([
      'example',
      'example',
      'example',
      'example',
      'example',
      'added',
      'added',
    ]);
    expect((await list(me.token)).rows.map((r) => r.stem).sort()).toEqual(['<p>我的第二题</p>', '<p>我自己的题</p>']);
  });
});
