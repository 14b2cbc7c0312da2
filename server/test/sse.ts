import { NoticeStreamEvent } from '@textbook/contracts';

/**
 * A small server-sent-events reader for tests: opens a stream with fetch (bearer token in the header) and
 * collects `event: count` values, so a test can wait for the next one.
 */
export interface CountStream {
  /** Resolves with the first count that satisfies `match` (seen before or after the call). */
  next(match: (count: number) => boolean, timeoutMs?: number): Promise<number>;
  counts: number[];
  /** The pauses `reconnect` events asked for (the instance was closing). */
  reconnects: number[];
  /** Resolves when the server ends the stream (or `close` aborts it). */
  ended: Promise<void>;
  close(): void;
}

export async function openCountStream(url: string, token: string): Promise<CountStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const counts: number[] = [];
  const reconnects: number[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = Number(/data: (\d+)/.exec(block)?.[1]);
          if (block.startsWith(`event: ${NoticeStreamEvent.RECONNECT}`)) reconnects.push(data);
          if (block.startsWith(`event: ${NoticeStreamEvent.COUNT}`)) {
            counts.push(data);
            for (const w of waiters) w();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    counts,
    reconnects,
    ended,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = counts.find(match);
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching count within ${timeoutMs} ms; saw ${JSON.stringify(counts)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
