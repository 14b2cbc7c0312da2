import {
  READER_CSS,
  READER_TEXT_DEFAULTS,
  READER_THEMES,
  trailTo,
  bookHref,
  scopeCss,
  type BookAccess,
  type ChapterContent,
  type SectionNode,
} from '@textbook/contracts';
import { html, SafeHtml } from './html.js';

/**
 * A visitor's free chapter as the server writes it (issue 21): the reader's bar, contents, text and footer with
 * the same markup and classes as web/src/pages/bookPreview, in the reader's default settings. The chapter sits in
 * a declarative shadow root with the reader's own rules and the book's CSS, as ChapterView draws it. The page is
 * written beside the app's root (`#tb-server-page`), over the app's reader until that has painted the chapter and
 * taken over the place the visitor scrolled to.
 */

export interface ReaderData {
  access: BookAccess;
  tree: SectionNode[];
  chapter: ChapterContent;
  /** The chapter's stylesheets' text, in order. */
  sheets: string[];
}

/** The reader's look before a visitor chooses another (pages/bookPreview/settings.ts DEFAULT_SETTINGS). */
const LOOK = { ...READER_THEMES.light, ...READER_TEXT_DEFAULTS };

/**
 * Whether the server can write this chapter as the reader would show it with the default settings: a book that
 * opens in pages, in continuous mode, right to left or in vertical writing is left to the app, and so is a page
 * that is not reflowable text (a pre-paginated page is scaled to the screen, a PDF section painted by pdf.js: the
 * server's page would be an unscaled page or the PDF's bare text until the visitor's first move).
 */
export function writable(access: BookAccess, sheets: string[], chapter: ChapterContent): boolean {
  if (chapter.layout.kind !== 'reflow') return false;
  if (access.flow === 'paginated' || access.flow === 'scrolled-continuous' || access.progression === 'rtl')
    return false;
  return ![...sheets, chapter.css, chapter.html].some((text) => /writing-mode\s*:\s*(?:vertical|tb)/i.test(text));
}

function toc(nodes: SectionNode[], chapterId: number, trail: Set<number>): SafeHtml {
  return html`<ul role="group">
    ${nodes.map((n) => {
      const open = trail.has(n.id);
      const current = n.chapterId === chapterId && (open || !n.anchor);
      return html`<li
        role="treeitem"
        aria-level="${n.level}"
        ${n.children.length ? html`aria-expanded="${String(open)}"` : ''}
      >
        <div class="${current ? 'toc-row current' : 'toc-row'}">
          ${
            n.children.length
              ? html`<button
                  type="button"
                  class="toc-toggle"
                  data-replay="toc-${n.id}"
                  aria-label="${open ? `收起 ${n.title}` : `展开 ${n.title}`}"
                >
                  ${open ? '▾' : '▸'}
                </button>`
              : html`<span class="toc-toggle" aria-hidden="true"></span>`
          }
          <button
            type="button"
            class="toc-link"
            data-replay="toc-open-${n.id}"
            ${n.chapterId === null ? html`disabled` : ''}
            ${current ? html`aria-current="page"` : ''}
          >
            ${n.title}${n.free ? html`<span class="toc-free">试读</span>` : ''}
          </button>
        </div>
        ${n.children.length && open ? toc(n.children, chapterId, trail) : ''}
      </li>`;
    })}
  </ul>`;
}

function button(label: string, replay: string, enabled: boolean, primary = false): SafeHtml {
  return html`<button
    type="button"
    class="${primary ? 'reader-button is-primary' : 'reader-button'}"
    data-replay="${replay}"
    ${enabled ? '' : html`disabled`}
  >
    <span>${label}</span>
  </button>`;
}

export function readerPage({ access, tree, chapter, sheets }: ReaderData): SafeHtml {
  const trail = trailTo(tree, chapter.id);
  const scoped = scopeCss([...sheets, chapter.css].join('\n'));
  const look = `--rd-font:${LOOK.fontSize};--rd-lh:${LOOK.lineHeight};--rd-bg:${LOOK.bg};--rd-fg:${LOOK.fg}`;
  // The chapter's markup is the importer's sanitized HTML (modules/import/allow-list.ts: nothing that runs), the
  // same the reader puts in its shadow root; the book's CSS cannot close a <style> element once `</` is escaped.
  const css = (text: string) => new SafeHtml(text.replace(/<\//g, '<\\/'));
  return html`<div class="reader-frame" id="tb-server-page" data-chapter="${chapter.id}">
    ${
      scoped.fontFaces.length
        ? html`<style data-book-fonts="${chapter.bookId}">
            ${css(scoped.fontFaces.join('\n'))}
          </style>`
        : ''
    }
    <div class="reader reader-theme-light" style="background: ${LOOK.bg}">
      <header class="reader-bar" role="banner">
        <a href="${bookHref(chapter.bookId)}" class="reader-back" aria-label="返回">‹ 返回</a>
        <button type="button" class="reader-btn" data-replay="reader-toc">目录</button>
        <div class="reader-trail" aria-label="当前位置">
          <strong class="reader-title" ${access.titleDir ? html`dir="${access.titleDir}"` : ''}>${access.title}</strong
          >${trail.map((n, i) => html`<span>${i > 0 ? html`<span aria-hidden="true"> / </span>` : ''}${n.title}</span>`)}
        </div>
        <button type="button" class="reader-btn" data-replay="reader-settings">设置</button>
      </header>
      <div class="reader-body">
        <div class="reader-side reader-side-wide">
          <nav class="reader-toc" aria-label="目录">
            <div role="tree">${toc(tree, chapter.id, new Set(trail.map((n) => n.id)))}</div>
          </nav>
        </div>
        <main class="reader-main" aria-label="正文">
          <div class="reader-host" data-testid="chapter-host" style="${look}">
            <template shadowrootmode="open">
              <style>
                ${css(READER_CSS)}
              </style>
              <style class="book-css">
                ${css(scoped.css)}
              </style>
              <div class="viewport theme-light" tabindex="0" role="document">${new SafeHtml(chapter.html)}</div>
            </template>
          </div>
        </main>
      </div>
      <footer class="reader-foot">
        ${button('上一章', 'prev-chapter', chapter.prevId !== null)}
        <div class="reader-progress" aria-label="阅读进度">
          <div class="reader-progress-bar"><span style="width: 0%"></span></div>
          <span>0%</span>
        </div>
        ${button('下一章', 'next-chapter', chapter.nextId !== null, true)}
      </footer>
    </div>
  </div>`;
}
