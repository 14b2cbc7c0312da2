import {
  bookHref,
  chinaClock,
  Limits,
  Msg,
  newsHref,
  pagerPages,
  readerHref,
  type BookCard,
  type BookDetail,
  type BookListSummary,
  type ContentSummary,
  type DictNode,
  type Paged,
  type SectionNode,
} from '@textbook/contracts';
import { html, safeHref, type SafeHtml } from './html.js';
import { icon, type IconName } from './icons.js';

// The visitor pages of web/src/pages (index, textbook, book-detail) as markup: the same elements and classes, so
// that the web app, when it starts, draws over them without anything moving. Widgets of the component library
// are written as the links that do the same (a subject, a collection, a sort, a page are addresses).

const EAGER_COVERS = 6;

function bookCard(book: BookCard, eager: boolean): SafeHtml {
  return html`<a href="${bookHref(book.id)}" class="book-card" data-testid="book-card">
    <div class="book-cover">
      ${
        book.cover
          ? html`<img src="${safeHref(book.cover)}" alt="${book.title}" loading="${eager ? 'eager' : 'lazy'}" />`
          : html`<span>${book.title}</span>`
      }
    </div>
    <div class="book-title">${book.title}</div>
    <div class="book-meta">${book.authors || book.publisher}</div>
  </a>`;
}

function bookGrid(books: BookCard[]): SafeHtml {
  return html`<div class="book-grid">${books.map((b, i) => bookCard(b, i < EAGER_COVERS))}</div>`;
}

function emptyState(text: string): SafeHtml {
  return html`<div class="empty-state"><p class="empty-text">${text}</p></div>`;
}

// ---- home (pages/index) ----

export interface HomeData {
  siteName: string;
  recommended: BookCard[];
  fresh: BookCard[];
  lists: Paged<BookListSummary>;
  news: Paged<ContentSummary>;
}

const ENTRIES: { icon: IconName; title: string; text: string; to: string }[] = [
  { icon: 'book', title: '浏览教材', text: '按学科与丛书查找数字教材', to: '/textbook' },
  { icon: 'team', title: '加入班级', text: '输入教师提供的班级码', to: '/my/joinClass' },
  { icon: 'read', title: '在线阅读', text: '书架中的教材随时阅读', to: '/list' },
  { icon: 'trophy', title: '书单推荐', text: '名师精选的专业书单', to: '/booklist' },
];

function searchBox(size: 'middle' | 'large'): SafeHtml {
  return html`<form role="search" class="search-box search-box-${size}" action="/search-result" method="get">
    <input
      type="search"
      name="searchText"
      aria-label="搜索"
      maxlength="${Limits.SEARCH_MAX}"
      placeholder="搜索教材名称、作者或 ISBN"
    />
    <input type="hidden" name="type" value="0" />
    <button type="submit">搜索</button>
  </form>`;
}

function block(title: string, more: string, body: SafeHtml): SafeHtml {
  return html`<section class="container page-section home-block">
    <div class="block-head">
      <h2>${title}</h2>
      <a href="${more}" class="block-more">查看更多 ›</a>
    </div>
    ${body}
  </section>`;
}

function newsDay(ms: number): { md: string; y: string } {
  // Dates as a reader in China sees them, whatever the server's zone.
  const c = chinaClock(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { md: `${pad(c.month)}-${pad(c.day)}`, y: String(c.year) };
}

function news(rows: ContentSummary[]): SafeHtml {
  return html`<section class="news-block container" aria-labelledby="news-block-title" data-testid="news-block">
    <div class="news-block-head">
      <h2 id="news-block-title">新闻资讯</h2>
      <a href="/more-blog" class="news-block-more">更多 ›</a>
    </div>
    ${
      rows.length === 0
        ? html`<p class="news-block-empty">${Msg.EMPTY}</p>`
        : html`<ul class="news-block-list">
            ${rows.map((row) => {
              const d = newsDay(row.createTime);
              return html`<li>
                <a href="${newsHref(row)}" class="news-block-item">
                  <span class="news-block-date"><strong>${d.md}</strong><small>${d.y}</small></span>
                  <span class="news-block-text">
                    <span class="news-block-title">${row.title}</span>
                    ${row.summary && html`<span class="news-block-summary">${row.summary}</span>`}
                  </span>
                </a>
              </li>`;
            })}
          </ul>`
    }
  </section>`;
}

export function homePage(data: HomeData): SafeHtml {
  return html`<div class="home">
    <section class="hero">
      <div class="container hero-inner">
        <h1 class="hero-title">${data.siteName}</h1>
        <p class="hero-text">汇聚高校优质数字教材，支持班级教学、在线阅读与学习报告。</p>
        ${searchBox('large')}
        <div class="hero-actions"><a href="/textbook" class="ghost-button">浏览全部教材</a></div>
      </div>
    </section>
    <section class="container page-section">
      <div class="entry-grid">
        ${ENTRIES.map(
          (e) =>
            html`<a href="${e.to}" class="entry-card">
              <div class="entry-icon">${icon(e.icon, e.icon)}</div>
              <div class="entry-title">${e.title}</div>
              <div class="entry-text">${e.text}</div>
            </a>`,
        )}
      </div>
    </section>
    ${block('推荐教材', '/textbook', bookGrid(data.recommended))}
    ${block('新书上架', '/textbook?sort=newest', bookGrid(data.fresh))}
    ${block(
      '精选书单',
      '/booklist',
      html`<div class="booklist-grid">
        ${data.lists.rows.map(
          (l) =>
            html`<a href="/booklistdetail?id=${l.id}" class="booklist-card" data-testid="booklist-card">
              <div class="booklist-covers">
                ${l.covers.slice(0, 4).map((src) => html`<img src="${safeHref(src)}" alt="" loading="lazy" />`)}
              </div>
              <div class="booklist-body">
                <div class="booklist-name">${l.name}</div>
                <div class="booklist-desc">${l.description}</div>
                <div class="booklist-count">共 ${l.bookCount} 本</div>
              </div>
            </a>`,
        )}
      </div>`,
    )}
    ${news(data.news.rows)}
  </div>`;
}

// ---- textbook list (pages/textbook) ----

export interface TextbookQuery {
  subjectId: string;
  collectionId: string;
  sort: string;
  pageNum: number;
  pageSize: number;
}

export interface TextbookData {
  query: TextbookQuery;
  subjects: DictNode[];
  collections: DictNode[];
  books: Paged<BookCard>;
}

const SORTS = [
  { value: 'newest', label: '最新上架' },
  { value: 'title', label: '书名' },
  { value: 'popular', label: '最受欢迎' },
];

/** The list's address with some conditions changed; a changed condition starts again at page 1. */
function listHref(query: TextbookQuery, next: Partial<Record<keyof TextbookQuery, string | number>>): string {
  const merged: Record<string, string | number> = { ...query, ...next };
  if (!('pageNum' in next)) merged.pageNum = 1;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    const skip =
      value === '' ||
      (key === 'sort' && value === 'newest') ||
      (key === 'pageNum' && value === 1) ||
      (key === 'pageSize' && value === 20);
    if (!skip) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `/textbook?${text}` : '/textbook';
}

function subjectTree(nodes: DictNode[], query: TextbookQuery): SafeHtml {
  return html`<ul class="prerender-tree">
    ${nodes.map(
      (n) =>
        html`<li>
          <a
            href="${listHref(query, { subjectId: String(n.id) })}"
            class="${String(n.id) === query.subjectId ? 'is-selected' : ''}"
            >${n.label}</a
          >
          ${n.children.length > 0 && subjectTree(n.children, query)}
        </li>`,
    )}
  </ul>`;
}

function findLabel(nodes: DictNode[], id: string): string {
  for (const n of nodes) {
    if (String(n.id) === id) return n.label;
    const below = findLabel(n.children, id);
    if (below) return below;
  }
  return '';
}

function pager(query: TextbookQuery, total: number): SafeHtml {
  const pages = Math.ceil(total / query.pageSize);
  const near = pagerPages(query.pageNum, pages);
  return html`<nav class="pager prerender-pager" aria-label="分页">
    ${near.map((p, i) => [
      i > 0 && p - near[i - 1]! > 1 && html`<span class="pager-gap">…</span>`,
      html`<a
        href="${listHref(query, { pageNum: p })}"
        class="${p === query.pageNum ? 'is-current' : ''}"
        ${p === query.pageNum ? html`aria-current="page"` : ''}
        >${p}</a
      >`,
    ])}
  </nav>`;
}

export function textbookPage(data: TextbookData): SafeHtml {
  const { query, books } = data;
  const subjectName = query.subjectId ? findLabel(data.subjects, query.subjectId) : '';
  const chip = (label: string, id: string) =>
    html`<a
      href="${listHref(query, { collectionId: id })}"
      class="prerender-chip${query.collectionId === id ? ' is-checked' : ''}"
      >${label}</a
    >`;
  return html`<div class="container page-section">
    <h3 class="prerender-title">教材</h3>
    <div class="catalog-layout">
      <aside class="catalog-side" data-testid="subject-tree">
        <details data-open-wide>
          <summary><h3>学科${subjectName ? `：${subjectName}` : ''}</h3></summary>
          ${subjectTree(data.subjects, query)}
          ${query.subjectId && html`<a class="block-more" href="${listHref(query, { subjectId: '' })}">全部学科</a>`}
        </details>
      </aside>
      <div class="catalog-main">
        <div class="chip-row" data-testid="collection-filter">
          <span class="chip-label">丛书</span>
          ${chip('全部', '')} ${data.collections.map((c) => chip(c.label, String(c.id)))}
        </div>
        <div class="catalog-toolbar" style="margin-top: 16px">
          <div class="prerender-sorts" role="group" aria-label="排序">
            ${SORTS.map(
              (s) =>
                html`<a
                  href="${listHref(query, { sort: s.value })}"
                  class="${s.value === query.sort ? 'is-checked' : ''}"
                  >${s.label}</a
                >`,
            )}
          </div>
          <form
            class="search-box prerender-list-search"
            action="/textbook-search"
            method="get"
            role="search"
            data-list-search
          >
            ${(['subjectId', 'collectionId'] as const).map(
              (k) => query[k] && html`<input type="hidden" name="${k}" value="${query[k]}" />`,
            )}
            ${query.sort !== 'newest' && html`<input type="hidden" name="sort" value="${query.sort}" />`}
            <input
              type="search"
              name="keyword"
              maxlength="${Limits.SEARCH_MAX}"
              aria-label="在教材中搜索"
              placeholder="在教材中搜索（书名、作者、拼音首字母）"
            />
            <button type="submit">搜索</button>
          </form>
        </div>
        <div class="result-count">共 ${books.total} 本教材</div>
        <div style="margin-top: 16px">${books.rows.length ? bookGrid(books.rows) : emptyState(Msg.EMPTY)}</div>
        ${books.total > query.pageSize && pager(query, books.total)}
      </div>
    </div>
  </div>`;
}

// ---- book detail (pages/book-detail) ----

export interface DetailData {
  book: BookDetail;
  tree: SectionNode[];
}

function toc(bookId: number, nodes: SectionNode[]): SafeHtml {
  const indent = nodes[0]?.level === 1 ? 0 : 20;
  return html`<ul class="toc" style="list-style: none; padding-left: ${indent}px; margin: 0">
    ${nodes.map(
      (n) =>
        html`<li>
          <div class="toc-item">
            ${
              n.free && n.chapterId
                ? html`<a
                    href="${readerHref(bookId, n.chapterId, n.anchor, { trial: true })}"
                    data-testid="free-chapter"
                    >${n.title}</a
                  >`
                : html`<span>${n.title}</span>`
            }
            ${
              n.chapterId &&
              (n.free
                ? html`<span class="toc-free">免费试读</span>`
                : html`<span style="color: #9ca3af">${icon('lock', '需要获得本书后阅读')}</span>`)
            }
          </div>
          ${n.children.length > 0 && toc(bookId, n.children)}
        </li>`,
    )}
  </ul>`;
}

function actionButton(name: IconName, label: string, replay: string, extra = ''): SafeHtml {
  return html`<button type="button" class="prerender-button ${extra}" data-replay="${replay}">
    ${icon(name, name)}<span>${label}</span>
  </button>`;
}

export function detailPage({ book, tree }: DetailData): SafeHtml {
  const firstFree = book.freeChapterIds[0];
  return html`<div class="book-detail">
    <section class="detail-hero">
      <div class="container detail-hero-inner">
        <div class="detail-cover">
          <div class="book-cover">
            ${book.cover && html`<img src="${safeHref(book.cover)}" alt="${book.title}" fetchpriority="high" />`}
          </div>
        </div>
        <div class="detail-info">
          <h1 ${book.titleDir ? html`dir="${book.titleDir}"` : ''}>${book.title}</h1>
          <div data-testid="book-authors" ${book.authorsDir ? html`dir="${book.authorsDir}"` : ''}>${book.authors}</div>
          <div class="detail-facts">
            <span>出版社：${book.publisher || '—'}</span>
            <span>ISBN：${book.isbn || '—'}</span>
            <span>学科：${book.subjectName || '—'}</span>
            <span>丛书：${book.collectionName || '—'}</span>
            <span>出版年份：${book.pubYear ?? '—'}</span>
            <span>章节：${book.chapterCount} 章</span>
          </div>
          ${book.price > 0 && html`<div class="detail-price">¥${book.price.toFixed(2)}</div>`}
          <div class="detail-actions">
            ${
              firstFree &&
              html`<a href="${readerHref(book.id, firstFree, '', { trial: true })}" class="prerender-button is-primary">
                ${icon('read', 'read')}<span>免费试读</span>
              </a>`
            }
            ${actionButton('heart', '登录后收藏', 'star', 'is-ghost')}
            ${actionButton('plus', '登录后加入书架', 'shelf', 'is-ghost')}
            ${book.price > 0 && actionButton('cart', `购买 ¥${book.price.toFixed(2)}`, 'buy', 'is-danger')}
          </div>
          ${book.description && html`<p class="detail-desc">${book.description}</p>`}
          <div class="detail-scroll">向下查看目录 ↓</div>
        </div>
      </div>
    </section>
    <section class="container page-section">
      <div class="panel" data-testid="book-toc">
        <h4 class="prerender-title" style="margin-top: 0">目录</h4>
        ${tree.length ? toc(book.id, tree) : emptyState(Msg.EMPTY)}
      </div>
    </section>
  </div>`;
}
