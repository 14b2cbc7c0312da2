import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

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
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: false });
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
  }

  override ready(): Promise<void> {
    return this.subscribed;
  }

  override async publish(event: T): Promise<void> {
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
