import net from 'node:net';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something listens at REDIS_URL (the scale-profile tests are skipped, with a warning, when not). */
export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const up = await new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!up) console.warn(`Redis not reachable at ${url}: its tests are skipped`);
  return up;
}
