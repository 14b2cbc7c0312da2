// Issue 30's page defects: search results opened directly came without their stylesheet; a renamed member kept
// the old name in the header and sidebar; students saw sample wording on the shelf; the book-list search's heading
// ended in a colon; the agreement's title showed twice and the register tab said 登录; a seat taken by joining a
// class was labelled 管理员授权; the console's colleges group was titled 学院订单.
import { expect, test } from 'vitest';
import { CollegeText, StaffMenus, type AuthorizeMember, type CollegeBookRow, type Paged } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, toasts, useJourney } from '../support/browser.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';

const journey = useJourney('user-defects-pages');
const COLLEGE_ADMIN = 2;
const TEACHER = 3;
const STUDENT = 4;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const tokenOf = async (memberId: number) =>
  (await api<{ token: string }>('/api/test/session', { body: { memberId } })).data.token;

for (const device of DEVICES) {
  test(`search results opened directly are styled, and so is a reload (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/search-result?searchText=${encodeURIComponent('高等数学')}`);
    await page.getByTestId('hit-title').first().waitFor();
    const layout = () =>
      page.evaluate(() => ({
        toolbar: getComputedStyle(document.querySelector('.catalog-toolbar')!).display,
        hit: getComputedStyle(document.querySelector('.hit')!).display,
        cover: document.querySelector('.hit .book-cover')!.getBoundingClientRect().width,
      }));
    // Unstyled, the heading, box and count run together and a cover takes the whole column (300 px).
    const styled = { toolbar: 'flex', hit: 'flex', cover: expect.toSatisfy((w: number) => w > 40 && w < 120) };
    expect(await layout()).toEqual(styled);
    await shot(page, 'search-result');
    await page.reload();
    await page.getByTestId('hit-title').first().waitFor();
    expect(await layout()).toEqual(styled);
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`the book-list search with no words is headed 书单搜索 (${device})`, async () => {
    const page = await journey.page(device);
    await page.goto('/booksearch');
    const heading = page.getByRole('heading', { level: 3 }).first();
    await poll(() => heading.innerText()).toBe('书单搜索');
    await shot(page, 'booksearch');
  }, 60_000);

  test(`a new name shows in the header and the sidebar at once, over the real name (${device})`, async () => {
    // The demo student has a real name (张小华); his user name is given back afterwards.
    const token = await tokenOf(STUDENT);
    const before = (await api<{ member: { userName: string } }>('/api/getMemberInfo', { token })).data.member.userName;
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    try {
      await page.goto('/my/person');
      const name = `小华${device}`;
      await page.getByTestId('person-name').fill(name);
      await page.getByRole('button', { name: /^保\s*存$/ }).click();
      await poll(() => toasts(page)).toContain('修改成功');
      await poll(() => page.locator('.user-name').textContent()).toBe(name);
      await poll(() => page.locator('.my-name').textContent()).toBe(name);
      await shot(page, 'renamed');
      expect(consoleErrors(page)).toEqual([]);
    } finally {
      await api('/api/updateName', { token, body: { userName: before } });
    }
  }, 60_000);

  test(`a student's shelf has no sample tab; a teacher's has (${device})`, async () => {
    const student = await journey.page(device);
    await loginAs(student, STUDENT);
    await student.goto('/list');
    const filter = student.locator('.shelf-filter');
    await filter.getByText('全部').waitFor();
    expect(await filter.innerText()).not.toContain('样书');
    await shot(student, 'student-shelf');

    const teacher = await journey.page(device);
    await loginAs(teacher, TEACHER);
    await teacher.goto('/list');
    await teacher.locator('.shelf-filter').getByText('样书').waitFor();
    expect(consoleErrors(student)).toEqual([]);
  }, 60_000);

  test(`the agreement shows its title once; the register tab says 注册 (${device})`, async () => {
    const page = await journey.page(device);
    await page.goto('/login', { waitUntil: 'networkidle' });
    const dialog = page.locator('.login-dialog');
    await dialog.waitFor();
    await dialog.getByText('没有账号？立即注册').click();
    await poll(() => dialog.getByRole('tab').allInnerTexts()).toEqual(['手机号注册']);
    await dialog.getByText('《用户协议》').click();
    const agreement = page.getByRole('dialog', { name: '用户协议' });
    await agreement.locator('.agreement-body').waitFor();
    expect(await agreement.getByText('用户协议', { exact: true }).count()).toBe(1);
    await shot(page, 'agreement', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  }, 60_000);

  test(`a seat taken by joining a class says so (${device})`, async () => {
    const token = await tokenOf(COLLEGE_ADMIN);
    const books = await api<Paged<CollegeBookRow>>('/api/collegeBook/page?pageSize=100', { token });
    const book = books.data.rows.find((b) => b.bookName.startsWith('高等数学（上册）'))!;
    const holders = await api<Paged<AuthorizeMember>>(
      `/api/collegeBook/getAuthorizeMember?id=${book.id}&pageSize=100`,
      {
        token,
      },
    );
    const joined = holders.data.rows.find((h) => h.via === 'class')!;
    expect(joined).toBeDefined();

    const page = await journey.page(device);
    await loginAs(page, COLLEGE_ADMIN);
    await page.goto(`/my/authDetails?id=${book.id}`);
    const row = page.getByTestId('holders').locator('tr').filter({ hasText: joined.phone });
    await poll(() => row.innerText()).toContain(CollegeText.VIA.class!);
    expect(await row.innerText()).not.toContain(CollegeText.VIA.grant!);
    await shot(page, 'holders');
    expect(consoleErrors(page)).toEqual([]);
  }, 60_000);
  test(`the search panel's browse links group the books by subject and by collection (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto('/', { waitUntil: 'networkidle' });
    const open = async () => {
      // A mouse opens the panel by hovering; a finger taps the button.
      if (device === 'desktop') await page.getByTestId('search-trigger').hover();
      else await page.getByRole('button', { name: '搜索' }).first().tap();
      const panel = page.getByTestId('search-panel');
      // A tap made while the page's own app is still starting can be lost on a loaded machine: tap once more.
      const shown = await panel
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (!shown && device !== 'desktop') await page.getByRole('button', { name: '搜索' }).first().tap();
      return panel;
    };
    await (await open()).getByRole('link', { name: '按学科浏览' }).click();
    await page.getByRole('heading', { name: '按学科浏览' }).waitFor();
    const groups = page.getByTestId('browse-group');
    await poll(() => groups.count()).toBeGreaterThan(1);
    await poll(() => groups.first().getByTestId('book-card').count()).toBeGreaterThan(0);
    expect(await groups.locator('h2').allInnerTexts()).toEqual(expect.arrayContaining(['理学', '工学']));
    await shot(page, 'browse-subjects');
    // A group's link opens the whole list of that subject.
    await groups
      .filter({ hasText: '理学' })
      .getByRole('link', { name: /全部 \d+ 本/ })
      .click();
    await poll(() => new URL(page.url()).searchParams.get('subjectId')).not.toBeNull();
    await page.getByTestId('subject-tree').waitFor();

    await (await open()).getByRole('link', { name: '按丛书浏览' }).click();
    await page.getByRole('heading', { name: '按丛书浏览' }).waitFor();
    await poll(() => groups.count()).toBeGreaterThan(0);
    await poll(() => groups.first().getByTestId('book-card').count()).toBeGreaterThan(0);
    await shot(page, 'browse-collections');
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`the download page offers the site as an app, with a code to open it on a phone (${device})`, async () => {
    const page = await journey.page(device);
    await page.goto('/download');
    const card = page.getByTestId('web-app');
    await card.getByText('网页版（可安装）').waitFor();
    const qr = card.getByTestId('web-app-qr');
    await qr.locator('canvas').waitFor();
    expect(await qr.getAttribute('aria-label')).toBe('手机扫码打开本站');
    // The site is installable for real: its manifest is linked and answers.
    const manifest = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel=manifest]')?.href ?? '',
    );
    expect(manifest).not.toBe('');
    expect((await page.request.get(manifest)).ok()).toBe(true);
    await qr.scrollIntoViewIfNeeded();
    await shot(page, 'download');
    expect(consoleErrors(page)).toEqual([]);
  }, 60_000);
}

test('the console group holding 学校 is named for colleges, not 学院订单', async () => {
  const page = await journey.page('desktop');
  const staff = await makeStaff(['finance'], { tag: 'udp' });
  await setStaffCookies(page.context(), staff.token);
  await page.goto('/admin');
  const menu = page.getByRole('complementary', { name: '管理菜单' }).getByRole('menu');
  await menu.getByText(StaffMenus.colleges.label, { exact: true }).first().click();
  await menu.getByText('学校', { exact: true }).waitFor();
  expect(StaffMenus.colleges.label).not.toBe('学院订单');
  await shot(page, 'console-colleges');
  expect(consoleErrors(page)).toEqual([]);
}, 60_000);
