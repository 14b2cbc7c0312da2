// The 500 students of bench/class-join.ts, in a worker thread of their own: their phones are not the server,
// so their HTTP work runs beside it, as autocannon does for the endpoint rows. node:http (undici's fetch cost
// more CPU than the server's whole join and, on two cores, became what was measured). Plain JavaScript: a worker
// needs no TypeScript loader.
//
// Each student has one connection, opened before the burst: the phone has the join page open and its code's
// live check went over that connection (behind a proxy, as in production, the server never sees the phones'
// connections being made). Then every student sends at once, each request timed from its send to the end of
// its answer; a request that did not go over its open connection is counted (`fresh`).
import { once } from 'node:events';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ base: string, warmPath: string, path: string, requests: { token?: string, body: string }[] }} */
const { base, warmPath, path, requests } = workerData;
const agents = requests.map(() => new http.Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 }));

/** One request on the student's connection: its answer's body, time and whether the connection was reused. */
function send(agent, method, url, headers, body) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          text: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

await Promise.all(agents.map((agent) => send(agent, 'GET', warmPath, {})));
// The server settles (the warm-up's sockets and answers are done with) before the students press.
await new Promise((resolve) => setTimeout(resolve, 300));
parentPort.postMessage({ ready: true });
await once(parentPort, 'message');

const idle = performance.eventLoopUtilization();
const started = performance.now();
const answers = await Promise.all(
  requests.map(({ token, body }, i) =>
    send(
      agents[i],
      'POST',
      path,
      {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    ),
  ),
);
const wallMs = performance.now() - started;
const busy = performance.eventLoopUtilization(idle);
for (const agent of agents) agent.destroy();
const results = answers.map((a) => {
  let code = -1;
  try {
    code = JSON.parse(a.text).code;
  } catch {
    // not JSON: counted as failed
  }
  return { code, ms: a.ms };
});
parentPort.postMessage({
  results,
  wallMs,
  fresh: answers.filter((a) => !a.reused).length,
  /** How busy the clients' own thread was during the burst (0–1). */
  clientUtilization: Math.round(busy.utilization * 100) / 100,
});
