import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { visitorPages } from '../prerender/index.js';
import { sendNotFound } from './envelope.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: hashed files under /assets/ cached for a year, everything else revalidated;
 * client routes fall back to index.html; /api/* and missing assets answer 404 (in the envelope for the API).
 * A visitor's home, textbook list and book detail arrive written on the server (`prerender/`); when that cannot
 * be done (no data, maintenance, an error) the page is the plain web app, as for everyone else.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const prerender = hasWeb ? visitorPages(app, webDist) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api') && !url.startsWith('/assets/');
    if (!hasWeb || !isPage) return sendNotFound(reply);
    reply.header('cache-control', REVALIDATE);
    const page = await prerender?.(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'visitor page not written; the web app answers');
      return null;
    });
    if (!page) return reply.sendFile('index.html');
    reply.header('vary', 'cookie, accept-encoding').type('text/html; charset=utf-8');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(page.body);
  });
}
