#!/usr/bin/env node
// Prepares a checkout before anything else runs: plain Node, no dependencies (nothing is installed yet).
//   node scripts/ensure-setup.mjs            checks Node, installs npm dependencies when needed
//   node scripts/ensure-setup.mjs --browser  also makes sure a Chromium for the browser tests is there
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN_NODE = [20, 19, 0];
const STAMP = path.join(ROOT, 'node_modules', '.textbook-setup-stamp');
const DEFAULT_CHROMIUM = '/usr/bin/chromium';
// Debian's build of Chromium's headless shell: the journeys run in it when it is there (e2e/support/chromium.ts).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const say = (line) => console.log(`[setup] ${line}`);

function fail(message) {
  console.error(`[setup] ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  say(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function checkNode() {
  const have = process.versions.node.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (have[i] > MIN_NODE[i]) return;
    if (have[i] < MIN_NODE[i]) {
      fail(
        `Node ${MIN_NODE.join('.')} or newer is needed, this is Node ${process.versions.node}. ` +
          'Install a current Node 20 or 22 (https://nodejs.org/ or `nvm install 22`) and run the command again.',
      );
    }
  }
}

/** What the installed node_modules was built from: the lockfile, or the package manifests without one. */
function dependencyHash() {
  const hash = createHash('sha256');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(lock)) {
    hash.update(fs.readFileSync(lock));
  } else {
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    hash.update(JSON.stringify(root));
    for (const ws of root.workspaces ?? []) {
      const file = path.join(ROOT, ws, 'package.json');
      if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** npm writes node_modules/.package-lock.json at the end of every successful install. */
function installedAfterLockfile() {
  const lock = path.join(ROOT, 'package-lock.json');
  const hidden = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(lock) || !fs.existsSync(hidden)) return false;
  return fs.statSync(hidden).mtimeMs >= fs.statSync(lock).mtimeMs;
}

function ensureDependencies() {
  const hasModules = fs.existsSync(path.join(ROOT, 'node_modules'));
  const stamp = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  if (hasModules && stamp === dependencyHash()) {
    say('dependencies up to date');
    return;
  }
  if (hasModules && !stamp && installedAfterLockfile()) {
    // Installed by hand (`npm install`) after the lockfile was last written: trust it, remember it.
    fs.writeFileSync(STAMP, `${dependencyHash()}\n`);
    say('dependencies up to date');
    return;
  }
  const hasLock = fs.existsSync(path.join(ROOT, 'package-lock.json'));
  say(
    !hasModules
      ? 'node_modules missing: installing dependencies (a few minutes on a fresh machine)'
      : 'package-lock.json changed since the last install: installing dependencies',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'], {
    shell: process.platform === 'win32',
  });
  fs.writeFileSync(STAMP, `${dependencyHash()}\n`);
  say('dependencies installed');
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Whether this run may install Debian packages itself (as root, with apt-get). */
function canApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && onPath('apt-get');
}

function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (isExecutable(wanted)) {
    say(`chromium: ${wanted}`);
    ensureHeadlessShell();
    return;
  }
  const howTo =
    'Install it with `sudo apt-get update && sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
    'or point CHROMIUM_PATH at an installed Chromium or Chrome binary, then run the command again.';
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH=${wanted} is not an executable file. ${howTo}`);
  if (!canApt()) {
    fail(`Chromium is needed for the browser tests and was not found at ${wanted}. ${howTo}`);
  }
  say('chromium missing: installing it with apt-get');
  aptInstall(['chromium', ...(hasCjkFont() ? [] : [CJK_FONT])]);
  if (!isExecutable(wanted)) fail(`apt-get installed chromium but ${wanted} is still missing. ${howTo}`);
  say(`chromium installed: ${wanted}`);
  ensureHeadlessShell();
}

/**
 * The journeys' browser: Chromium's headless shell, a third cheaper per page than Chromium's own headless mode.
 * Installed beside Chromium when apt-get can; without it the journeys run in Chromium, only slower.
 */
function ensureHeadlessShell() {
  if (process.env.CHROMIUM_PATH || isExecutable(HEADLESS_SHELL)) return;
  if (!canApt()) {
    say('note: the journeys run faster in chromium-headless-shell: sudo apt-get install -y chromium-headless-shell');
    return;
  }
  say('chromium-headless-shell missing: installing it with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => spawnSync('apt-get', args, { cwd: ROOT, stdio: 'inherit', env }).status === 0;
  const install = () => apt(['install', '-y', '--no-install-recommends', 'chromium-headless-shell']);
  // A package list older than the installed Chromium may not know the shell's matching version: update, try again.
  const installed = install() || (apt(['update']) && install());
  if (!installed || !isExecutable(HEADLESS_SHELL)) {
    say('note: chromium-headless-shell could not be installed; the journeys run in chromium');
  }
}

const CJK_FONT = 'fonts-noto-cjk';

/** Screenshots of a Chinese interface are useless without a font that has the glyphs. */
function hasCjkFont() {
  if (!onPath('fc-list')) return true; // cannot tell; do not guess
  const out = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout ?? '';
  return out.trim().length > 0;
}

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const policy = spawnSync('apt-cache', ['policy', ...packages], { encoding: 'utf8', env });
  const candidates = [...(policy.stdout ?? '').matchAll(/Candidate:\s*(\S+)/g)].map((m) => m[1]);
  if (candidates.length < packages.length || candidates.includes('(none)')) run('apt-get', ['update'], { env });
  run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
}

function ensureCjkFont() {
  if (hasCjkFont()) return;
  if (canApt()) {
    say(`no Chinese font: installing ${CJK_FONT} with apt-get`);
    aptInstall([CJK_FONT]);
  } else {
    say(
      `warning: no Chinese font found; screenshots will show boxes. Install one: sudo apt-get install -y ${CJK_FONT}`,
    );
  }
}

checkNode();
ensureDependencies();
if (process.argv.includes('--browser')) {
  ensureChromium();
  ensureCjkFont();
}
