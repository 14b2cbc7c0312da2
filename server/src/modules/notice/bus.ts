import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Config } from '../../config.js';

/** Who got new notices: some members, or everyone (a broadcast to all). */
export type NoticeEvent = { memberIds: number[] } | { all: true };

/**
 * The notice fan-out (DESIGN.md §1): a notice created on one instance must reach a browser connected to any
 * instance. In process for the embedded profile; Redis pub/sub when REDIS_URL is set (scale profile).
 */
export interface NoticeBus {
  publish(event: NoticeEvent): Promise<void>;
  subscribe(listener: (event: NoticeEvent) => void): () => void;
  close(): Promise<void>;
}

class LocalBus implements NoticeBus {
  protected readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; many browsers may be connected.
    this.emitter.setMaxListeners(0);
  }

  async publish(event: NoticeEvent): Promise<void> {
    this.emitter.emit('notice', event);
  }

  subscribe(listener: (event: NoticeEvent) => void): () => void {
    this.emitter.on('notice', listener);
    return () => this.emitter.off('notice', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export const NOTICE_CHANNEL = 'textbook:notice';

class RedisBus extends LocalBus {
  private readonly pub: Redis;
  private readonly sub: Redis;

  constructor(
    url: string,
    private readonly onError: (err: unknown) => void,
  ) {
    super();
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: false });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_channel: string, message: string) => {
      try {
        this.emitter.emit('notice', JSON.parse(message) as NoticeEvent);
      } catch (err) {
        onError(err);
      }
    });
  }

  /** Resolves once the subscription is active (so a publish right after is not missed). */
  ready(): Promise<unknown> {
    return this.sub.subscribe(NOTICE_CHANNEL);
  }

  override async publish(event: NoticeEvent): Promise<void> {
    // Every instance, this one included, hears it through Redis.
    await this.pub.publish(NOTICE_CHANNEL, JSON.stringify(event));
  }

  override async close(): Promise<void> {
    await super.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

const buses = new WeakMap<Config, NoticeBus>();

/** The bus of an app (one per configuration object; tests build several apps in one process). */
export function noticeBus(config: Config, onError: (err: unknown) => void = () => {}): NoticeBus {
  let bus = buses.get(config);
  if (!bus) {
    if (config.redisUrl) {
      const redis = new RedisBus(config.redisUrl, onError);
      void redis.ready().catch(onError);
      bus = redis;
    } else {
      bus = new LocalBus();
    }
    buses.set(config, bus);
  }
  return bus;
}

/** Waits until the bus listens (Redis subscription confirmed); immediate in process. */
export async function busReady(config: Config): Promise<void> {
  const bus = noticeBus(config);
  if (bus instanceof RedisBus) await bus.ready();
}

export async function closeNoticeBus(config: Config): Promise<void> {
  const bus = buses.get(config);
  if (!bus) return;
  buses.delete(config);
  await bus.close();
}
