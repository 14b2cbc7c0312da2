// Vitest global setup of the browser journeys: builds what is stale, starts the production bundle on a
// free port with a fresh seeded SQLite data folder and the test-only routes, and stops it afterwards.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { chromiumPath } from './chromium.js';
import { ROOT, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!fs.existsSync(chromiumPath())) {
    throw new Error(`Chromium not found at ${chromiumPath()}: run \`node scripts/ensure-setup.mjs --browser\``);
  }
  buildIfStale({ log: (line: string) => console.log(line) });
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    console.warn('[e2e] web/dist/index.html missing: the server runs API-only');
  }
  const server = await startServer({ label: 'textbook-e2e' });
  console.log(`[e2e] server ${server.baseURL} (pid ${server.pid}, data ${server.dataDir})`);
  project.provide('baseURL', server.baseURL);

  return async () => {
    // Keep the server log of the last run for a look after a failure; the data folder goes.
    const keep = path.join(ROOT, 'e2e/.tmp');
    fs.mkdirSync(keep, { recursive: true });
    try {
      fs.copyFileSync(server.logFile, path.join(keep, 'server.log'));
    } catch {
      // no log written
    }
    await server.stop();
  };
}
