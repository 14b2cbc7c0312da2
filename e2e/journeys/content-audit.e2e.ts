import { expect, test } from 'vitest';
import { Msg, SiteMsg, type ActivityRow, type ClassRow, type Paged } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';

/**
 * Issue 30 item 12: the content audit of spec §8 made real. An editor adds a word to the content check's list in
 * the console (图书管理 › 字典, 审核词); a student's discussion reply holding it is refused where it is written with
 * 因内容审核不通过，建议修改后重新发布（…）, the text kept; changed, the reply is published.
 */
const journey = useJourney('content-audit');

/** Seeded demo members (server/src/db/seed/demo-site.ts) and their class (seed/demo-teaching.ts). */
const TEACHER = 3;
const STUDENT = 4;
const CLASS = '高数一班';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

for (const device of DEVICES) {
  test(`a listed word in a discussion reply is refused where it is written (${device})`, async () => {
    const stamp = `${device === 'phone' ? 'P' : 'D'}${Date.now() % 100000}`;
    const word = `代考${stamp}`;

    // The editor lists the word in the console.
    const editor = await makeStaff(['editor'], { tag: 'audit' });
    const consolePage = await journey.page('desktop');
    await setStaffCookies(consolePage.context(), editor.token);
    await consolePage.goto('/admin/dict', { waitUntil: 'networkidle' });
    // The word list is the third dictionary of the page (forced: the switch's sliding thumb never holds still long
    // enough on a loaded machine for a plain click).
    const addWord = consolePage.getByRole('button', { name: /新增审核词/ });
    await consolePage.getByTestId('dict-kind').getByText('审核词').click({ force: true });
    await addWord.waitFor({ timeout: 30_000 });
    await addWord.click();
    const form = consolePage.getByTestId('dict-form');
    await form.getByLabel('名称').fill(word);
    await form.getByRole('button', { name: /保\s?存/ }).click();
    await poll(() => consolePage.getByTestId('admin-dict').textContent()).toContain(word);
    await shot(consolePage, `audit-words-${device}`);
    expect(consoleErrors(consolePage)).toEqual([]);

    // A discussion the teacher opened; the student replies.
    const teacherToken = (await api<{ token: string }>('/api/test/session', { body: { memberId: TEACHER } })).data
      .token;
    const cls = (await api<Paged<ClassRow>>('/api/class/page?pageSize=100', { token: teacherToken })).data.rows.find(
      (c) => c.name === CLASS,
    )!;
    const title = `讨论 审核 ${stamp}`;
    const topic = await api<ActivityRow>('/api/teachActivity/save', {
      token: teacherToken,
      body: { classId: cls.id, kind: 'discussion', title, content: '谈谈备考的方法' },
    });
    await api('/api/teachActivity/open', { token: teacherToken, body: { id: topic.data.id } });

    const student = await journey.page(device);
    await loginAs(student, STUDENT);
    await student.goto(`/my/classActivity?classId=${cls.id}`);
    const discussion = student.getByTestId('student-activity').filter({ hasText: title });
    const box = discussion.getByLabel('回复内容');
    await box.fill(`有人能帮我${word}吗`);
    await discussion.getByRole('button', { name: /^发\s*送$/ }).click();
    const refusal = discussion.getByTestId('reply-refusal');
    await poll(() => refusal.textContent()).toBe(Msg.AUDIT_FAILED(SiteMsg.AUDIT_WORD(word)));
    expect(await box.inputValue()).toBe(`有人能帮我${word}吗`);
    expect(await discussion.getByTestId('replies').innerText()).not.toContain(word);
    await shot(student, 'reply-refused');

    // Changed, it is published and the refusal goes.
    await box.fill('有人能和我一起复习吗');
    await discussion.getByRole('button', { name: /^发\s*送$/ }).click();
    await poll(() => discussion.getByTestId('replies').innerText()).toContain('有人能和我一起复习吗');
    expect(await refusal.count()).toBe(0);
    await shot(student, 'reply-published');
    // The refusal's answer (HTTP 400) is the only error the browser logged.
    const refusedReply = (e: string) => e.includes('status of 400') && e.includes('/api/teachActivity/reply');
    expect(consoleErrors(student).filter((e) => !refusedReply(e))).toEqual([]);
  }, 240_000);
}
