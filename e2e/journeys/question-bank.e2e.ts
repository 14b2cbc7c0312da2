import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import {
  QUESTION_IMPORT_RESULT_LABEL,
  QUESTION_SHEET_HEADERS,
  QuestionMsg,
  type Paged,
  type QuestionGroupNode,
  type QuestionGroupTree,
  type QuestionRow,
} from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, saved, shot, useJourney } from '../support/browser.js';

const journey = useJourney('question-bank');

/** antd spaces a two-character button label (保 存). */
const SAVE = /^保\s?存$/;

/** The seeded demo teacher (server/src/demo/demo-site.ts). */
const TEACHER = 3;

/** The machine is shared and slow at times: a screen gets 15 s to show what it should. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const findGroup = (groups: QuestionGroupNode[], name: string): QuestionGroupNode | undefined => {
  for (const g of groups) {
    if (g.name === name) return g;
    const inner = findGroup(g.children, name);
    if (inner) return inner;
  }
  return undefined;
};

/** The template's columns and 20 questions of every type, into `top/sub` and `top`. */
async function workbook(top: string, sub: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  sheet.addRow([...QUESTION_SHEET_HEADERS]);
  for (let i = 1; i <= 20; i++) {
    const group = i <= 10 ? `${top}/${sub}` : top;
    const rows: Record<number, (string | number)[]> = {
      0: [
        '单选题',
        `函数 $f(x)=x^{${i}}$ 的导数是（第${i}题）`,
        `$${i}x^{${i - 1}}$`,
        `$x^{${i}}$`,
        '$0$',
        '',
        '',
        '',
        'A',
        '幂函数求导',
        2,
        '导数',
        group,
      ],
      1: ['多选题', `下列哪些是偶数（第${i}题）`, '2', '3', '4', '5', '', '', 'AC', '', 3, '', group],
      2: ['判断题', `可导函数一定连续（第${i}题）`, '', '', '', '', '', '', '正确', '', 1, '', group],
      3: [
        '填空题',
        `$\\lim_{x\\to 0}\\frac{\\sin x}{x}=$____（第${i}题）`,
        '',
        '',
        '',
        '',
        '',
        '',
        '1',
        '',
        3,
        '极限',
        group,
      ],
      4: ['简答题', `叙述罗尔定理（第${i}题）`, '', '', '', '', '', '', '见教材', '', 4, '', group],
    };
    sheet.addRow(rows[i % 5]!);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a teacher builds a group tree, imports 20 questions from the template and edits one (desktop)', async () => {
  const page = await journey.page('desktop');
  const token = await loginAs(page, TEACHER);
  const stamp = Date.now().toString(36).slice(-5);
  const top = `第一章 函数${stamp}`;
  const sub = `1.1 导数${stamp}`;
  const other = `第二章 积分${stamp}`;
  await page.goto('/my/questionBank');
  await page.getByRole('button', { name: '新建分组' }).click();
  await page.getByRole('textbox', { name: '分组名称' }).fill(other);
  await page.getByRole('button', { name: SAVE }).click();
  await poll(() => page.locator('.qb-tree').innerText()).toContain(other);
  await page.getByRole('button', { name: '新建分组' }).click();
  await page.getByRole('textbox', { name: '分组名称' }).fill(top);
  await page.getByRole('button', { name: SAVE }).click();
  await poll(() => page.locator('.qb-tree').innerText()).toContain(top);
  // The new group is selected: a subgroup under it, then it moves up above the other group by keyboard.
  await page.getByRole('button', { name: '新建子分组' }).click();
  await page.getByRole('textbox', { name: '分组名称' }).fill(sub);
  await page.getByRole('textbox', { name: '分组名称' }).press('Enter');
  await poll(() => page.locator('.qb-tree').innerText()).toContain(sub);
  await page.locator('.qb-tree').getByText(top, { exact: true }).click();
  await page.getByRole('button', { name: '上移' }).click();
  const order = async () => {
    const tree = (await api<QuestionGroupTree>('/api/myQuestionGroup/getTree', { token })).data;
    return tree.groups.map((g) => g.name).filter((n) => n === top || n === other);
  };
  await poll(order).toEqual([top, other]);
  await shot(page, 'tree');

  // Import: the template's columns, 20 rows; the report says all were added.
  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '导入题目' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: '题目.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook(top, sub),
  });
  // Read and checked in the worker pool: on a busy machine this takes a while.
  await expect
    .poll(() => dialog.innerText(), { timeout: 45_000, interval: 200 })
    .toContain('导入完成：成功20道，失败0道');
  await shot(page, 'import-report');
  await dialog.locator('.ant-modal-footer button').click();

  const tree = (await api<QuestionGroupTree>('/api/myQuestionGroup/getTree', { token })).data;
  expect(findGroup(tree.groups, top)).toMatchObject({ count: 10, total: 20 });
  expect(findGroup(tree.groups, sub)).toMatchObject({ count: 10 });

  // The group's list (with its subgroup), formulas typeset by KaTeX.
  await page.locator('.qb-tree').getByText(sub, { exact: true }).click();
  await poll(() => page.locator('.ant-pagination').innerText()).toContain('共 10 道');
  await poll(() => page.locator('.ant-table .katex').count()).toBeGreaterThan(0);
  await shot(page, 'list');

  // Edit the first question: a new stem; the bank keeps a new version.
  const first = (
    await api<Paged<QuestionRow>>(`/api/myQuestion/getList?groupId=${findGroup(tree.groups, sub)!.id}&pageSize=1`, {
      token,
    })
  ).data.rows[0]!;
  await page.getByRole('button', { name: `编辑题目${first.id}` }).click();
  const editor = page.locator('.ant-modal').filter({ hasText: '编辑题目' });
  const stem = editor.getByRole('textbox', { name: '题干' });
  await stem.fill('求 $\\int_0^1 x\\,dx$ 的值（已修改）');
  await poll(() => editor.getByLabel('公式预览').locator('.katex').count()).toBeGreaterThan(0);
  await shot(page, 'editor');
  await editor.getByRole('button', { name: SAVE }).click();
  await poll(async () => (await api<QuestionRow>(`/api/myQuestion/detail/${first.id}`, { token })).data.version).toBe(
    first.version + 1,
  );
  await poll(() => page.locator('.ant-table').innerText()).toContain('已修改');
  expect(consoleErrors(page)).toEqual([]);
}, 120_000);

test('the bank on a phone: the group tree folds above the list (phone)', async () => {
  const page = await journey.page('phone');
  const token = await loginAs(page, TEACHER);
  // Its own questions, so the phone does not wait for the desktop's.
  const group = await api<{ id: number }>('/api/myQuestionGroup/save', {
    token,
    body: { name: `手机分组${Date.now() % 100000}` },
  });
  for (const stem of ['<p>$a^2+b^2=c^2$ 是勾股定理</p>', '<p>三角形内角和为 180°</p>']) {
    await api('/api/myQuestion/save', { token, body: { type: 'judge', stem, answer: true, groupId: group.data.id } });
  }
  await page.goto('/my/questionBank');
  await poll(() => page.locator('.qb-groups-collapse').innerText()).toContain('分组：全部题目');
  await poll(() => page.locator('.ant-table-tbody tr').count()).toBeGreaterThan(1);
  await shot(page, 'phone-list');
  await page.locator('.qb-groups-collapse .ant-collapse-header').click();
  await poll(() => page.locator('.qb-tree').isVisible()).toBe(true);
  await shot(page, 'phone-groups');
  expect(consoleErrors(page)).toEqual([]);
}, 90_000);

for (const device of DEVICES) {
  test(`a teacher fills the downloaded template below its examples, one row wrong: the good rows are written, the bad one's reason shown, the examples left out (${device})`, async () => {
    const page = await journey.page(device);
    const token = await loginAs(page, TEACHER);
    const stamp = `${device}${Date.now().toString(36).slice(-5)}`;
    const group = `导入报告${stamp}`;
    await page.goto('/my/questionBank');
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入题目' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载导入模板' }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await saved(await download))) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    // The template's five examples stay where they are; the teacher writes below them.
    sheet.addRow(['判断题', `极限存在则函数有界（${stamp}）`, '', '', '', '', '', '', '错误', '', '', '', group]);
    sheet.addRow(['单选题', `$1+1=$（${stamp}）`, '1', '2', '', '', '', '', 'B', '', '', '', group]);
    sheet.addRow(['论述题', `写错题型的一行（${stamp}）`, '', '', '', '', '', '', '', '', '', '', group]);
    await dialog.locator('input[type=file]').setInputFiles({
      name: '题目导入模板.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await expect
      .poll(() => dialog.innerText(), { timeout: 45_000, interval: 200 })
      .toContain(QuestionMsg.IMPORT_DONE(2, 1, 5));
    const report = dialog.getByRole('table');
    await poll(() => report.getByText(QUESTION_IMPORT_RESULT_LABEL.example, { exact: true }).count()).toBe(5);
    expect(await report.getByText(QUESTION_IMPORT_RESULT_LABEL.added, { exact: true }).count()).toBe(2);
    const bad = report.locator('tr', { hasText: QUESTION_IMPORT_RESULT_LABEL.refused });
    expect(await bad.innerText()).toContain(QuestionMsg.IMPORT_BAD_TYPE);
    expect(await bad.innerText()).toContain('9');
    await shot(page, 'import-partial-report');
    await dialog.locator('.ant-modal-footer button').click();
    // Written: the two good questions, in their group; nothing of the examples or the bad row.
    const tree = (await api<QuestionGroupTree>('/api/myQuestionGroup/getTree', { token })).data;
    expect(findGroup(tree.groups, group)).toMatchObject({ count: 2 });
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);
}
