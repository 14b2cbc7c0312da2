// How the server is bundled (server/build.mjs for dist/, bench/run.ts for the bench's server): our own code (and the
// contracts package) inlined, npm dependencies left as imports so native modules load as installed.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@textbook/'));

/**
 * esbuild options for `main` (and the worker threads' entry, built beside it: src/workers.ts looks for
 * heavy-worker.js there) into `outdir`.
 * @param {string} main the entry's path
 * @param {string} outdir
 */
export function serverBuildOptions(main, outdir) {
  return {
    entryPoints: { main, 'heavy-worker': new URL('./src/worker-thread.ts', import.meta.url).pathname },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  };
}
