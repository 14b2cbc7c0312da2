#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript programs, two at a time: the root's (the server with the benchmarks,
// journeys and scripts that import it: one program checks the server's files once, where a program of their own
// checked them again, 44 s of 63), the web app, and the shared contracts (no Node types: the browser uses them).
// Each `tsc` uses one core. Prints each program's output as it ends; fails when any fails. server/tsconfig.json
// stays for editors and checks the same files with the same options.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
// Longest first, so the two lanes end near each other.
const PROJECTS = ['.', 'web', 'packages/contracts'];
const LANES = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : `exit ${code}`} in ${secs}s\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const lane = async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
};
const results = await Promise.all(Array.from({ length: LANES }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
