// The benchmark's server: the production app (same buildApp, same modules) plus one bare route,
// GET /bench/hello, as the yardstick for the API budgets. Started by bench/run.ts in a child process.
// Before listening it opens a session for each seeded member and writes the tokens to
// $DATA_DIR/bench-tokens.json, so endpoint specs can ask for an authenticated caller.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appContext, buildApp } from '../server/src/app.js';
import { ensureCipherKey, loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/connection.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { seedIfEmpty } from '../server/src/demo/index.js';
import { seedDemoTeaching } from '../server/src/demo/demo-teaching.js';
import { bookStorage } from '../server/src/modules/books/index.js';
import { openSession } from '../server/src/modules/session/service.js';

const config = loadConfig();
ensureCipherKey(config);
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database.db);
const seeded = await seedIfEmpty(database.db, {
  dialect: database.dialect,
  storage: bookStorage(config),
  caches: null,
});

const members = await database.db.selectFrom('members').select(['id', 'phone']).orderBy('id').execute();
const tokens: Record<string, string> = {};
for (const member of members) {
  const token = await openSession(database.db, member.id);
  tokens[`member:${member.id}`] = token;
  if (member.phone) tokens[`phone:${member.phone}`] = token;
}
fs.writeFileSync(path.join(config.dataDir, 'bench-tokens.json'), JSON.stringify(tokens));

const app = await buildApp({
  config,
  database,
  extend: (app) => {
    app.get('/bench/hello', async () => ({ hello: 'world' }));
    // A bare route sending `size` bytes as they are: what moving a large answer costs by itself, the yardstick
    // for the chapter API beside hello.
    const blobs = new Map<number, Buffer>();
    app.get('/bench/bytes', (request, reply) => {
      const size = Math.min(Math.max(Number((request.query as { size?: string }).size) || 0, 0), 4_000_000);
      let blob = blobs.get(size);
      if (!blob) blobs.set(size, (blob = randomBytes(size)));
      void reply.type('application/octet-stream').send(blob);
    });
    // A bare route sending the very answer of an API call (asked once through the app, with the caller's
    // authorization), as it is: the yardstick for reads whose answer is kilobytes of JSON, where moving the bytes
    // (the socket write, the client's parse) sets the pace rather than the server's work (bench/README.md).
    const answers = new Map<string, Buffer>();
    app.get('/bench/same', async (request, reply) => {
      const target = String((request.query as { path?: string }).path ?? '');
      const auth = request.headers.authorization ?? '';
      const key = `${auth} ${target}`;
      let body = answers.get(key);
      if (!body) {
        if (!target.startsWith('/api/')) return reply.code(400).send({ code: 400, msg: 'path', data: null });
        const asked = await app.inject({ method: 'GET', url: target, headers: auth ? { authorization: auth } : {} });
        answers.set(key, (body = asked.rawPayload));
      }
      return reply.type('application/json; charset=utf-8').send(body);
    });
  },
});
if (seeded) await seedDemoTeaching(appContext(app));

const shutdown = () => {
  app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: config.host, port: config.port });
