// Bundles the server into dist/main.js (options: build-options.mjs).
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.mjs';

await build(serverBuildOptions('src/main.ts', 'dist'));
console.log('server bundle: server/dist/main.js, server/dist/heavy-worker.js');
