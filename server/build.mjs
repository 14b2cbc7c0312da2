// Bundles the server into dist/main.js: our own code (and the contracts package) inlined,
// npm dependencies left as imports so native modules load as installed.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@textbook/'));

await build({
  // The worker threads' entry is built beside main.js: adapters/workers/pool.ts looks for heavy-worker.js there.
  entryPoints: { main: 'src/main.ts', 'heavy-worker': 'src/adapters/workers/entry.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server bundle: server/dist/main.js, server/dist/heavy-worker.js');
