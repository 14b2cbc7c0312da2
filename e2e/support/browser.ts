// Browser helpers for the journeys: the run's one Chromium (global-setup.ts), pages at desktop and phone size,
// screenshots, console-error capture, and logging in through the test-only session route.
//
//   const journey = useJourney('shell');              // in the file's top level
//   for (const device of DEVICES) test(`home (${device})`, async () => {
//     const page = await journey.page(device);        // fresh context, closed after the file
//     await loginAs(page, 1);
//     await page.goto('/');
//     await shot(page, 'home');                        // e2e/screenshots/shell/home-<device>.png
//     expect(consoleErrors(page)).toEqual([]);
//   });
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, HEADLESS_SHELL, journeyBrowserPath } from './chromium.js';
import { ROOT } from './server.js';

export type Device = 'desktop' | 'phone';
export const DEVICES: Device[] = ['desktop', 'phone'];

export const DEVICE_OPTIONS: Record<Device, BrowserContextOptions> = {
  desktop: { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // One device pixel per CSS pixel: the same layout as a phone's, drawn with a quarter of the pixels (the
    // journeys are CPU-bound on a two-core machine; software rasterizing at 2x made every phone step dearer).
    deviceScaleFactor: 1,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Chrome/156.0.0.0 Mobile Safari/537.36',
  },
};

/** The running server of this e2e run (started by global-setup.ts). */
export const baseURL: string = inject('baseURL');

export const SCREENSHOT_DIR = path.join(ROOT, 'e2e', 'screenshots');

interface PageInfo {
  journey: string;
  device: Device;
  errors: string[];
  /** The last API answers (status, method, path, time taken), for the report of a failed journey. */
  calls: string[];
}
const CALLS_KEPT = 25;
const pages = new WeakMap<Page, PageInfo>();

function info(page: Page): PageInfo {
  const found = pages.get(page);
  if (!found) throw new Error('this page was not opened with journey.page()');
  return found;
}

export interface Journey {
  readonly name: string;
  /** The run's Chromium, as this file's connection to it (made in beforeAll). */
  browser(): Browser;
  /**
   * A new context and page at the device's size, with baseURL set; closed after the file. `in: 'chromium'` opens it
   * in a Chromium of this file's own instead of the run's headless shell, for what depends on the default fonts a
   * user's Chromium has per script (the shell maps `serif` to a Latin font even in Chinese text).
   */
  page(device: Device, options?: BrowserContextOptions, where?: { in: 'chromium' }): Promise<Page>;
  /**
   * The tab `open` makes the opener's browser open (a link with target=_blank): same context, so same session and
   * device; watched and photographed like the opener.
   */
  popup(opener: Page, open: () => Promise<void>): Promise<Page>;
}

/** Records a page's errors and last API answers (for consoleErrors and the report of a failed journey). */
function watch(page: Page, entry: PageInfo): void {
  pages.set(page, entry);
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/book/asset/')) return;
    const took = res.request().timing().responseStart;
    entry.calls.push(`${res.status()} ${res.request().method()} ${url.pathname}${url.search} ${Math.round(took)}ms`);
    if (entry.calls.length > CALLS_KEPT) entry.calls.shift();
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') entry.errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => entry.errors.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? 'failed';
    // Navigations away abort pending requests; that is not an error of the page.
    if (failure !== 'net::ERR_ABORTED') entry.errors.push(`requestfailed: ${req.method()} ${req.url()} ${failure}`);
  });
}

/**
 * Registers the file's browser: a connection to the run's Chromium, made before the file's tests and closed
 * (with the file's contexts) after them. `name` names the screenshot folder; its old screenshots are removed
 * at the start.
 */
export function useJourney(name: string): Journey {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    fs.rmSync(path.join(SCREENSHOT_DIR, name), { recursive: true, force: true });
    browser = await chromium.connect(inject('browserEndpoint'), { timeout: 60_000 });
  });

  let ownChromium: Promise<Browser> | undefined;
  /** Pages opened by the test under way: on its failure each is photographed and described. */
  const opened: Page[] = [];

  afterEach(async ({ task }) => {
    const pagesOfTest = opened.splice(0);
    if (task.result?.state !== 'fail') return;
    for (const page of pagesOfTest) await reportFailedPage(page, task.name).catch(() => undefined);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await (await ownChromium)?.close();
  });

  /** The run's browser, or (when that is the headless shell) a Chromium launched for this file on first use. */
  const browserFor = (where: { in: 'chromium' } | undefined): Browser | Promise<Browser> => {
    if (!where || journeyBrowserPath() !== HEADLESS_SHELL) return journey.browser();
    ownChromium ??= chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
    return ownChromium;
  };

  const journey: Journey = {
    name,
    browser() {
      if (!browser) throw new Error('the browser starts in beforeAll; call journey.browser() inside a test');
      return browser;
    },
    async page(device, options = {}, where) {
      const context = await (
        await browserFor(where)
      ).newContext({
        ...DEVICE_OPTIONS[device],
        baseURL,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        // The installed app's service worker answers requests page.route could no longer see: journeys run
        // without it unless they test it (offline.e2e.ts passes serviceWorkers: 'allow').
        serviceWorkers: 'block',
        ...options,
      });
      contexts.push(context);
      // The badge's live stream is a long-lived request: on a busy machine it could open before a page's own
      // requests finish and keep `networkidle` from ever coming. Journeys start it late; `livePush` opts in.
      await context.addInitScript(() => {
        (window as { __noticeStreamDelayMs?: number }).__noticeStreamDelayMs = 20_000;
      });
      const page = await context.newPage();
      watch(page, { journey: name, device, errors: [], calls: [] });
      opened.push(page);
      return page;
    },
    async popup(opener, open) {
      const [page] = await Promise.all([opener.context().waitForEvent('page'), open()]);
      watch(page, { ...info(opener), errors: [], calls: [] });
      opened.push(page);
      await page.waitForLoadState();
      return page;
    },
  };
  return journey;
}

/**
 * What a failed test's page showed: a screenshot `FAILED-<test>-<device>.png` beside the journey's others, and in
 * the run's output its address, errors, toasts, open dialogs and last API answers (what CI keeps of a failure).
 */
async function reportFailedPage(page: Page, testName: string): Promise<void> {
  if (page.isClosed()) return;
  const { journey, device, errors, calls } = info(page);
  const slug = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  const file = path.join(SCREENSHOT_DIR, journey, `FAILED-${slug}-${device}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, timeout: 10_000 }).catch(() => undefined);
  const dialogs = await page
    .locator('.ant-modal-wrap:visible, .ant-drawer-open, .ant-popover:visible')
    .allInnerTexts()
    .catch(() => []);
  const lines = [
    `[e2e] failed: ${journey} › ${testName} (${device}) at ${page.url()}`,
    `  screenshot: ${path.relative(ROOT, file)}`,
    `  toasts: ${JSON.stringify(await toasts(page).catch(() => []))}`,
    `  open dialogs: ${JSON.stringify(dialogs.map((d) => d.replace(/\s+/g, ' ').slice(0, 300)))}`,
    `  errors: ${JSON.stringify(errors)}`,
    '  last API answers:',
    ...calls.map((c) => `    ${c}`),
  ];
  console.warn(lines.join('\n'));
}

/**
 * Saves a download to a fresh temporary folder under its suggested name and answers the file's path (the run's
 * browser is connected to, not launched here, and Playwright keeps no local copy of a remote browser's files).
 */
export async function saved(download: Download): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** Errors seen on the page so far: console errors, uncaught exceptions, failed requests. */
export function consoleErrors(page: Page): string[] {
  return [...info(page).errors];
}

/** Texts of the toasts on screen now (antd message and notification), e.g. an error the client showed. */
export async function toasts(page: Page): Promise<string[]> {
  const texts = await page.locator('.ant-message-notice, .ant-notification-notice').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** Saves a full-page PNG to e2e/screenshots/<journey>/<name>-<device>.png and returns its path. */
/** Waits until the page has painted two more frames: what a scroll or an answer set off is on screen. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const { journey, device } = info(page);
  if (device === 'phone') {
    // A page wider than a phone's screen makes the phone zoom the whole page out: every phone screenshot checks it
    // (a one-line news title and a long book title once widened a single-column grid to 473 and 401 px).
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${journey}/${name}: the page is wider than the phone's screen`).toBeLessThanOrEqual(
      clientWidth,
    );
  }
  const file = path.join(SCREENSHOT_DIR, journey, `${name}-${device}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return file;
}

/**
 * Waits until the web app has started over a visitor page written on the server (it starts at the first touch,
 * web/start/start-app.js), for steps that need the app's own page rather than the server's.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __tbReady?: boolean }).__tbReady === true);
}

/** Calls the API of the test server; answers the parsed envelope. */
export async function api<T = unknown>(
  pathname: string,
  init: { method?: string; body?: unknown; token?: string; /** another server than the run's */ base?: string } = {},
): Promise<{ code: number; msg: string; data: T }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch((init.base ?? baseURL) + pathname, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as { code: number; msg: string; data: T };
  } catch {
    throw new Error(`${pathname}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * The cookies a login leaves in the browser, as the server sets them: the HttpOnly `Book-Token` and the readable
 * `Book-Login` marker by which the web app knows a session is there.
 */
export async function setSessionCookies(context: BrowserContext, token: string, url = baseURL): Promise<void> {
  await context.addCookies([
    { name: 'Book-Token', value: token, url, httpOnly: true, sameSite: 'Lax' },
    { name: 'Book-Login', value: '1', url, sameSite: 'Lax' },
  ]);
}

/** Opens a session for a member through the test route and sets the session cookies; returns the token. */
export async function loginAs(page: Page, memberId: number): Promise<string> {
  const answer = await api<{ token: string }>('/api/test/session', { body: { memberId } });
  if (answer.code !== 200) throw new Error(`test session for member ${memberId}: ${answer.code} ${answer.msg}`);
  await setSessionCookies(page.context(), answer.data.token);
  return answer.data.token;
}

/** Adds `count` unread notices for a member through the test route. */
export async function addNotices(memberId: number, count: number): Promise<void> {
  const answer = await api('/api/test/notices', { body: { memberId, count } });
  if (answer.code !== 200) throw new Error(`test notices for member ${memberId}: ${answer.code} ${answer.msg}`);
}

/**
 * Waits until the page's path is `pathname` (client-side redirects run after the load event, later on a busy
 * machine), then asserts it, so a failure still names the path that was reached.
 */
export async function expectPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout }).catch(() => undefined);
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/** Lets this page's live notice stream start as in production (1.5 s after load), for journeys of the push. */
export async function livePush(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as { __noticeStreamDelayMs?: number }).__noticeStreamDelayMs = 1500;
  });
}
