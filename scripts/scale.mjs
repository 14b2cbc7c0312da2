#!/usr/bin/env node
// The scale profile on one machine (DESIGN.md §1): several instances of the production bundle on ports of their
// own, behind Debian's nginx, on the PostgreSQL and Redis the environment names, with files in the S3-compatible
// bucket `STORAGE_URL` names (a local S3-compatible server in the data folder when it is unset).
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run scale -- --instances 3 --port 3000
//
// nginx is installed with apt-get when missing (as root); its configuration is written into the data folder
// (`DATA_DIR`, default data/scale). The first instance starts alone (it runs the migrations and the first-start
// seed), then the others. Ctrl-C stops them all. The browser journey `scale.e2e.ts` starts it the same way.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, ROOT } from './build-if-stale.mjs';

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, installed with apt-get when missing and this process may; throws saying how otherwise. */
export function ensureNginx(log = console.log) {
  const found = () => NGINX_PATHS.find((p) => fs.existsSync(p));
  if (found()) return found();
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is missing: install it with `sudo apt-get install -y nginx-light` (Debian) and try again');
  }
  log('[scale] installing nginx-light with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => execFileSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    apt(['install', '-y', '-q', '--no-install-recommends', 'nginx-light']);
  } catch {
    apt(['update', '-q']);
    apt(['install', '-y', '-q', '--no-install-recommends', 'nginx-light']);
  }
  if (!found()) throw new Error('apt-get ran but nginx is still missing');
  return found();
}

/** A free TCP port on the loopback address. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers (a status below 500: `/api/ready` says 503 until its parts answer), or throws after `ms`. */
async function answering(url, ms, child) {
  const until = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** nginx's configuration: round robin over the instances, the notice stream unbuffered, failed tries moved on. */
export function nginxConfig({ dir, port, upstreams }) {
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  const temp = (name) => path.join(dir, 'temp', name);
  const proxied = `
      proxy_pass http://platform;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      # A killed instance: idempotent requests go to the next one.
      proxy_next_upstream error timeout http_502 http_503;`;
  return `# Written by scripts/scale.mjs: the scale profile's reverse proxy.
${user}worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${path.join(dir, 'nginx-access.log')};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 512m;
  upstream platform {
${upstreams.map((u) => `    server 127.0.0.1:${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # The live unread count: a server-sent-events stream, passed on as it comes.
    location /api/msg-notice/stream {${proxied}
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
    location / {${proxied}
    }
  }
}
`;
}

/**
 * Starts the scale profile and answers its handle: the proxy's address, the instances (name, port, kill) and
 * stop(). `env` is added to every instance's environment (e.g. TEST_ROUTES for the journeys).
 */
export async function startScale({
  instances = 3,
  port = 3000,
  databaseUrl = process.env.DATABASE_URL,
  redisUrl = process.env.REDIS_URL,
  dataDir = process.env.DATA_DIR ?? path.join(ROOT, 'data', 'scale'),
  env = {},
  log = console.log,
} = {}) {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl ?? '')) {
    throw new Error('the scale profile runs on PostgreSQL: set DATABASE_URL=postgres://…');
  }
  if (!/^rediss?:\/\//.test(redisUrl ?? ''))
    throw new Error('the scale profile shares state through Redis: set REDIS_URL=redis://…');
  const nginx = ensureNginx(log);
  buildIfStale({ log });
  fs.mkdirSync(dataDir, { recursive: true });
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(dataDir, 'temp', name), { recursive: true });
  }

  // Files in object storage: the bucket the environment names, else a local S3-compatible server in the data folder.
  let storageEnv = {};
  let localS3;
  if (!process.env.STORAGE_URL && !env.STORAGE_URL) {
    const { default: S3rver } = await import('s3rver');
    const directory = path.join(dataDir, 's3');
    fs.mkdirSync(directory, { recursive: true });
    localS3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'textbook', configs: [] }],
    });
    const { port: s3Port } = await localS3.run();
    storageEnv = {
      STORAGE_URL: `s3://textbook?endpoint=http://127.0.0.1:${s3Port}&region=us-east-1&forcePathStyle=1`,
      // s3rver's own fixed key pair: it checks every request's signature against it.
      STORAGE_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_SECRET_ACCESS_KEY: 'S3RVER',
    };
    log(`[scale] local S3-compatible storage on http://127.0.0.1:${s3Port} (${directory})`);
  }

  const children = [];
  const started = [];
  const startInstance = async (index) => {
    const name = `i${index + 1}`;
    const instancePort = await freePort();
    const logFile = path.join(dataDir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV || 'production',
        HOST: '127.0.0.1',
        PORT: String(instancePort),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: dataDir,
        INSTANCE_NAME: name,
        TRUSTED_PROXIES: '127.0.0.1',
        PUBLIC_ORIGIN: `http://localhost:${port}`,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...storageEnv,
        ...env,
      },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    children.push(child);
    await answering(`http://127.0.0.1:${instancePort}/api/ready`, 120_000, child);
    const instance = {
      name,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      pid: child.pid,
      logFile,
      /** Ends the instance at once (SIGKILL: a crash) or gracefully (SIGTERM). */
      kill: (signal = 'SIGKILL') =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill(signal);
        }),
    };
    started[index] = instance;
    log(`[scale] ${name} on ${instance.url} (pid ${child.pid})`);
    return instance;
  };

  let proxy;
  const stop = async () => {
    if (proxy && proxy.exitCode === null) {
      const ended = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await Promise.race([ended, new Promise((r) => setTimeout(r, 3000))]);
      if (proxy.exitCode === null) proxy.kill('SIGKILL');
    }
    await Promise.all(started.filter(Boolean).map((i) => i.kill('SIGTERM')));
    await localS3?.close();
  };

  try {
    // The first instance migrates and seeds an empty database alone; the others then start side by side.
    await startInstance(0);
    await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startInstance(i + 1)));
    const conf = path.join(dataDir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig({ dir: dataDir, port, upstreams: started.map((i) => i.port) }));
    proxy = spawn(nginx, ['-p', dataDir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
    await answering(`http://127.0.0.1:${port}/api/navMenu/list`, 20_000, proxy);
  } catch (err) {
    await stop();
    throw err;
  }
  log(`[scale] nginx on http://localhost:${port} → ${started.map((i) => i.port).join(', ')}`);
  return { baseURL: `http://127.0.0.1:${port}`, instances: started, dataDir, stop };
}

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    const scale = await startScale({
      instances: Number(option('instances', 3)),
      port: Number(option('port', process.env.PORT ?? 3000)),
    });
    console.log(`[scale] the platform is on http://localhost:${new URL(scale.baseURL).port} (Ctrl-C stops it)`);
    let stopping = false;
    const end = () => {
      if (stopping) return;
      stopping = true;
      void scale.stop().then(() => process.exit(0));
    };
    process.on('SIGINT', end);
    process.on('SIGTERM', end);
  } catch (err) {
    console.error(`[scale] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
