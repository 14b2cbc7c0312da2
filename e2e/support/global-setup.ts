// Vitest global setup of the browser journeys: builds what is stale, starts the production bundle on a
// free port with a fresh seeded SQLite data folder and the test-only routes, and one Chromium that every
// journey file connects to (a context of its own each); stops both afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { CHROMIUM_ARGS, journeyBrowserPath } from './chromium.js';
import { ROOT, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browserPath = journeyBrowserPath();
  if (!fs.existsSync(browserPath)) {
    throw new Error(`Chromium not found at ${browserPath}: run \`node scripts/ensure-setup.mjs --browser\``);
  }
  buildIfStale({ log: (line: string) => console.log(line) });
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    console.warn('[e2e] web/dist/index.html missing: the server runs API-only');
  }
  const server = await startServer({ label: 'textbook-e2e' });
  console.log(`[e2e] server ${server.baseURL} (pid ${server.pid}, data ${server.dataDir})`);
  project.provide('baseURL', server.baseURL);
  // One browser for the run: a launch per file cost a second of both cores each time. Playwright gives it a
  // fresh temporary profile and removes it on close; each file's pages live in contexts of their own.
  const browser = await chromium.launchServer({
    executablePath: browserPath,
    headless: true,
    // The compositor's GPU process (software drawing here) runs as a thread of the browser process: less copying
    // between processes for every frame. Measured in Chromium: a teacher's page load, a dialog and a screenshot
    // took 12% less CPU in one probe (5 runs each way), as much as the noise in another; the classes journeys 69 s
    // instead of 76 s. (The benches keep the default.)
    args: [...CHROMIUM_ARGS, '--in-process-gpu'],
    timeout: 60_000,
  });
  console.log(`[e2e] browser ${browserPath}`);
  project.provide('browserEndpoint', browser.wsEndpoint());
  const siteBefore = await publicSite(server.baseURL);

  return async () => {
    await browser.close().catch(() => undefined);
    // Journeys share the server: one that changes the public site (menus, site info, links, versions) puts it back.
    const siteAfter = await publicSite(server.baseURL).catch((err: Error) => ({ unreadable: err.message }));
    // Keep the server log of the last run for a look after a failure; the data folder goes.
    const keep = path.join(ROOT, 'e2e/.tmp');
    fs.mkdirSync(keep, { recursive: true });
    try {
      const log = fs.readFileSync(server.logFile, 'utf8');
      fs.writeFileSync(path.join(keep, 'server.log'), log);
      reportServerErrors(log);
    } catch {
      // no log written
    }
    await server.stop();
    const changed = Object.keys(siteBefore).filter(
      (key) => JSON.stringify(siteBefore[key]) !== JSON.stringify((siteAfter as Record<string, unknown>)[key]),
    );
    if (changed.length) {
      // vitest only logs an error thrown here: the exit code says the run failed.
      process.exitCode = 1;
      throw new Error(`[e2e] a journey left the public site changed (${changed.join(', ')}): put back what it adds`);
    }
  };
}

/** What every visitor sees of the site's own settings: the shell's data, as the public routes answer it. */
async function publicSite(baseURL: string): Promise<Record<string, unknown>> {
  const read = async (address: string) => ((await (await fetch(baseURL + address)).json()) as { data: unknown }).data;
  const out: Record<string, unknown> = {};
  for (const address of ['/api/site', '/api/site/bottomMenu/list', '/api/site/link/list', '/api/navMenu/list']) {
    out[address] = await read(address);
  }
  out['/api/version/base'] = await read('/api/version/base');
  return out;
}

/**
 * The server's own errors (pino level 50 and up) in the run's output: a journey that saw a 500 then names its
 * cause where CI prints it, not only in e2e/.tmp/server.log on a machine that is gone.
 */
function reportServerErrors(log: string): void {
  const errors = log.split('\n').filter((line) => /"level":(5|6)\d/.test(line));
  if (!errors.length) return;
  console.warn(`[e2e] the server logged ${errors.length} error(s); the first ones:`);
  for (const line of errors.slice(0, 5)) console.warn(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
}
