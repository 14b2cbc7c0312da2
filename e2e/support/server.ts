// Starts a server process for browser journeys and benchmarks: a free port, a fresh temporary data
// folder (SQLite, migrated and seeded on start), logs to a file; `stop()` ends it and removes the data.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  baseURL: string;
  port: number;
  dataDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Node arguments; default the production bundle `server/dist/main.js`. */
  args?: string[];
  /** Extra environment (overrides the defaults below). */
  env?: Record<string, string>;
  /** Prefix of the temporary data folder. */
  label?: string;
  /** Path answered with HTTP 200 once the server is ready. */
  readyPath?: string;
  readyTimeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const running = new Set<ChildProcess>();
const cleanups = new Set<() => void>();
let exitHooked = false;

/** Kills servers and removes their data even when the runner is interrupted. */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const child of running) child.kill('SIGKILL');
    for (const cleanup of cleanups) cleanup();
  };
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  hookExit();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.label ?? 'textbook-e2e'}-`));
  const logFile = path.join(dataDir, 'server.log');
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  cleanups.add(removeData);

  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, options.args ?? [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      TEST_ROUTES: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: path.join(dataDir, 'platform.db'),
      SEED_ON_START: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  running.add(child);
  let exited: string | null = null;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exit ${code ?? signal}`;
      running.delete(child);
      resolve();
    }),
  );

  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    removeData();
    cleanups.delete(removeData);
  };

  const readyUrl = baseURL + (options.readyPath ?? '/api/site');
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (exited) {
      const log = tail(logFile);
      await stop();
      throw new Error(`server ${exited} before it was ready; log:\n${log}`);
    }
    try {
      const res = await fetch(readyUrl);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const log = tail(logFile);
      await stop();
      throw new Error(`server not ready at ${readyUrl} after ${options.readyTimeoutMs ?? 90_000} ms; log:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { baseURL, port, dataDir, logFile, pid: child.pid ?? 0, stop };
}
