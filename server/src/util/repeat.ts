/**
 * Runs `task` every `everyMs` while the app lives, never two rounds at once (a slow round makes the next tick
 * skip); a failed round is reported and the next tick tries again. The timer does not keep the process alive;
 * `close` stops it (the module's app-close hook calls it).
 */
export function repeatEvery(
  everyMs: number,
  task: () => Promise<unknown>,
  onError: (err: unknown) => void,
): { close: () => void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
