import { openBus, type Bus } from '../../adapters/bus/index.js';
import type { AppContext } from '../../http/context.js';

/** Who got new notices: some members, or everyone (a broadcast to all). */
export type NoticeEvent = { memberIds: number[] } | { all: true };

/**
 * The notice fan-out (DESIGN.md §1): a notice created on one instance must reach a browser connected to any
 * instance. In process for the embedded profile; Redis pub/sub when REDIS_URL is set (scale profile).
 */
export type NoticeBus = Bus<NoticeEvent>;

export const NOTICE_CHANNEL = 'textbook:notice';

/**
 * The bus of an app: made once per app (`ctx.local`) and closed with it. The module's setup makes it first, with
 * the app's logger; a later caller's `onError` is not used.
 */
export function noticeBus(ctx: AppContext, onError: (err: unknown) => void = () => {}): NoticeBus {
  return ctx.local('notice:bus', () =>
    openBus<NoticeEvent>(ctx.config.redisUrl, ctx.config.redisPrefix + NOTICE_CHANNEL, onError),
  );
}

/** Waits until the bus listens (Redis subscription confirmed); immediate in process. */
export async function busReady(ctx: AppContext): Promise<void> {
  await noticeBus(ctx).ready();
}
