import { CLIENT_HEADER, ClientKind, NoticeStreamEvent } from '@textbook/contracts';
import { hasSession } from '../stores/token';

/**
 * The live unread count: a server-sent-events stream read with fetch (the session is the HttpOnly cookie; no
 * token in a URL). While it is live the badge needs no polling; when it drops, the badge polls and the
 * stream retries with a growing pause. It starts a moment after the page has loaded, so it never competes with
 * the page's own requests. When the server instance closes (a restart, a deployment) it says `reconnect` with a
 * short pause: the stream opens again after that pause (through the proxy, on an instance that stays), without
 * the growing back-off.
 */
const START_DELAY_MS = 1500;
/** The browser journeys set a later start on pages that do not test the push (a test-only knob, see e2e/). */
const startDelay = (): number =>
  (globalThis as { __noticeStreamDelayMs?: number }).__noticeStreamDelayMs ?? START_DELAY_MS;
const RETRY_MIN_MS = 3000;
const RETRY_MAX_MS = 60_000;

type CountListener = (count: number) => void;
type StatusListener = (live: boolean) => void;

let live = false;
const statusListeners = new Set<StatusListener>();
const countListeners = new Set<CountListener>();
let controller: AbortController | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let users = 0;
let retryMs = RETRY_MIN_MS;

function setLive(next: boolean): void {
  if (live === next) return;
  live = next;
  statusListeners.forEach((l) => l(next));
}

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void connect(), ms);
}

async function connect(): Promise<void> {
  if (!hasSession() || users === 0) return;
  controller = new AbortController();
  const { signal } = controller;
  let reconnectMs: number | undefined;
  try {
    const response = await fetch('/api/msg-notice/stream', {
      headers: { [CLIENT_HEADER]: ClientKind.MEMBER, accept: 'text/event-stream' },
      signal,
    });
    // 401: the session ended; polling will tell the user. Other refusals: retry later.
    if (response.status === 401) return setLive(false);
    if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
    setLive(true);
    retryMs = RETRY_MIN_MS;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = /^data: (\d+)$/m.exec(block);
        if (!data) continue;
        if (block.startsWith(`event: ${NoticeStreamEvent.COUNT}`)) countListeners.forEach((l) => l(Number(data[1])));
        if (block.startsWith(`event: ${NoticeStreamEvent.RECONNECT}`)) reconnectMs = Number(data[1]);
      }
    }
  } catch {
    // network drop or abort: fall through to the retry below
  }
  setLive(false);
  if (signal.aborted || users === 0) return;
  if (reconnectMs !== undefined) return schedule(Math.min(reconnectMs, RETRY_MAX_MS));
  schedule(retryMs);
  retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
}

/**
 * Keeps the stream open while a logged-in component needs it: `onCount` gets each pushed count, `onStatus`
 * whether the stream is live (no polling needed). Answers the release function.
 */
export function retain(onCount: CountListener, onStatus: StatusListener): () => void {
  countListeners.add(onCount);
  statusListeners.add(onStatus);
  onStatus(live);
  users += 1;
  if (users === 1) schedule(startDelay());
  return () => {
    countListeners.delete(onCount);
    statusListeners.delete(onStatus);
    users -= 1;
    if (users === 0) {
      clearTimeout(timer);
      controller?.abort();
      setLive(false);
    }
  };
}
