// Pages of the web app itself on the throttled phone of issue 30 (item 16; bench/first-tap.ts's profile), each a
// cold visit (fresh context, empty cache), median of THROTTLED_RUNS (default 3):
// - /login: from the navigation's start to the login dialog painted (budget 1 s);
// - a student's /my (the personal centre) and /list (the shelf): the first paint (a skeleton, at once) and the
//   page useful — text in the page and no skeleton or spinner left (budget 1.5 s).
// A paint is the first frame in which what is looked for holds (looked for in each frame's animation callbacks,
// the time taken in a task queued from there, which runs once the frame is drawn), from performance.timeOrigin.
//
//   npm run bench -- --only throttled
import type { BenchContext, Measurement, MeasurementResult } from './lib.js';
import { median, THROTTLED, throttledPhone } from './first-tap.js';

const RUNS = Math.max(1, Number(process.env.THROTTLED_RUNS ?? 3));

type Look = 'login-dialog' | 'useful';

interface Visit {
  /** Navigation start to the first contentful paint, ms. */
  fcpMs: number | null;
  /** Navigation start to what was looked for painted, ms. */
  shownMs: number;
  /** Where the page ended (a redirect of /my to its first item). */
  path: string;
}

async function visit(ctx: BenchContext, pathname: string, look: Look, as?: 'student'): Promise<Visit> {
  const { context, page } = await throttledPhone(ctx);
  try {
    if (as) {
      await context.addCookies([
        { name: 'Book-Token', value: ctx.token(as), url: ctx.baseURL, httpOnly: true, sameSite: 'Lax' },
        { name: 'Book-Login', value: '1', url: ctx.baseURL, sameSite: 'Lax' },
      ]);
    }
    // A string, not a function: tsx would name its closures with a helper the page does not have.
    await page.addInitScript(`(() => {
      const kind = ${JSON.stringify(look)};
      const visible = (selector) =>
        Array.from(document.querySelectorAll(selector)).some((e) =>
          e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        );
      const holds = () => {
        if (kind === 'login-dialog') return visible('.login-dialog');
        const root = document.getElementById('root');
        const text = root ? root.innerText.trim().length : 0;
        return text > 40 && !visible('.ant-skeleton, .ant-spin-spinning, .skeleton, [aria-busy="true"]');
      };
      const frame = () => {
        if (holds()) {
          setTimeout(() => (window.__shownAt = performance.now()));
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`);
    await page.goto(ctx.baseURL + pathname, { waitUntil: 'commit', timeout: 60_000 });
    const shown = await page
      .waitForFunction(() => (window as { __shownAt?: number }).__shownAt ?? null, null, { timeout: 60_000 })
      .then((handle) => handle.jsonValue());
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    return {
      fcpMs: fcp === null ? null : Math.round(fcp),
      shownMs: Math.round(Number(shown)),
      path: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}

function row(name: string, value: number, budget: number, detail: unknown): MeasurementResult {
  return { name, value, unit: 'ms', budget, limit: 'max', pass: value <= budget, detail };
}

export const measurements: Measurement[] = [
  {
    name: 'throttled phone: login dialog, a student’s cold /my and shelf',
    async run(ctx): Promise<MeasurementResult[]> {
      const login: Visit[] = [];
      const my: Visit[] = [];
      const shelf: Visit[] = [];
      for (let i = 0; i < RUNS; i++) {
        login.push(await visit(ctx, '/login', 'login-dialog'));
        my.push(await visit(ctx, '/my', 'useful', 'student'));
        shelf.push(await visit(ctx, '/list', 'useful', 'student'));
      }
      const profile = { ...THROTTLED, viewport: '390×844' };
      const fcp = (visits: Visit[]) => median(visits.map((v) => v.fcpMs ?? Infinity));
      return [
        row(
          'login dialog painted on a cold /login, phone throttled (median)',
          median(login.map((v) => v.shownMs)),
          1000,
          {
            runs: login,
            profile,
          },
        ),
        row('a student’s cold /my: first paint, phone throttled (median)', fcp(my), 1500, { runs: my }),
        row('a student’s cold /my: useful, phone throttled (median)', median(my.map((v) => v.shownMs)), 1500, {
          runs: my,
          profile,
        }),
        row('a student’s cold shelf /list: first paint, phone throttled (median)', fcp(shelf), 1500, { runs: shelf }),
        row(
          'a student’s cold shelf /list: useful, phone throttled (median)',
          median(shelf.map((v) => v.shownMs)),
          1500,
          {
            runs: shelf,
            profile,
          },
        ),
      ];
    },
  },
];
