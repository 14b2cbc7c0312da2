/// <reference lib="dom" />
// Read aloud (issue 33) with the browser's speech synthesis. Headless Chromium has no voices: every page gets a
// small stand-in for the device's speaker (`window.speechSynthesis`, installed before the app starts) that records
// what it is asked to say and ends a sentence when the journey says so, or on a timer. Everything else goes through
// the reader's own screens: the 朗读 button, the mini player's buttons, the keys, the selection toolbar.
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, painted, shot, useJourney } from '../support/browser.js';
import { chapterText, openReader, selectText, spineOf } from '../support/reader.js';

const journey = useJourney('read-aloud');
/** The demo student (server/src/demo/demo-site.ts). */
const STUDENT = 4;

let bookId = 0;
let chapters: { id: number; free: boolean }[] = [];

beforeAll(async () => {
  const list = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=999');
  bookId = list.data.rows.find((b) => b.title === '大学语文')!.id;
  chapters = await spineOf(bookId);
  expect(chapters.length).toBeGreaterThan(1);
  const grant = await api('/api/test/reader/grant', { body: { memberId: STUDENT, bookId, source: 'class' } });
  expect(grant.code).toBe(200);
});

interface Said {
  text: string;
  lang: string;
  rate: number;
  voice: string;
}

/**
 * The stand-in speaker (speechSynthesis and its utterances): `window.__tts` says what was said, `finish()` ends the
 * sentence, `ms` its length (a timer; by default sentences end only when the journey says).
 */
function fakeSpeaker() {
  const voices = [
    { voiceURI: 'test-zh', name: '测试中文语音', lang: 'zh-CN', localService: true, default: true },
    { voiceURI: 'test-en', name: 'Test English', lang: 'en-US', localService: true, default: false },
  ];
  type U = SpeechSynthesisUtterance;
  const said: { text: string; lang: string; rate: number; voice: string }[] = [];
  let current: U | null = null;
  let timer = 0;
  const end = () => {
    const u = current;
    current = null;
    synth.speaking = false;
    u?.onboundary?.({ charIndex: u.text.length } as SpeechSynthesisEvent);
    u?.onend?.({} as SpeechSynthesisEvent);
  };
  const tts = {
    said,
    ms: 1e9,
    finish: end,
    current: () => current?.text ?? null,
    /** Sentences last `ms` from now on, the one being said too. */
    pace(ms: number) {
      tts.ms = ms;
      clearTimeout(timer);
      if (current && ms < 1e8) timer = window.setTimeout(end, ms);
    },
  };
  const synth = Object.assign(new EventTarget(), {
    speaking: false,
    pending: false,
    paused: false,
    onvoiceschanged: null,
    getVoices: () => voices,
    speak(u: U) {
      said.push({ text: u.text, lang: u.lang, rate: u.rate, voice: u.voice?.voiceURI ?? '' });
      current = u;
      synth.speaking = true;
      clearTimeout(timer);
      u.onstart?.({} as SpeechSynthesisEvent);
      u.onboundary?.({ charIndex: 0 } as SpeechSynthesisEvent);
      if (tts.ms < 1e8) timer = window.setTimeout(end, tts.ms);
    },
    cancel() {
      clearTimeout(timer);
      const u = current;
      current = null;
      synth.speaking = false;
      u?.onerror?.({ error: 'interrupted' } as SpeechSynthesisErrorEvent);
    },
    pause() {
      synth.paused = true;
    },
    resume() {
      synth.paused = false;
    },
  });
  // Its utterances too: a real one takes only the browser's own voice objects, and headless Chromium has none.
  class Utterance extends EventTarget {
    lang = '';
    rate = 1;
    pitch = 1;
    volume = 1;
    voice: SpeechSynthesisVoice | null = null;
    onstart: ((e: SpeechSynthesisEvent) => void) | null = null;
    onend: ((e: SpeechSynthesisEvent) => void) | null = null;
    onboundary: ((e: SpeechSynthesisEvent) => void) | null = null;
    onerror: ((e: SpeechSynthesisErrorEvent) => void) | null = null;
    constructor(public text = '') {
      super();
    }
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  (window as unknown as { __tts: typeof tts }).__tts = tts;
}

const said = (page: Page) => page.evaluate(() => (window as unknown as { __tts: { said: Said[] } }).__tts.said);
const lastSaid = async (page: Page) => (await said(page)).at(-1) ?? null;
const finish = (page: Page) => page.evaluate(() => (window as unknown as { __tts: { finish(): void } }).__tts.finish());
const setPace = (page: Page, ms: number) =>
  page.evaluate((ms) => (window as unknown as { __tts: { pace(ms: number): void } }).__tts.pace(ms), ms);

/**
 * The highlighted sentence (CSS.highlights 'read-aloud') as a reader sees it: its text, whether it is on screen
 * in the reading area, whether any text before it in the chapter is on screen (then it is not the first one
 * shown), and the chapter it is in.
 */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const found = CSS.highlights.get('read-aloud');
    const range = found ? ([...found][0] as Range | undefined) : undefined;
    if (!range) return null;
    const main = document.querySelector('.reader-main')!.getBoundingClientRect();
    const shows = (r: DOMRect) =>
      r.width > 0 && r.bottom > main.top + 1 && r.top < main.bottom - 1 && r.right > main.left && r.left < main.right;
    const body = (range.startContainer.getRootNode() as ShadowRoot).querySelector('.viewport:not(.gone) .epub-body');
    const host = (range.startContainer.getRootNode() as ShadowRoot).host as HTMLElement;
    return {
      text: range.toString().replace(/\s+/g, ' ').trim(),
      onScreen: [...range.getClientRects()].some(shows),
      /** The first character on screen before reading started (`markFirstShown`) is in the sentence. */
      holdsFirstShown: (() => {
        const first = (window as unknown as { __firstShown?: { node: Node; offset: number } }).__firstShown;
        if (!first?.node.isConnected) return 'the first character shown left the page';
        return range.comparePoint(first.node, first.offset) === 0;
      })(),
      inShownChapter: !host.hidden && body!.contains(range.startContainer),
      chapterStart: (body!.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
    };
  });

/** Notes the chapter's first character shown in the reading area now (before reading starts). */
const markFirstShown = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('.reader-main')!.getBoundingClientRect();
    const shows = (r: DOMRect) =>
      r.width > 0 && r.bottom > main.top + 1 && r.top < main.bottom - 1 && r.right > main.left && r.left < main.right;
    const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
    const body = root.querySelector('.viewport:not(.gone) .epub-body')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const one = document.createRange();
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      for (let i = 0; i < n.data.length; i += 1) {
        if (!n.data[i]!.trim()) continue;
        one.setStart(n, i);
        one.setEnd(n, i + 1);
        if ([...one.getClientRects()].some(shows)) {
          (window as unknown as { __firstShown: object }).__firstShown = { node: n, offset: i };
          return n.data.slice(i, i + 12);
        }
      }
    }
    return null;
  });

const announced = (page: Page) => page.getByTestId('read-aloud-announce').innerText();

for (const device of DEVICES) {
  test(`a student has a chapter read aloud, sentence by sentence, into the next chapter (${device})`, async () => {
    const page = await journey.page(device);
    await page.addInitScript(fakeSpeaker);
    await loginAs(page, STUDENT);
    const [first, second] = chapters;
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${first!.id}`);
    await chapterText(page);

    // 朗读 opens the mini player and reads the first sentence on screen, highlighted.
    // Once the chapter's own answer is in (a chapter fetched ahead is drawn again when it arrives).
    await page.waitForLoadState('networkidle');
    await painted(page);
    expect(await markFirstShown(page)).not.toBeNull();
    await page.getByTestId('read-aloud-button').click();
    const bar = page.getByRole('region', { name: '朗读' });
    await bar.waitFor();
    await expect.poll(async () => (await said(page)).length).toBeGreaterThan(0);
    const opening = (await said(page))[0]!;
    expect(opening.lang).toMatch(/^zh/);
    expect(opening.voice).toBe('test-zh');
    const lit = (await highlighted(page))!;
    expect(lit.text).toBe(opening.text);
    expect(lit.onScreen).toBe(true);
    expect(lit.holdsFirstShown).toBe(true);
    await expect.poll(() => announced(page)).toMatch(/^正在朗读第 \d+ 句，共 \d+ 句$/);
    await expect.poll(() => bar.getByRole('button', { name: '暂停' }).count()).toBe(1);
    await shot(page, 'playing', { fullPage: false });
    // The system's media controls (a phone's lock screen) show what plays.
    const playing = await page.evaluate(() => {
      const meta = navigator.mediaSession.metadata;
      return { title: meta?.title, artist: meta?.artist, state: navigator.mediaSession.playbackState };
    });
    expect(playing).toEqual({ title: '第一单元 诗词鉴赏', artist: '大学语文', state: 'playing' });

    // A sentence ends: the next is said and highlighted.
    await finish(page);
    await expect.poll(async () => (await said(page)).length).toBe(2);
    const secondSaid = (await lastSaid(page))!.text;
    expect(secondSaid).not.toBe(opening.text);
    expect((await highlighted(page))!.text).toBe(secondSaid);

    // 下一句 / 上一句 by the buttons and by the keys (. and ,).
    await bar.getByRole('button', { name: '下一句' }).click();
    await expect.poll(async () => (await lastSaid(page))!.text).not.toBe(secondSaid);
    const third = (await lastSaid(page))!.text;
    expect((await highlighted(page))!.text).toBe(third);
    await bar.getByRole('button', { name: '上一句' }).click();
    await expect.poll(async () => (await lastSaid(page))!.text).toBe(secondSaid);
    await page.locator('.reader-main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('.');
    await expect.poll(async () => (await lastSaid(page))!.text).toBe(third);
    await page.keyboard.press(',');
    await expect.poll(async () => (await lastSaid(page))!.text).toBe(secondSaid);
    expect((await highlighted(page))!.text).toBe(secondSaid);

    // Speed: the sentence again at the new speed, kept with the reader's settings.
    await bar.getByRole('combobox', { name: '朗读速度' }).selectOption('1.5');
    await expect.poll(async () => (await lastSaid(page))!.rate).toBe(1.5);
    expect((await lastSaid(page))!.text).toBe(secondSaid);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('reader-settings') ?? '{}').readAloudRate);
    expect(kept).toBe(1.5);

    // Pause and resume (the button and the r key): the sentence again from its start.
    await bar.getByRole('button', { name: '暂停' }).click();
    await expect.poll(() => announced(page)).toBe('朗读已暂停');
    expect(
      await page.evaluate(() => (window as unknown as { __tts: { current(): string | null } }).__tts.current()),
    ).toBe(null);
    await shot(page, 'paused', { fullPage: false });
    const before = (await said(page)).length;
    await page.keyboard.press('r');
    await expect.poll(async () => (await said(page)).length).toBe(before + 1);
    expect((await lastSaid(page))!.text).toBe(secondSaid);
    await expect.poll(() => bar.getByRole('button', { name: '暂停' }).count()).toBe(1);

    // From a selected sentence near the chapter's end (朗读 in the selection toolbar), on into the next chapter.
    const needle = await page.evaluate(() => {
      const body = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelector('.epub-body')!;
      const paragraphs = [...body.querySelectorAll('p')].filter((p) => (p.textContent ?? '').trim().length > 12);
      const text = paragraphs.at(-1)!.textContent!.trim();
      return text.slice(-10, -2);
    });
    await selectText(page, needle);
    await page.getByTestId('read-aloud-selection').waitFor();
    await shot(page, 'selection-toolbar', { fullPage: false });
    await page.getByTestId('read-aloud-selection').click();
    await expect.poll(async () => (await lastSaid(page))!.text).toContain(needle);
    await setPace(page, 40);
    await page.waitForURL((url) => url.searchParams.get('chapterId') === String(second!.id), { timeout: 20_000 });
    await chapterText(page);
    // Held there: the sentence said last is the one highlighted, in the chapter on screen; the chapter was read
    // from its first sentence on.
    await setPace(page, 1e9);
    await expect.poll(async () => (await highlighted(page))?.inShownChapter ?? false, { timeout: 10_000 }).toBe(true);
    const inNext = (await highlighted(page))!;
    expect(inNext.onScreen).toBe(true);
    // (A long sentence is said in parts: the part said last is in the sentence highlighted.)
    expect(inNext.text).toContain((await lastSaid(page))!.text);
    expect((await lastSaid(page))!.rate).toBe(1.5);
    const all = await said(page);
    const last = all.findLastIndex((s) => s.text.includes(needle));
    const opened = all.findIndex((s, i) => i > last && inNext.chapterStart.startsWith(s.text.slice(0, 20)));
    expect(opened).toBeGreaterThan(last);
    await shot(page, 'next-chapter', { fullPage: false });

    // Closing the player stops the voice and the highlight.
    await bar.getByRole('button', { name: '关闭朗读' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(await highlighted(page)).toBeNull();
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('in pages, the page turns with the reading (desktop)', async () => {
  const page = await journey.page('desktop');
  await page.addInitScript(fakeSpeaker);
  // The reader chose pages (its settings drawer's choice, kept on the device).
  await page.addInitScript(() =>
    localStorage.setItem('reader-settings', JSON.stringify({ flow: 'paged', flowChosen: true })),
  );
  // A visitor on the free chapter: no stored place, the chapter opens at its first page.
  await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${chapters.find((c) => c.free)!.id}&trial=1`);
  await chapterText(page);
  await page.waitForLoadState('networkidle');
  const scrolled = () =>
    page.evaluate(
      () =>
        document
          .querySelector('[data-testid=chapter-host]:not([hidden])')!
          .shadowRoot!.querySelector('.viewport:not(.gone)')!.scrollLeft,
    );
  expect(await scrolled()).toBe(0);
  await page.getByTestId('read-aloud-button').click();
  await expect.poll(async () => (await said(page)).length).toBeGreaterThan(0);
  // Sentences go by until the reading is on another page: that page is on screen, the sentence highlighted on it.
  await setPace(page, 30);
  await expect.poll(scrolled, { timeout: 15_000 }).toBeGreaterThan(0);
  await setPace(page, 1e9);
  await painted(page);
  const lit = (await highlighted(page))!;
  expect(lit.onScreen).toBe(true);
  expect(lit.text).toContain((await lastSaid(page))!.text);
  await shot(page, 'paged', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);
});

test('in continuous mode, the reading goes on down the page into the next chapter (desktop)', async () => {
  const page = await journey.page('desktop');
  await page.addInitScript(fakeSpeaker);
  await page.addInitScript(() =>
    localStorage.setItem('reader-settings', JSON.stringify({ continuous: true, continuousChosen: true })),
  );
  await loginAs(page, STUDENT);
  await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapters[0]!.id}`);
  await page.getByTestId('reader-continuous').waitFor();
  await chapterText(page);
  await page.waitForLoadState('networkidle');
  const needle = await page.evaluate(() => {
    const body = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelector('.epub-body')!;
    const paragraphs = [...body.querySelectorAll('p')].filter((p) => (p.textContent ?? '').trim().length > 12);
    return paragraphs.at(-1)!.textContent!.trim().slice(-10, -2);
  });
  await selectText(page, needle);
  await page.getByTestId('read-aloud-selection').click();
  await expect.poll(async () => (await lastSaid(page))?.text ?? '').toContain(needle);
  expect((await highlighted(page))!.onScreen).toBe(true);
  await setPace(page, 40);
  await page.waitForURL((url) => url.searchParams.get('chapterId') === String(chapters[1]!.id), { timeout: 20_000 });
  await setPace(page, 1e9);
  const second = chapters[1]!.id;
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          const range = [...(CSS.highlights.get('read-aloud') ?? [])][0] as Range | undefined;
          const host = range && ((range.startContainer.getRootNode() as ShadowRoot).host as HTMLElement);
          return host?.closest('section')?.getAttribute('aria-labelledby') === `reader-chapter-${id}`;
        }, second),
      { timeout: 10_000 },
    )
    .toBe(true);
  const lit = (await highlighted(page))!;
  expect(lit.onScreen).toBe(true);
  expect(lit.text).toContain((await lastSaid(page))!.text);
  const all = await said(page);
  const last = all.findLastIndex((s) => s.text.includes(needle));
  expect(all.findIndex((s, i) => i > last && lit.chapterStart.startsWith(s.text.slice(0, 20)))).toBeGreaterThan(last);
  await shot(page, 'continuous', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);
});

test('a fixed-layout page is read aloud too (desktop)', async () => {
  const list = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=999');
  const fixedBook = list.data.rows.find((b) => b.title === '微积分图解')!.id;
  const first = (await spineOf(fixedBook)).find((c) => c.free)!;
  const page = await journey.page('desktop');
  await page.addInitScript(fakeSpeaker);
  await openReader(page, `/bookPreview?bookId=${fixedBook}&chapterId=${first.id}&trial=1`);
  await page.locator(`[data-testid=fixed-page][data-chapter="${first.id}"][data-painted]`).waitFor();
  await page.getByTestId('read-aloud-button').click();
  await expect.poll(async () => (await said(page)).length).toBeGreaterThan(0);
  const lit = await page.evaluate(() => {
    const range = [...(CSS.highlights.get('read-aloud') ?? [])][0] as Range | undefined;
    if (!range) return null;
    const host = (range.startContainer.getRootNode() as ShadowRoot).host as HTMLElement;
    return { text: range.toString().replace(/\s+/g, ' ').trim(), chapter: host.dataset.chapter };
  });
  expect(lit).toEqual({ text: (await said(page))[0]!.text, chapter: String(first.id) });
  await shot(page, 'fixed-layout', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);
});

test('a visitor hears the free chapter to its end, and is told where reading stops', async () => {
  const page = await journey.page('desktop');
  await page.addInitScript(fakeSpeaker);
  const free = chapters.find((c) => c.free)!;
  await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${free.id}&trial=1`);
  await chapterText(page);
  const needle = await page.evaluate(() => {
    const body = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelector('.epub-body')!;
    const paragraphs = [...body.querySelectorAll('p')].filter((p) => (p.textContent ?? '').trim().length > 12);
    return paragraphs.at(-1)!.textContent!.trim().slice(-10, -2);
  });
  await selectText(page, needle);
  await page.getByTestId('read-aloud-selection').click();
  await expect.poll(async () => (await lastSaid(page))?.text ?? '').toContain(needle);
  await setPace(page, 40);
  await expect.poll(() => announced(page), { timeout: 15_000 }).toBe('可阅读的部分已朗读完，获得阅读权限后可继续朗读');
  expect(new URL(page.url()).searchParams.get('chapterId')).toBe(String(free.id));
  expect(await highlighted(page)).toBeNull();
  await shot(page, 'end-of-free', { fullPage: false });
});

test('a device without a voice says so', async () => {
  const page = await journey.page('phone');
  await page.addInitScript(() => {
    Object.defineProperty(window, 'speechSynthesis', {
      value: Object.assign(new EventTarget(), { getVoices: () => [], speak() {}, cancel() {} }),
      configurable: true,
    });
  });
  await loginAs(page, STUDENT);
  await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapters[0]!.id}`);
  await chapterText(page);
  await page.getByTestId('read-aloud-button').click();
  await expect.poll(() => announced(page), { timeout: 5000 }).toBe('此设备没有可用的朗读语音');
  await expect.poll(() => page.getByTestId('read-aloud-state').innerText()).toBe('此设备没有可用的朗读语音');
  await shot(page, 'no-voice', { fullPage: false });
});

test('W3C mol-tts_single: a media overlay without audio is read by text-to-speech', async () => {
  const r = await api<{ bookId: number }>('/api/test/reader/import', {
    body: { file: 'w3c-layout-media-tests/mol-tts_single.epub', freeChapters: 999 },
  });
  expect(r.code).toBe(200);
  const spine = await spineOf(r.data.bookId);
  const page = await journey.page('desktop');
  await page.addInitScript(fakeSpeaker);
  // The excerpt is the book's second document (its first says how the test passes).
  await openReader(page, `/bookPreview?bookId=${r.data.bookId}&chapterId=${spine[1]!.id}&trial=1`);
  await chapterText(page);
  // The chapter has a media overlay: its player (not speech's) reads it, the fragment without audio by speech.
  expect(await page.getByTestId('read-aloud-button').count()).toBe(0);
  await page.getByTestId('overlay-play').click();
  await expect.poll(async () => (await said(page)).length).toBeGreaterThan(0);
  const opening = (await said(page))[0]!;
  expect(opening.text).toMatch(/^Call me Ishmael\./);
  await shot(page, 'mol-tts-single', { fullPage: false });
  console.log('W3C mol-tts_single: pass (text-to-speech of the SMIL text fragment, highlighted)');
});
