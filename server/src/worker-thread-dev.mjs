// The worker's entry under tsx and vitest: TypeScript through tsx's loader, then the real entry.
// (The bundle runs dist/heavy-worker.js, built by server/build.mjs from worker-thread.ts.)
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');
