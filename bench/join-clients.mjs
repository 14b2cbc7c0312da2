// The 500 students of bench/class-join.ts, in a worker thread of their own: their phones are not the server,
// so their HTTP work (undici's fetch: about a third of the CPU when they shared the server's event loop) runs
// beside it, as autocannon does for the endpoint rows. Plain JavaScript: a worker needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ base: string, code: string, tokens: string[] }} */
const { base, code, tokens } = workerData;

async function join(token, i) {
  const started = performance.now();
  const res = await fetch(`${base}/api/class/student/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ activationCode: code, studentId: `B${i}`, name: `学生${i}` }),
  });
  const answer = await res.json();
  return { code: answer.code, ms: performance.now() - started };
}

const started = performance.now();
const results = await Promise.all(tokens.map((token, i) => join(token, i)));
parentPort.postMessage({ results, wallMs: performance.now() - started });
