import fs from 'node:fs';

/** Debian's Chromium unless CHROMIUM_PATH names another; playwright-core never downloads a browser here. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Debian's build of Chromium's headless shell (package chromium-headless-shell, the same engine). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the journeys: CHROMIUM_PATH if set, else the headless shell when it is installed, else Chromium.
 * The shell has no browser window to draw: a teacher's page load, a dialog and a full-page screenshot cost a third
 * less CPU and time than in Chromium's own headless mode (5 runs each, alternating), and the journeys are
 * CPU-bound on a two-core machine. The benches keep the full Chromium, the browser users have.
 */
export function journeyBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

/** Without the background-networking flags Chromium keeps calling home on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Shared memory stays in /dev/shm (tmpfs) instead of files under /tmp: less system time per frame. Debian's
  // chromium wrapper adds --disable-dev-shm-usage by itself where /dev/shm is too small.
];
