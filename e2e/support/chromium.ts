/** Debian's Chromium unless CHROMIUM_PATH names another; playwright-core never downloads a browser here. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
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
