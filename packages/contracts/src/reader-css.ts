/**
 * How the reader shows a chapter: its own rules and the book's CSS made to apply inside the reader's shadow root.
 * Used by the web reader (web/src/pages/bookPreview/ChapterView.tsx) and by the chapter the server writes for a
 * visitor's first page (server/src/prerender/reader.ts), so the two look the same.
 */

export type ReaderTheme = 'light' | 'sepia' | 'dark';

/** The reader's colour themes (its settings drawer names them). */
export const READER_THEMES: Record<ReaderTheme, { bg: string; fg: string; label: string }> = {
  light: { bg: '#ffffff', fg: '#1f2937', label: '白色' },
  sepia: { bg: '#f4ecd8', fg: '#5b4636', label: '护眼' },
  dark: { bg: '#111827', fg: '#d1d5db', label: '夜间' },
};

/** Type size (percent of the book's own) and line height before the reader chooses others. */
export const READER_TEXT_DEFAULTS = { fontSize: 100, lineHeight: 1.8 };
/** The line heights the reader's settings offer. */
export const READER_LINE_HEIGHT = { min: 1.2, max: 2.4 } as const;

/**
 * Fonts for text the book leaves unstyled. Latin text takes a Latin font (its quotes ‘ ’ “ ” are narrow), Chinese,
 * Japanese and Korean text a CJK one (its quotes full-width, as CJK typesetting sets them), each falling back to
 * the other for the characters it lacks. Chosen by the chapter's language (the page's, zh-CN, when it says none).
 */
const LATIN_FONTS = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans'`;
const CJK_FONTS = {
  zh: `'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Noto Sans SC'`,
  ja: `'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', Meiryo, 'Noto Sans CJK JP', 'Source Han Sans JP', 'Noto Sans JP'`,
  ko: `'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Source Han Sans KR', 'Noto Sans KR'`,
};
const FONT_CSS = [
  `:where(.epub-body) { font-family: ${LATIN_FONTS}, ${CJK_FONTS.zh}, sans-serif; }`,
  ...Object.entries(CJK_FONTS).map(
    ([lang, fonts]) => `:where(.epub-body:lang(${lang})) { font-family: ${fonts}, ${LATIN_FONTS}, sans-serif; }`,
  ),
].join('\n');

/**
 * The reader's own rules: settings as variables, themes, highlights, paging. The book's CSS comes after. The web
 * reader's blocks held back past a long chapter's first screen (`data-rd-later`, its firstScreen.ts) and the
 * viewport of the chapter before, set aside until it is removed (`gone`), are neither shown nor laid out. A view
 * kept on the page while another chapter loads or is refused (`hidden` on the host) is not shown either: the
 * `:host` rule would otherwise win over the attribute.
 */
export const READER_CSS = `
${FONT_CSS}
:host { display: block; height: 100%; contain: strict; }
:host([hidden]) { display: none; }
.viewport { width: 100%; height: 100%; box-sizing: border-box; overflow: auto; background: var(--rd-bg); color: var(--rd-fg); -webkit-overflow-scrolling: touch; outline: none; }
.epub-body { font-size: calc(var(--rd-font) * 1%) !important; line-height: var(--rd-lh); max-width: 46em; margin: 0 auto; padding: 24px 20px 96px; box-sizing: border-box; overflow-wrap: break-word; }
.epub-body :where(p, li, dd, dt, blockquote, td, th, div) { line-height: var(--rd-lh) !important; }
.epub-body img, .epub-body svg, .epub-body video { max-width: 100%; height: auto; }
.epub-body svg[width][height] { height: auto; }
.epub-body pre { white-space: pre-wrap; }
.epub-body table { max-width: 100%; overflow-x: auto; display: block; }
.epub-body math { font-size: 1.05em; }
.epub-body aside:is([epub\\:type~="footnote"], [epub\\:type~="endnote"], [epub\\:type~="rearnote"], [epub\\:type~="note"]) { display: none; }
.epub-body a { color: #2563eb; }
[data-rd-later] { display: none !important; }
.theme-dark .epub-body, .theme-dark .epub-body * { color: var(--rd-fg) !important; background-color: transparent !important; }
.theme-dark .epub-body a { color: #93c5fd !important; }
.theme-dark .epub-body img { filter: brightness(0.85); }
.theme-sepia .epub-body :where(p, li, h1, h2, h3, h4, h5, h6, span, div) { color: var(--rd-fg); }
mark.rd-hl { color: inherit !important; cursor: pointer; border-radius: 2px; padding: 0; }
mark.rd-hl.has-note { border-bottom: 2px dotted #9a3412; }
mark.rd-yellow { background: rgba(250, 204, 21, 0.45) !important; }
mark.rd-green { background: rgba(74, 222, 128, 0.4) !important; }
mark.rd-blue { background: rgba(96, 165, 250, 0.4) !important; }
mark.rd-pink { background: rgba(244, 114, 182, 0.4) !important; }
mark.rd-purple { background: rgba(192, 132, 252, 0.4) !important; }
mark.rd-search { background: rgba(249, 115, 22, 0.45) !important; color: inherit !important; outline: 2px solid #ea580c; border-radius: 2px; }
::highlight(read-aloud) { background-color: rgba(56, 189, 248, 0.4); }
.epub-body .rd-reading { background-color: rgba(56, 189, 248, 0.3) !important; }
.viewport.ff-serif .epub-body, .viewport.ff-serif .epub-body :where(p, li, dd, dt, blockquote, td, th, div, span, a, em, strong, h1, h2, h3, h4, h5, h6) { font-family: 'Noto Serif CJK SC', 'Source Han Serif SC', 'Songti SC', SimSun, 'Noto Serif', Georgia, 'Times New Roman', serif !important; }
.viewport.ff-sans .epub-body, .viewport.ff-sans .epub-body :where(p, li, dd, dt, blockquote, td, th, div, span, a, em, strong, h1, h2, h3, h4, h5, h6) { font-family: 'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans', Arial, sans-serif !important; }
.viewport.align-justify .epub-body :where(p, li, dd, blockquote) { text-align: justify !important; }
.viewport.align-start .epub-body :where(p, li, dd, blockquote) { text-align: start !important; }
.viewport.margin-narrow:not(.paged, .vertical) .epub-body { max-width: none; padding-inline: 12px; }
.viewport.margin-wide:not(.paged, .vertical) .epub-body { max-width: 36em; padding-inline: max(32px, 8%); }
.viewport.gone { position: absolute; inset: 0; visibility: hidden; content-visibility: hidden; pointer-events: none; }
.viewport.paged { overflow: hidden; }
.viewport.paged .epub-body { max-width: none; height: 100%; column-width: var(--rd-colw); column-gap: 48px; column-fill: auto; padding: 24px 24px 32px; }
:host(.flowing) { height: auto; contain: content; }
:host(.flowing) .viewport { height: auto; overflow: visible; }
:host(.flowing) .epub-body { padding-bottom: 32px; }
.viewport.vertical { writing-mode: vertical-rl; }
.viewport.vertical.vertical-lr { writing-mode: vertical-lr; }
.viewport.vertical .epub-body { max-width: none; max-height: none; height: 100%; margin: 0; padding: 32px 24px; }
:host(.flowing) .viewport.vertical { height: var(--rd-strip, 70vh); overflow-x: auto; overflow-y: hidden; }
:host(.flowing) .viewport.vertical .epub-body { padding: 16px 20px; }
`;

/**
 * The book's CSS, made to apply inside the reader's shadow root: `html`, `body` and `:root` selectors point at
 * the chapter's wrapper (`.epub-body`, which carries the html and body classes), and @font-face rules are
 * lifted out (Chromium ignores them inside a shadow root) to be declared on the document.
 */
export function scopeCss(css: string): { css: string; fontFaces: string[] } {
  const fontFaces: string[] = [];
  const withoutFonts = unprefix(css).replace(/@font-face\s*\{[^}]*\}/gi, (rule) => {
    fontFaces.push(rule);
    return '';
  });
  const scoped = withoutFonts.replace(/(^|[{};])([^{}@;]+)\{/g, (_m, open: string, prelude: string) => {
    const selectors = prelude
      .split(',')
      .map((sel) =>
        sel
          .replace(/(^|[\s>+~(])(html|body|:root)(?=$|[\s.#:[>+~),])/gi, '$1.epub-body')
          .replace(/\.epub-body(\s*>?\s*)\.epub-body/g, '.epub-body'),
      )
      .join(',');
    return `${open}${selectors}{`;
  });
  return { css: scoped, fontFaces };
}

/** EPUB 3's -epub- properties (vertical writing, emphasis, combining digits) in the names browsers know. */
function unprefix(css: string): string {
  return css
    .replace(/-(?:epub|webkit)-text-combine(?:-upright)?\s*:\s*horizontal/gi, 'text-combine-upright: all')
    .replace(/-epub-text-combine\s*:\s*none/gi, 'text-combine-upright: none')
    .replace(
      /(^|[;{\s])-(?:epub|webkit)-(writing-mode|text-orientation|text-emphasis[\w-]*|hyphens|word-break|line-break)\s*:/gi,
      '$1$2:',
    );
}
