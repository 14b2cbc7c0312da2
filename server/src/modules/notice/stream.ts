import type { FastifyReply } from 'fastify';
import { NoticeStreamEvent } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { noticeBus, type NoticeEvent } from './bus.js';
import * as q from './queries.js';

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** When the instance closes, browsers come back spread over this window, not all in the same instant. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_SPREAD_MS = 2_000;

/**
 * Live unread count for one member over server-sent events. The browser opens it with fetch (so the token
 * travels in the Authorization header, never in a URL); each event is `event: count` with the unread number.
 * A new notice for the member on any instance (through the bus) sends the fresh count.
 */
export class NoticeStreams {
  /** Ends an open stream; with `reconnectMs`, tells its browser to come back after that long first. */
  private readonly open = new Set<(reconnectMs?: number) => void>();
  /** Open streams by member: one bus listener per instance dispatches to them (a broadcast costs O(its size)). */
  private readonly byMember = new Map<number, Set<() => void>>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly ctx: AppContext) {}

  private dispatch(event: NoticeEvent): void {
    if ('all' in event) {
      for (const sends of this.byMember.values()) sends.forEach((send) => send());
      return;
    }
    for (const memberId of event.memberIds) this.byMember.get(memberId)?.forEach((send) => send());
  }

  private listen(memberId: number, send: () => void): () => void {
    this.unsubscribe ??= noticeBus(this.ctx).subscribe((event) => this.dispatch(event));
    let sends = this.byMember.get(memberId);
    if (!sends) {
      sends = new Set();
      this.byMember.set(memberId, sends);
    }
    sends.add(send);
    return () => {
      sends.delete(send);
      if (sends.size === 0) this.byMember.delete(memberId);
    };
  }

  async attach(reply: FastifyReply, memberId: number): Promise<void> {
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(reply.request.id),
      // A hijacked reply skips the app's onSend hook: say here which instance holds the stream.
      ...(this.ctx.config.instanceName ? { 'x-served-by': this.ctx.config.instanceName } : {}),
    });
    let last = -1;
    let sending = Promise.resolve();
    const send = () => {
      sending = sending.then(async () => {
        if (raw.writableEnded) return;
        const count = await q.countUnread(this.ctx.db, memberId).catch(() => last);
        if (count === last || raw.writableEnded) return;
        last = count;
        raw.write(`event: ${NoticeStreamEvent.COUNT}\ndata: ${count}\n\n`);
      });
    };
    const unsubscribe = this.listen(memberId, send);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = (reconnectMs?: number) => {
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(end);
      if (raw.writableEnded) return;
      if (reconnectMs !== undefined) raw.write(`event: ${NoticeStreamEvent.RECONNECT}\ndata: ${reconnectMs}\n\n`);
      raw.end();
    };
    this.open.add(end);
    raw.on('close', () => end());
    raw.write('retry: 5000\n\n');
    send();
  }

  /**
   * Ends every stream, so closing does not wait for browsers to hang up. On a graceful shutdown (`reconnect`)
   * each browser is told first to open its stream again after a short, spread-out pause: the proxy sends it to
   * an instance that stays, and the badge stays live.
   */
  closeAll(options: { reconnect?: boolean } = {}): void {
    for (const end of [...this.open]) {
      end(options.reconnect ? RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS) : undefined);
    }
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** Closed with the app (`ctx.local`); the streams already ended before the server closed (module setup). */
  close(): void {
    this.closeAll();
  }
}

/** The open streams of an app: one set per app instance, made on first use. */
export function noticeStreams(ctx: AppContext): NoticeStreams {
  return ctx.local('notice:streams', () => new NoticeStreams(ctx));
}
