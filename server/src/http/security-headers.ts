import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { overHttps } from './session-cookie.js';

/**
 * The inline scripts of the built index.html (the static shell's path check, the route preloader), as CSP
 * hashes: the page may run exactly these and the app's own files, nothing injected.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    const body = match[2] ?? '';
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The app's Content-Security-Policy. Scripts: our files and the shell's hashed inline scripts only. Styles allow
 * inline: antd writes its CSS-in-JS into <style> elements at run time, and the reader adopts each book's
 * stylesheet into a shadow root; a per-request nonce would need index.html rendered per request (it is a static,
 * precompressed file), and injected styles cannot run code. Images: our files, data: (book pictures, the slider
 * puzzle), blob: (exports), https: (pictures in staff-written content). Media: ours, and https: for the videos and
 * audio the staff attach to a book's sections (the reader plays them in place). Fonts: ours and data: (book fonts).
 * Nothing may frame the site but itself; no plugins; forms and <base> stay on the site.
 */
export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' data: blob: https:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const HSTS = 'max-age=31536000';

/**
 * Browser protections on every answer (pages, API, files): CSP with frame-ancestors, X-Frame-Options for old
 * browsers, nosniff, Referrer-Policy, and HSTS when served over https. A route may set a stricter CSP of its own
 * (book files do); it replaces this one.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const indexFile = path.join(config.webDist, 'index.html');
  const hashes = fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
  const headers = {
    'content-security-policy': contentSecurityPolicy(hashes),
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    if (overHttps(request, config)) void reply.header('strict-transport-security', HSTS);
    done();
  });
}
