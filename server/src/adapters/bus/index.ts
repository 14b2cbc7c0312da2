import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { FAIL_FAST } from '../kv/redis.js';

/**
 * Pub/sub between the instances of the platform (DESIGN.md §1): in process for the embedded profile, Redis
 * pub/sub when REDIS_URL is set (scale profile). A message published on one instance reaches the listeners of
 * every instance, this one included. Messages are JSON.
 */
export interface Bus<T> {
  publish(event: T): Promise<void>;
  subscribe(listener: (event: T) => void): () => void;
  /** Resolves once the bus listens (the Redis subscription is confirmed); at once in process. */
  ready(): Promise<void>;
  /**
   * `listener` hears each time the bus listens again after its connection was lost: the messages sent in between
   * never arrived (never in process).
   */
  resumed(listener: () => void): void;
  close(): Promise<void>;
}

class LocalBus<T> implements Bus<T> {
  protected readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream or cache; there may be many.
    this.emitter.setMaxListeners(0);
  }

  async publish(event: T): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: T) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async ready(): Promise<void> {}

  resumed(listener: () => void): void {
    this.emitter.on('resumed', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

class RedisBus<T> extends LocalBus<T> {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly subscribed: Promise<void>;

  constructor(
    url: string,
    private readonly channel: string,
    onError: (err: unknown) => void,
  ) {
    super();
    // A publish while Redis is down fails at once (the caller goes on: a lost message only delays what the
    // caches' time limits and the badge's poll bound). The subscriber reconnects and subscribes again by itself.
    this.pub = new Redis(url, FAIL_FAST);
    this.sub = new Redis(url, { retryStrategy: FAIL_FAST.retryStrategy, connectTimeout: FAIL_FAST.connectTimeout });
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_channel: string, message: string) => {
      try {
        this.emitter.emit('event', JSON.parse(message) as T);
      } catch (err) {
        onError(err);
      }
    });
    this.subscribed = this.sub.subscribe(channel).then(() => undefined);
    this.subscribed.catch(onError);
    let lost = false;
    this.sub.on('close', () => (lost = true));
    this.sub.on('ready', () => {
      if (lost) this.emitter.emit('resumed');
      lost = false;
    });
  }

  override ready(): Promise<void> {
    return this.subscribed;
  }

  override async publish(event: T): Promise<void> {
    if (this.pub.status !== 'ready') throw new Error(`redis ${this.pub.status}: not published`);
    // Every instance, this one included, hears it through Redis.
    await this.pub.publish(this.channel, JSON.stringify(event));
  }

  override async close(): Promise<void> {
    await super.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

/** A bus on one channel: through Redis when a URL is given, else within this process. */
export function openBus<T>(
  redisUrl: string | null | undefined,
  channel: string,
  onError: (err: unknown) => void,
): Bus<T> {
  return redisUrl ? new RedisBus<T>(redisUrl, channel, onError) : new LocalBus<T>();
}
