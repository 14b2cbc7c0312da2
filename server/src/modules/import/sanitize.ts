import render from 'dom-serializer';
import sanitizeHtml from 'sanitize-html';
import { Element, isText, Text, type ChildNode, type Document } from 'domhandler';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, DROPPED_ELEMENTS, UNWRAPPED_ELEMENTS } from './allow-list.js';
import { joinHardWrappedCjk } from './cjk.js';
import { mathText } from './math-text.js';
import { sanitizedSvgDataUrl } from './svg-data.js';
import { sanitizeCss } from './css.js';
import { cleanTitle, findElement, isElement, localName, parseHtml, textContent } from './html-dom.js';
import { isExternal, resolveInBook, splitFragment } from './paths.js';
import { refuse } from './errors.js';
import { isPageBreak, pageBreakLabel, type PageBreak } from './page-list.js';
import { MAX_NESTING, nestingDepth } from '../../util/nesting.js';

/** How the importer turns a book's own references into platform URLs. */
export interface LinkResolver {
  /** Reader URL of a spine document, or null when the path is not one. */
  chapterUrl(path: string, fragment: string): string | null;
  /** URL of a stored resource, or null when the path is not stored (not in the manifest or missing). */
  assetUrl(path: string): string | null;
}

export interface Heading {
  level: number;
  title: string;
  id: string;
}

export interface SanitizedChapter {
  html: string;
  /** Plain text with blocks on their own lines, for search and snippets. */
  text: string;
  title: string;
  headings: Heading[];
  /** Stylesheets of the document, as stored-asset URLs. */
  styles: string[];
  /** The document's own <style> blocks, sanitized. */
  css: string;
  /** The ids of its elements (a page list's fragments are checked against them). */
  ids: Set<string>;
  /** Its print page-break markers in document order, each with an id (given one when it had none). */
  pageBreaks: PageBreak[];
}

const URL_ATTRS = ['href', 'src', 'xlink:href', 'poster'];
const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'blockquote',
  'pre',
  'dt',
  'dd',
  'br',
  'aside',
  'figcaption',
]);
const HEADING = /^h([1-6])$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

function rewriteUrl(el: Element, name: string, value: string, docPath: string, links: LinkResolver): string | null {
  const tag = localName(el);
  const v = value.trim();
  if (tag === 'a' && name !== 'src') {
    if (/^(https?:|mailto:)/i.test(v)) return v;
    if (isExternal(v) || !v) return null;
    const { fragment } = splitFragment(v);
    const resolved = resolveInBook(docPath, v);
    if (!resolved) return null;
    return links.chapterUrl(resolved, fragment) ?? links.assetUrl(resolved);
  }
  // SVG references inside the same document (<use href="#glyph">) stay as they are.
  if (v.startsWith('#')) return v;
  // An embedded raster image loads nothing and runs nothing (W3C pub-data-urls): kept for img and SVG image.
  if ((tag === 'img' || tag === 'image') && DATA_IMAGE.test(v)) return v;
  // An embedded SVG drawing: kept once its markup has passed the allow-list (svg-data.ts).
  if (tag === 'img' || tag === 'image') {
    const svg = sanitizedSvgDataUrl(v);
    if (svg) return svg;
  }
  if (isExternal(v)) return null;
  const resolved = resolveInBook(docPath, v);
  return resolved ? links.assetUrl(resolved) : null;
}

interface WalkState {
  docPath: string;
  links: LinkResolver;
  headings: Heading[];
  inPre: number;
  headingCount: number;
  ids: Set<string>;
  pageBreaks: PageBreak[];
}

const FULL_WIDTH = /text-transform\s*:\s*(-epub-fullwidth|full-width)\b/i;

/**
 * `text-transform: -epub-fullwidth` (W3C `css-epub-text-transform`) in an element's style: Chromium has no
 * `full-width` transform, so the element's ASCII letters, digits and signs become their full-width forms here
 * (U+FF01–U+FF5E, space U+3000), as the transform would show them; the style keeps the standard value.
 */
function fullWidthText(node: ChildNode): void {
  if (isText(node)) {
    node.data = node.data.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    node.data = node.data.replace(/ /g, '\u3000');
  } else if (isElement(node)) {
    for (const child of node.children) fullWidthText(child);
  }
}

function cleanElement(el: Element, state: WalkState): void {
  for (const name of Object.keys(el.attribs)) {
    const lower = name.toLowerCase();
    const value = el.attribs[name] ?? '';
    if (lower.startsWith('on') || lower === 'srcset' || lower === 'formaction' || lower === 'action') {
      delete el.attribs[name];
    } else if (URL_ATTRS.includes(lower)) {
      const next = rewriteUrl(el, lower, value, state.docPath, state.links);
      if (next === null) delete el.attribs[name];
      else el.attribs[name] = next;
    } else if (lower === 'style') {
      if (FULL_WIDTH.test(value)) fullWidthText(el);
      el.attribs[name] = sanitizeCss(value, state.docPath, (p) => state.links.assetUrl(p));
    }
  }
  const tag = localName(el);
  if (tag === 'a' && /^(https?:|mailto:)/i.test(el.attribs.href ?? '')) {
    el.attribs.target = '_blank';
    el.attribs.rel = 'noopener noreferrer nofollow';
  }
  const heading = HEADING.exec(tag);
  if (heading) {
    state.headingCount += 1;
    if (!el.attribs.id) el.attribs.id = `h-${state.headingCount}`;
    const title = cleanTitle(textContent(el));
    if (title) state.headings.push({ level: Number(heading[1]), title, id: el.attribs.id });
  }
  if (isPageBreak(el.attribs)) {
    if (!el.attribs.id) el.attribs.id = `pagebreak-${state.pageBreaks.length + 1}`;
    // A marker named by aria-label needs its DPUB-ARIA role to be named at all (an aria-label on a plain span is
    // prohibited, and screen readers skip it): the role says "page 7" where the print page starts.
    if (!el.attribs.role) el.attribs.role = 'doc-pagebreak';
    state.pageBreaks.push({ id: el.attribs.id, label: pageBreakLabel(el) });
  }
  if (el.attribs.id && !UNWRAPPED_ELEMENTS.has(tag)) state.ids.add(el.attribs.id);
}

/**
 * `<object data="fig.svg" type="image/svg+xml">` (and `<embed src>`) showing one of the book's images
 * becomes an `<img>` of the stored file (SICP draws its figures so): the picture stays, nothing can run
 * since an image document never executes scripts. The object's text fallback becomes the alt text.
 */
function imageOf(el: Element, state: WalkState): Element | null {
  const ref = (el.attribs.data ?? el.attribs.src ?? '').trim();
  if (!ref || isExternal(ref)) return null;
  const type = (el.attribs.type ?? '').toLowerCase();
  if (type && !type.startsWith('image/')) return null;
  if (!type && !/\.(svg|png|jpe?g|gif|webp)$/i.test(splitFragment(ref).path)) return null;
  const resolved = resolveInBook(state.docPath, ref);
  const url = resolved ? state.links.assetUrl(resolved) : null;
  if (!url) return null;
  const img = new Element('img', { src: url, alt: cleanTitle(textContent(el)) });
  if (el.attribs.style)
    img.attribs.style = sanitizeCss(el.attribs.style, state.docPath, (p) => state.links.assetUrl(p));
  for (const name of ['class', 'width', 'height', 'id']) if (el.attribs[name]) img.attribs[name] = el.attribs[name]!;
  return img;
}

function walk(parent: Element | Document, state: WalkState): void {
  const next: ChildNode[] = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      if (!state.inPre) (child as Text).data = joinHardWrappedCjk((child as Text).data);
      next.push(child);
      continue;
    }
    if (!isElement(child)) continue; // comments, processing instructions, CDATA wrappers of scripts
    const tag = localName(child);
    const figure = tag === 'object' || tag === 'embed' ? imageOf(child, state) : null;
    if (figure) {
      figure.parent = parent as Element;
      next.push(figure);
      continue;
    }
    if (DROPPED_ELEMENTS.has(tag)) continue;
    cleanElement(child, state);
    const pre = tag === 'pre' || tag === 'code';
    if (pre) state.inPre += 1;
    walk(child, state);
    if (pre) state.inPre -= 1;
    if (UNWRAPPED_ELEMENTS.has(tag)) {
      for (const grand of child.children) {
        grand.parent = parent as Element;
        next.push(grand);
      }
    } else {
      next.push(child);
    }
  }
  parent.children = next;
}

function plainText(node: ChildNode | Document, out: string[]): void {
  if (node.type === 'text') out.push((node as Text).data);
  else if (isElement(node) && localName(node) === 'math') out.push(mathText(node));
  else if ('children' in node) {
    for (const child of node.children) plainText(child, out);
    if (node.type !== 'root' && BLOCKS.has(localName(node as Element))) out.push('\n');
  }
}

function collectStyles(doc: Document, docPath: string, links: LinkResolver): { styles: string[]; css: string } {
  const styles: string[] = [];
  const css: string[] = [];
  const visit = (node: Document | Element) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      const tag = localName(child);
      if (
        tag === 'link' &&
        /stylesheet/i.test(child.attribs.rel ?? '') &&
        !/alternate/i.test(child.attribs.rel ?? '')
      ) {
        const href = child.attribs.href ?? '';
        const resolved = isExternal(href) ? null : resolveInBook(docPath, href);
        const url = resolved ? links.assetUrl(resolved) : null;
        if (url) styles.push(url);
      } else if (tag === 'style') {
        // An SVG's own <style> (in an SVG content document or inline) counts too; XML wraps it in CDATA.
        const raw = child.children
          .map((c) => (c.type === 'text' ? (c as Text).data : c.type === 'cdata' ? textContent(c) : ''))
          .join('')
          .replace(/<!\[CDATA\[|\]\]>/g, '');
        css.push(sanitizeCss(raw, docPath, (p) => links.assetUrl(p)));
      } else if (tag !== 'math') {
        visit(child);
      }
    }
  };
  visit(doc);
  return { styles, css: css.join('\n') };
}

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ALLOWED_ATTRIBUTES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], image: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'xlink:href', 'poster'],
  allowProtocolRelative: false,
  parseStyleAttributes: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'title', 'xmp'],
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
};

/**
 * Sanitizes one content document. A DOM pass rewrites every reference (chapters to reader URLs, files
 * to stored assets, the rest removed), drops what runs or loads, joins hard-wrapped Chinese and names
 * headings; sanitize-html then applies the allow-list as a second, independent wall.
 */
export function sanitizeChapter(
  source: string,
  docPath: string,
  links: LinkResolver,
  options: { page?: boolean } = {},
): SanitizedChapter {
  const doc = parseHtml(source);
  // Every walk below recurses: refuse a document nested deeper than any real book before walking it.
  if (nestingDepth<ChildNode | Document>(doc, (n) => ('children' in n ? n.children : undefined)) > MAX_NESTING) {
    throw refuse(
      `${docPath} 的元素嵌套超过 ${MAX_NESTING} 层，请修正后再导入`,
      `${docPath} nests elements more than ${MAX_NESTING} levels deep; fix the book and import it again.`,
    );
  }
  const htmlEl = findElement(doc, (el) => localName(el) === 'html');
  const body = findElement(doc, (el) => localName(el) === 'body');
  const titleEl = findElement(doc, (el) => localName(el) === 'title');
  const { styles, css } = collectStyles(doc, docPath, links);

  const wrapper = new Element('div', {});
  const classes = ['epub-body', htmlEl?.attribs.class, body?.attribs.class].filter(Boolean).join(' ');
  wrapper.attribs.class = classes;
  const lang = body?.attribs.lang ?? body?.attribs['xml:lang'] ?? htmlEl?.attribs.lang ?? htmlEl?.attribs['xml:lang'];
  const dir = body?.attribs.dir ?? htmlEl?.attribs.dir;
  if (lang) wrapper.attribs.lang = lang;
  if (dir) wrapper.attribs.dir = dir;
  if (body?.attribs.style) wrapper.attribs.style = body.attribs.style;
  if (body?.attribs['epub:type']) wrapper.attribs['epub:type'] = body.attribs['epub:type'];
  if (options.page) {
    // A pre-paginated page: the book's CSS often styles its body by id; an SVG page fills its page box.
    if (body?.attribs.id) wrapper.attribs.id = body.attribs.id;
    if (!body && findElement(doc, (el) => localName(el) === 'svg')) wrapper.attribs.class += ' epub-svg-page';
  }

  const content = body ?? htmlEl ?? doc;
  wrapper.children = content.children;
  for (const child of wrapper.children) child.parent = wrapper;
  const state: WalkState = { docPath, links, headings: [], inPre: 0, headingCount: 0, ids: new Set(), pageBreaks: [] };
  cleanElement(wrapper, state);
  walk(wrapper, state);

  const out: string[] = [];
  plainText(wrapper, out);
  const text = out
    .join('')
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();

  const serialized = render(wrapper, { encodeEntities: 'utf8', selfClosingTags: true });
  return {
    html: sanitizeHtml(serialized, POLICY),
    text,
    title: titleEl ? cleanTitle(textContent(titleEl)) : '',
    headings: state.headings,
    styles,
    css,
    ids: state.ids,
    pageBreaks: state.pageBreaks,
  };
}
