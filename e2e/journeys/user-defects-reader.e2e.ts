/// <reference lib="dom" />
// Issue 30's reader defects: a chapter's resources had no button to open them; the selection bar stayed above the
// note dialog's mask; a student refused a chapter was told to ask for a sample, which only teachers may.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { ReaderMsg } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { chapterText, chaptersOf, importBook, selectText, spineOf } from '../support/reader.js';
import { makeStaff } from '../support/staff.js';

const journey = useJourney('user-defects-reader');
const TEACHER = 3;
const STUDENT = 4;

let bookId = 0;
/** The longest chapter (text to select), readable by the granted student. */
let chapterId = 0;
/** A chapter that is not free. */
let lockedId = 0;
const resourceTitle = `导学视频 ${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  bookId = await importBook('conformance/idpf-epub3-samples/childrens-literature.epub', 1);
  const chapters = await chaptersOf(bookId);
  chapterId = [...chapters].sort((a, b) => b.length - a.length)[0]!.id;
  lockedId = (await spineOf(bookId)).find((c) => !c.free)!.id;
  const grant = await api('/api/test/reader/grant', { body: { memberId: STUDENT, bookId, source: 'class' } });
  expect(grant.code).toBe(200);
  // Set-up: the staff attach a resource to the chapter.
  const staff = await makeStaff(['editor'], { isAdmin: true, tag: 'udr' });
  const attached = await api('/api/admin/reader/section/resource', {
    token: staff.token,
    body: { bookId, chapterId, category: 'video', title: resourceTitle, url: 'https://video.example.edu/1.mp4' },
  });
  expect(attached.code).toBe(200);
});

/** A phrase of a long line of the chapter (inside one text node, so the mouse can select it). */
const phrase = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!;
    const walker = document.createTreeWalker(root.querySelector('.epub-body')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const line = (n as Text).data.split('\n').find((l) => /^[^\s](.*[^\s])?$/.test(l.trim()) && l.length > 80);
      if (line) return line.trim().slice(20, 44);
    }
    throw new Error('no long paragraph');
  });

/** Presses Tab until the button named `name` has the focus (at most `max` times): answers whether it got it. */
async function tabTo(page: Page, name: string, max = 8): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return true;
  }
  return false;
}

for (const device of DEVICES) {
  test(`the reader's toolbar opens the chapter's resources, by keyboard too (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapterId}`);
    await chapterText(page);
    const button = page.getByRole('banner').getByRole('button', { name: '资源' });
    await button.waitFor();
    await shot(page, 'toolbar');
    await button.click();
    const drawer = page.getByRole('dialog', { name: '本章资源' });
    await drawer.getByText(resourceTitle).waitFor();
    await shot(page, 'resources');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // From the contents button, Tab reaches it and Enter opens the drawer.
    await page.getByRole('banner').getByRole('button', { name: '目录' }).focus();
    expect(await tabTo(page, '资源')).toBe(true);
    await page.keyboard.press('Enter');
    await drawer.getByText(resourceTitle).waitFor();
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`the selection bar goes while the note dialog is open (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapterId}`);
    await chapterText(page);
    await selectText(page, await phrase(page));
    const bar = page.getByRole('toolbar', { name: '选中文字操作' });
    await bar.waitFor();
    await page.getByTestId('add-note').click();
    const dialog = page.getByRole('dialog', { name: '添加笔记' });
    await dialog.waitFor();
    await bar.waitFor({ state: 'detached' });
    await shot(page, 'note-dialog');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`a refused chapter names a sample only to a teacher (${device})`, async () => {
    // A student of the college with no way into the book (the demo student holds it through a class here).
    const made = await api<{ id: number }>('/api/test/member', { body: { userName: `学生${device}` } });
    const teacherInfo = await api<{ member: { collegeId: number } }>('/api/getMemberInfo', {
      token: (await api<{ token: string }>('/api/test/session', { body: { memberId: TEACHER } })).data.token,
    });
    await api('/api/test/college-member', {
      body: { memberId: made.data.id, collegeId: teacherInfo.data.member.collegeId, roles: '3' },
    });
    const student = await journey.page(device);
    await loginAs(student, made.data.id);
    await student.goto(`/bookPreview?bookId=${bookId}&chapterId=${lockedId}`);
    const refused = student.getByText('暂无阅读权限');
    await refused.waitFor();
    expect(await student.locator('.reader-state').innerText()).toContain(ReaderMsg.DENIED_WAYS);
    expect(await student.locator('.reader-state').innerText()).not.toContain('样书');
    await shot(student, 'student-refused');

    const teacher = await journey.page(device);
    await loginAs(teacher, TEACHER);
    await teacher.goto(`/bookPreview?bookId=${bookId}&chapterId=${lockedId}`);
    await teacher.getByText('暂无阅读权限').waitFor();
    expect(await teacher.locator('.reader-state').innerText()).toContain(ReaderMsg.DENIED_WAYS_WITH_SAMPLE);
    await shot(teacher, 'teacher-refused');
  }, 120_000);
}
