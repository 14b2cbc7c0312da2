#!/usr/bin/env node
// Builds the web app and the server bundle when their output is missing or older than their sources.
// Used by the e2e harness and the benchmark; `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SKIP = new Set(['node_modules', 'dist', '.vite']);

/** Newest modification time among the given files and folders (recursively), 0 when none exist. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (!SKIP.has(name)) visit(path.join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return max;
}

function outputTime(file) {
  try {
    return fs.statSync(path.join(ROOT, file)).mtimeMs;
  } catch {
    return 0;
  }
}

const TARGETS = [
  {
    name: 'web',
    output: 'web/dist/index.html',
    /** Without an index.html there is no web app yet: the server runs API-only. */
    present: () => fs.existsSync(path.join(ROOT, 'web/index.html')),
    // web/start and route-preload.ts: the starter is inlined into index.html by the build.
    sources: [
      'web/src',
      'web/start',
      'web/route-preload.ts',
      'web/public',
      'web/index.html',
      'web/package.json',
      'packages/contracts/src',
    ],
    configGlob: /^vite\.config\./,
    configDir: 'web',
  },
  {
    name: 'server',
    output: 'server/dist/main.js',
    present: () => fs.existsSync(path.join(ROOT, 'server/src/main.ts')),
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'packages/contracts/src'],
  },
];

function sourcesOf(target) {
  const extra = target.configGlob
    ? fs
        .readdirSync(path.join(ROOT, target.configDir))
        .filter((n) => target.configGlob.test(n))
        .map((n) => path.join(target.configDir, n))
    : [];
  return [...target.sources, ...extra, 'package-lock.json'];
}

/** Returns the names of the targets that were rebuilt. Throws when a build fails. */
export function buildIfStale({ log = (line) => console.log(line) } = {}) {
  const built = [];
  for (const target of TARGETS) {
    if (!target.present()) {
      log(`[build] ${target.name}: no sources, skipped`);
      continue;
    }
    const out = outputTime(target.output);
    if (out && out >= newest(sourcesOf(target))) continue;
    log(`[build] ${target.name}: ${out ? 'sources changed' : 'no build yet'}, building`);
    const started = Date.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '-w', target.name], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      shell: process.platform === 'win32',
      // A build started from inside a test runner inherits NODE_ENV=test, which makes Vite and React
      // produce a development build (jsx-dev-runtime, no minified React): builds are always production.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`build of ${target.name} failed (exit ${result.status ?? result.signal})`);
    log(`[build] ${target.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale();
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  }
}
