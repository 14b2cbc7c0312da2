import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Code,
  LOGIN_MARK_COOKIE,
  Limits,
  STAFF_MARK_COOKIE,
  type BookCard,
  type BookDetail,
  type BookListSummary,
  type BottomMenu,
  type ContentSummary,
  type DictNode,
  type Envelope,
  type FooterLink,
  type NavMenu,
  type Paged,
  type SectionNode,
  type SiteInfo,
  type BookAccess,
  type ChapterContent,
} from '@textbook/contracts';
import { hasSessionCookie, readCookie } from '../http/session-cookie.js';
import { ASSET_ROUTE } from '../modules/books/index.js';
import { escapeHtml, html, jsonForScript, type SafeHtml } from './html.js';
import { detailPage, homePage, textbookPage, type TextbookQuery } from './pages.js';
import { readerPage, writable } from './reader.js';
import { footer, header, type ShellData } from './shell.js';

/**
 * Visitor pages written on the server (issue 21): a visitor's first page arrives as finished markup, painted
 * before any script, and the web app starts at the visitor's first touch, key or click (see web/start-app.js),
 * so a phone's first page costs no script at all. The data comes from the app's own public routes (asked in
 * process with `inject`: the same answers, caches and rules as the web app's requests), and goes into the page
 * as `tb-prefetched`, so the web app, when it starts, does not ask again. Members (a session cookie or its
 * marker) and everything else get the plain web app.
 */

/** What the web build tells the server (written by web/route-preload.ts): each page's stylesheets. */
interface BuildFacts {
  routes: Record<string, { css: string[] }>;
}

/** The answers the page carries for the app: an API's envelope, or a stylesheet's text (by its address). */
type Prefetched = Record<string, Envelope<unknown> | string>;

const SHELL_START = '<!--shell-->';
const SHELL_END = '<!--/shell-->';
/** Where a page written beside the app's root goes (the reader, which the app draws under it). */
const BESIDE_ROOT = '<!--beside-root-->';

interface Template {
  head: string;
  beforeShell: string;
  afterShell: string;
  facts: BuildFacts;
}

function readTemplate(webDist: string): Template | null {
  const indexFile = path.join(webDist, 'index.html');
  const factsFile = path.join(webDist, 'prerender.json');
  if (!fs.existsSync(indexFile) || !fs.existsSync(factsFile)) return null;
  const text = fs.readFileSync(indexFile, 'utf8');
  const start = text.indexOf(SHELL_START);
  const end = text.indexOf(SHELL_END);
  const headEnd = text.indexOf('</head>');
  if (start < 0 || end < start || headEnd < 0 || headEnd > start) return null;
  return {
    // The app's modules are not fetched before it starts: `tb-modulepreload` is what start-app.js turns back
    // into module preloads at the first touch.
    head: text.slice(0, headEnd).replace(/<link rel="modulepreload"/g, '<link rel="tb-modulepreload"'),
    beforeShell: text.slice(headEnd, start),
    afterShell: text.slice(end + SHELL_END.length),
    facts: JSON.parse(fs.readFileSync(factsFile, 'utf8')) as BuildFacts,
  };
}

/** A visitor: no session of either kind (nor the marker the web app reads), and no token being handed over. */
function isVisitor(request: FastifyRequest, query: URLSearchParams): boolean {
  return (
    !hasSessionCookie(request) &&
    !readCookie(request, LOGIN_MARK_COOKIE) &&
    !readCookie(request, STAFF_MARK_COOKIE) &&
    !query.has('token')
  );
}

const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The textbook list's conditions as pages/textbook reads them (api/books.ts `textbookParams`). */
function textbookQuery(query: URLSearchParams): TextbookQuery {
  const id = (name: string) => {
    const value = query.get(name) ?? '';
    return /^\d{1,9}$/.test(value) ? value : '';
  };
  const sort = query.get('sort') ?? 'newest';
  return {
    subjectId: id('subjectId'),
    collectionId: id('collectionId'),
    sort: ['newest', 'title', 'popular'].includes(sort) ? sort : 'newest',
    pageNum: positive(query.get('pageNum'), 1),
    pageSize: Math.min(positive(query.get('pageSize'), 20), Limits.PAGE_SIZE_MAX),
  };
}

/** The address the web client asks for these parameters (its `toQueryString`): empty values left out. */
function apiUrl(pathname: string, params: Record<string, string | number> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== '') search.append(key, String(value));
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

class Loader {
  readonly answers: Prefetched = {};
  constructor(private readonly app: FastifyInstance) {}

  /** One public route's data; undefined when it does not answer 200 (the web app then shows its own state). */
  async get<T>(url: string): Promise<T | undefined> {
    const answer = await this.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (answer.statusCode !== 200) return undefined;
    const envelope = answer.json<Envelope<T>>();
    if (envelope.code !== Code.OK) return undefined;
    this.answers[url] = envelope;
    return envelope.data;
  }

  /** A book's stylesheet (its own address on this site); undefined when it does not answer 200. */
  async stylesheet(url: string): Promise<string | undefined> {
    if (!url.startsWith(ASSET_ROUTE) || !/^[^?#]+\.css$/i.test(url)) return undefined;
    const answer = await this.app.inject({ method: 'GET', url, headers: { accept: 'text/css' } });
    if (answer.statusCode !== 200) return undefined;
    this.answers[url] = answer.body;
    return answer.body;
  }

  async shell(): Promise<ShellData | undefined> {
    const [site, menus, bottom, links] = await Promise.all([
      this.get<SiteInfo>('/api/site'),
      this.get<NavMenu[]>('/api/navMenu/list'),
      this.get<BottomMenu[]>('/api/site/bottomMenu/list'),
      this.get<FooterLink[]>('/api/site/link/list'),
    ]);
    if (!site || site.maintenance) return undefined;
    return { site, menus: menus ?? [], bottom: bottom ?? [], links: links ?? [] };
  }
}

interface Page {
  route: string;
  title?: string;
  description?: string;
  fullHeader?: boolean;
  /** Written beside the app's root instead of in the site's frame (the reader has none). */
  besideRoot?: boolean;
  body: SafeHtml;
}

async function pageFor(load: Loader, pathname: string, query: URLSearchParams, siteName: string) {
  if (pathname === '/' || pathname === '/index') {
    const [recommended, fresh, lists, news] = await Promise.all([
      load.get<BookCard[]>(apiUrl('/api/book/recommend', { limit: 6 })),
      load.get<BookCard[]>(apiUrl('/api/book/new', { limit: 6 })),
      load.get<Paged<BookListSummary>>(apiUrl('/api/booklist/list', { pageNum: 1, pageSize: 3 })),
      load.get<Paged<ContentSummary>>(
        apiUrl('/api/site/contentList', { contentType: 'news', pageNum: 1, pageSize: 4 }),
      ),
    ]);
    if (!recommended || !fresh || !lists || !news) return undefined;
    return { route: 'index', body: homePage({ siteName, recommended, fresh, lists, news }) } satisfies Page;
  }
  if (pathname === '/textbook') {
    // The search panel's browse links (conditionKey 1, 4) open the books grouped by subject or collection, which
    // the app draws: the list written here would be replaced by another page.
    if (['1', '4'].includes(query.get('conditionKey') ?? '') && !query.get('subjectId') && !query.get('collectionId'))
      return undefined;
    const q = textbookQuery(query);
    const [fields, books] = await Promise.all([
      load.get<{ subjects: DictNode[]; collections: DictNode[] }>('/api/book/all/field'),
      load.get<Paged<BookCard>>(apiUrl('/api/book/list', { ...q, keyword: '' })),
    ]);
    if (!fields || !books) return undefined;
    return {
      route: 'textbook',
      title: `教材 - ${siteName}`,
      body: textbookPage({ query: q, subjects: fields.subjects, collections: fields.collections, books }),
    } satisfies Page;
  }
  if (pathname === '/book-detail') {
    const id = positive(query.get('id') ?? query.get('bookId'), 0);
    if (!id || id > 2_147_483_647) return undefined;
    const [book, tree] = await Promise.all([
      load.get<BookDetail>(`/api/book/detail/${id}`),
      load.get<SectionNode[]>(apiUrl('/api/book/sectionTree', { bookId: id })),
    ]);
    if (!book || !tree) return undefined;
    return {
      route: 'book-detail',
      title: `${book.title} - ${siteName}`,
      description: book.description.slice(0, 150),
      fullHeader: true,
      body: detailPage({ book, tree }),
    } satisfies Page;
  }
  if (pathname === '/bookPreview' && query.get('trial') === '1') {
    const bookId = positive(query.get('bookId'), 0);
    const chapterId = positive(query.get('chapterId'), 0);
    if (!bookId || !chapterId || Math.max(bookId, chapterId) > 2_147_483_647) return undefined;
    // The addresses the reader asks (api/reader.ts), so that the app takes these answers instead of asking.
    const [access, tree, chapter] = await Promise.all([
      load.get<BookAccess>(apiUrl('/api/book/readAccess', { bookId })),
      load.get<SectionNode[]>(apiUrl('/api/book/sectionTree', { bookId })),
      load.get<ChapterContent>(apiUrl('/api/book/chapter', { bookId, chapterId })),
      load.get<unknown>(apiUrl('/api/reader/spine', { bookId })),
    ]);
    if (!access || !tree || !chapter) return undefined;
    const sheets = await Promise.all(chapter.styles.map((url) => load.stylesheet(url)));
    if (sheets.some((sheet) => sheet === undefined)) return undefined;
    const data = { access, tree, chapter, sheets: sheets as string[] };
    if (!writable(access, data.sheets, chapter)) return undefined;
    return {
      route: 'bookPreview',
      title: `${chapter.title || access.title} - ${access.title}`,
      besideRoot: true,
      body: readerPage(data),
    } satisfies Page;
  }
  return undefined;
}

export interface PrerenderedPage {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

export type VisitorPages = (request: FastifyRequest) => Promise<PrerenderedPage | null>;

/** The visitor-page writer of this app, or null without a web build made for it. */
export function visitorPages(app: FastifyInstance, webDist: string): VisitorPages | null {
  const template = readTemplate(webDist);
  if (!template) return null;
  return async (request) => {
    const url = new URL(request.url, 'http://x');
    if (!isVisitor(request, url.searchParams)) return null;
    const load = new Loader(app);
    const shell = await load.shell();
    if (!shell) return null;
    const page = await pageFor(load, url.pathname, url.searchParams, shell.site.siteName);
    if (!page || (page.besideRoot && !template.afterShell.includes(BESIDE_ROOT))) return null;
    const document = write(template, shell, page, load.answers, url.pathname);
    return compress(document, String(request.headers['accept-encoding'] ?? ''));
  };
}

function write(template: Template, shell: ShellData, page: Page, answers: Prefetched, pathname: string): string {
  const css = (template.facts.routes[page.route]?.css ?? [])
    .map((file) => `<link rel="stylesheet" crossorigin href="/assets/${escapeHtml(file)}">`)
    .join('\n    ');
  let head = template.head.replace('<html lang="zh-CN">', '<html lang="zh-CN" data-prerendered="">');
  if (page.title) head = head.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description) {
    head = head.replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(page.description)}"`,
    );
  }
  const data = html`<script type="application/json" id="tb-prefetched">
    ${jsonForScript(answers)}
  </script>`;
  if (page.besideRoot) {
    const after = template.afterShell.replace(BESIDE_ROOT, page.body.text).replace('</body>', `${data}\n  </body>`);
    return `${head}    ${css}\n  ${template.beforeShell}${after}`;
  }
  const active = pathname === '/' ? '/index' : pathname;
  const frame = html`<div class="app-frame">
    ${header(shell, active, Boolean(page.fullHeader))}
    <main class="${page.fullHeader ? 'page page-full' : 'page'}" id="main">${page.body}</main>
    ${footer(shell)}
  </div>`;
  return `${head}    ${css}\n  ${template.beforeShell}${frame}${template.afterShell.replace('</body>', `${data}\n  </body>`)}`;
}

function compress(document: string, accepted: string): PrerenderedPage {
  const text = Buffer.from(document, 'utf8');
  if (/\bbr\b/.test(accepted)) {
    return { body: brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(text, { level: 6 }), encoding: 'gzip' };
  return { body: text };
}
