// wrk (Debian's `wrk`, C, one thread) as a second load generator. autocannon parses each answer with a
// JavaScript HTTP parser that is about ten times slower on high-entropy bodies (compressed or random bytes) than
// on repetitive ones: a bare route sending 33 KB of random bytes measured 2.7k req/s with autocannon and 37k with
// wrk, against the same server. For answers like a brotli chapter, wrk measures the server, autocannon itself.
import { execFileSync, spawnSync } from 'node:child_process';

export interface WrkResult {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

function ms(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

/** One run of wrk: 64 connections on one thread, as long as the bench's other endpoints. */
export function runWrk(
  url: string,
  options: { connections: number; durationSec: number; headers?: Record<string, string> },
): WrkResult {
  const args = ['-t1', `-c${options.connections}`, `-d${options.durationSec}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  // Warm-up, as autocannon's: one second not counted.
  execFileSync('wrk', ['-t1', `-c${options.connections}`, '-d1s', ...args.slice(3), url], { stdio: 'ignore' });
  const text = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
  const p99 = /^\s+99%\s+(\S+)/m.exec(text);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text);
  if (!rps || !p99) throw new Error(`wrk gave no figures:\n${text}`);
  return { reqPerSec: Math.round(Number(rps[1])), p99Ms: ms(p99[1]!), non2xx: Number(non2xx?.[1] ?? 0) };
}
