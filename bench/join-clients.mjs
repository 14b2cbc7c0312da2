// The 500 students of bench/class-join.ts, in a worker thread of their own: their phones are not the server,
// so their HTTP work runs beside it, as autocannon does for the endpoint rows. node:http, one connection per
// student (undici's fetch cost more CPU than the server's whole join and, on two cores, became what was
// measured). Plain JavaScript: a worker needs no TypeScript loader.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ base: string, code: string, tokens: string[] }} */
const { base, code, tokens } = workerData;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function join(token, i) {
  const body = JSON.stringify({ activationCode: code, studentId: `B${i}`, name: `学生${i}` });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/class/student/join`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          try {
            resolve({ code: JSON.parse(Buffer.concat(chunks).toString('utf8')).code, ms });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const started = performance.now();
const results = await Promise.all(tokens.map((token, i) => join(token, i)));
parentPort.postMessage({ results, wallMs: performance.now() - started });
