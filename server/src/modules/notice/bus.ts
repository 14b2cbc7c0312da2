import { openBus, type Bus } from '../../adapters/bus/index.js';
import type { Config } from '../../config.js';

/** Who got new notices: some members, or everyone (a broadcast to all). */
export type NoticeEvent = { memberIds: number[] } | { all: true };

/**
 * The notice fan-out (DESIGN.md §1): a notice created on one instance must reach a browser connected to any
 * instance. In process for the embedded profile; Redis pub/sub when REDIS_URL is set (scale profile).
 */
export type NoticeBus = Bus<NoticeEvent>;

export const NOTICE_CHANNEL = 'textbook:notice';

const buses = new WeakMap<Config, NoticeBus>();

/** The bus of an app (one per configuration object; tests build several apps in one process). */
export function noticeBus(config: Config, onError: (err: unknown) => void = () => {}): NoticeBus {
  let bus = buses.get(config);
  if (!bus) {
    bus = openBus<NoticeEvent>(config.redisUrl, NOTICE_CHANNEL, onError);
    buses.set(config, bus);
  }
  return bus;
}

/** Waits until the bus listens (Redis subscription confirmed); immediate in process. */
export async function busReady(config: Config): Promise<void> {
  await noticeBus(config).ready();
}

export async function closeNoticeBus(config: Config): Promise<void> {
  const bus = buses.get(config);
  if (!bus) return;
  buses.delete(config);
  await bus.close();
}
