import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { ClassReport, MyClassRow, Paged, StudyReport } from '@textbook/contracts';
import { api, baseURL, consoleErrors, DEVICES, loginAs, SCREENSHOT_DIR, shot, useJourney } from '../support/browser.js';

const journey = useJourney('reports');

/** Seeded demo members (server/src/demo/demo-site.ts): the teacher of 高数一班 and its approved student. */
const TEACHER = 3;
const STUDENT = 4;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function tokenOf(memberId: number): Promise<string> {
  return (await api<{ token: string }>('/api/test/session', { body: { memberId } })).data.token;
}

let prepared: Promise<{ classId: number; teacherToken: string }> | undefined;

/**
 * A reading session of the demo student, through the reader's own API: chapter 1 read to its end (15 min),
 * chapter 2 to 40% (10 min), a highlight in chapter 1 and a note in chapter 2. Made once for both devices.
 */
function prepare() {
  prepared ??= (async () => {
    const token = await tokenOf(STUDENT);
    const mine = await api<Paged<MyClassRow>>('/api/class/student/myClass', {
      token,
      body: { pageNum: 1, pageSize: 10 },
    });
    const cls = mine.data.rows.find((c) => c.className === '高数一班')!;
    const spine = await api<{ id: number; title: string }[]>(`/api/reader/spine?bookId=${cls.bookId}`, { token });
    const [c1, c2] = spine.data;
    const leave = (chapterId: number, read: number, seconds: number) =>
      api('/api/book/extend/leave', {
        token,
        body: { bookId: cls.bookId, chapterId, reads: [{ chapterId, read }], seconds },
      });
    expect((await leave(c1!.id, 1, 900)).code).toBe(200);
    expect((await leave(c2!.id, 0.4, 600)).code).toBe(200);
    const note = (chapterId: number, content: string) =>
      api('/api/reader/note/add', {
        token,
        body: { bookId: cls.bookId, chapterId, quote: '函数', startOffset: 0, endOffset: 2, content },
      });
    expect((await note(c1!.id, '')).code).toBe(200);
    expect((await note(c2!.id, '极限的定义这里没看懂')).code).toBe(200);
    return { classId: cls.classId, teacherToken: await tokenOf(TEACHER) };
  })();
  return prepared;
}

/** Renders the first page of a PDF to a PNG with pdf.js (and @napi-rs/canvas, its Node canvas). */
async function renderFirstPage(
  bytes: Uint8Array,
  file: string,
): Promise<{ width: number; height: number; text: string }> {
  // pdf.js draws glyphs as Path2D objects: they must be the same canvas package's as the canvas drawn on.
  const napi = await import('@napi-rs/canvas');
  Object.assign(globalThis, { Path2D: napi.Path2D, DOMMatrix: napi.DOMMatrix, ImageData: napi.ImageData });
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
  const first = await doc.getPage(1);
  const viewport = first.getViewport({ scale: 1.5 });
  const canvas = napi.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await first.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, canvas.toBuffer('image/png'));
  const content = await first.getTextContent();
  const text = content.items.map((i) => ('str' in i ? i.str : '')).join('');
  await doc.destroy();
  return { width: canvas.width, height: canvas.height, text };
}

for (const device of DEVICES) {
  test(`a student's study report after reading; the teacher's class report with the struggle map (${device})`, async () => {
    const { classId, teacherToken } = await prepare();

    // The student: their study report shows the book, the time and the heat map.
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto('/my/studyReport');
    const study = page.getByTestId('study-report');
    await poll(() => study.innerText().catch(() => '')).toContain('高等数学（上册）');
    await poll(() => page.getByTestId('report-chart').first().locator('canvas').count()).toBeGreaterThan(0);
    const mine = await api<StudyReport>('/api/myReport/overview', { token: await tokenOf(STUDENT) });
    expect(mine.data.seconds).toBeGreaterThanOrEqual(1500);
    expect(mine.data.notes).toBeGreaterThanOrEqual(1);
    await shot(page, 'study-report');

    // The teacher: the teaching report, 高数一班's report with its struggle map; a click opens the student's report.
    await page.context().clearCookies();
    await loginAs(page, TEACHER);
    await page.goto('/teachingReport');
    const report = page.getByTestId('class-report');
    await poll(() => report.innerText().catch(() => '')).toContain('学生学习情况');
    await poll(() => page.getByTestId('struggle-map').locator('canvas').count()).toBe(1);
    const cls = await api<ClassReport>(`/api/classReport/detail?classId=${classId}`, { token: teacherToken });
    expect(cls.data.sections.some((s) => s.struggle === 100)).toBe(true);
    await shot(page, 'class-report');
    await report.getByRole('button', { name: cls.data.roster.find((s) => s.opened)!.name }).click();
    const drawer = page.getByRole('dialog');
    await poll(() => drawer.innerText().catch(() => '')).toContain('的学习报告 - 高数一班');
    await shot(page, 'student-report', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);

    if (device !== 'desktop') return;
    // 导出PDF from the page: the progress line shows while it is made, then the file downloads.
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await report.getByRole('button', { name: '导出PDF' }).click();
    await poll(() => page.getByTestId('export-progress').count()).toBe(1);
    const file = await download;
    expect(file.suggestedFilename()).toBe('班级学习报告 - 高数一班.pdf');
    // The PDF itself: its first page rendered to an image, with the report's title on it.
    const res = await fetch(`${baseURL}/api/classReport/export?classId=${classId}&type=2`, {
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const png = path.join(SCREENSHOT_DIR, 'reports', 'pdf-page1-desktop.png');
    const rendered = await renderFirstPage(new Uint8Array(await res.arrayBuffer()), png);
    expect(rendered.width).toBeGreaterThan(800);
    expect(rendered.text).toContain('班级学习报告 - 高数一班');
    expect(fs.statSync(png).size).toBeGreaterThan(20_000);
  });
}
