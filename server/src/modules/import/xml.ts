import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';
import { MAX_NESTING, nestingDepth } from '../../util/nesting.js';
import { refuse } from './errors.js';

/**
 * Parses a package document, container or NCX. xmldom never fetches anything: external entities and
 * DTDs are not resolved, so a book cannot make the server read a file or the network.
 */
export function parseXml(text: string, what: { zh: string; en: string }): Document {
  let fatal: string | null = null;
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level === 'fatalError' && !fatal) fatal = message;
    },
  });
  let doc: Document;
  try {
    doc = parser.parseFromString(stripBom(text), 'text/xml');
  } catch {
    throw refuse(`${what.zh}不是格式正确的 XML`, `The ${what.en} is not well-formed XML.`);
  }
  if (fatal || !doc.documentElement) {
    throw refuse(`${what.zh}不是格式正确的 XML`, `The ${what.en} is not well-formed XML.`);
  }
  if (nestingDepth<Node>(doc as unknown as Node, (n) => n.childNodes as ArrayLike<Node>) > MAX_NESTING) {
    throw refuse(
      `${what.zh}的元素嵌套超过 ${MAX_NESTING} 层`,
      `The ${what.en} nests elements more than ${MAX_NESTING} levels deep.`,
    );
  }
  return doc;
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function decodeText(bytes: Uint8Array): string {
  return stripBom(new TextDecoder('utf-8').decode(bytes));
}

/** Child elements by local name (namespace prefixes vary between books: opf:item, item). */
export function childElements(parent: Element | Document, localName?: string): Element[] {
  const out: Element[] = [];
  const nodes = parent.childNodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Element;
    if (node.nodeType === 1 && (!localName || node.localName === localName)) out.push(node);
  }
  return out;
}

export function firstChild(parent: Element | Document, localName: string): Element | undefined {
  return childElements(parent, localName)[0];
}

export function descendants(parent: Element | Document, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (el: Element | Document) => {
    for (const child of childElements(el)) {
      if (child.localName === localName) out.push(child);
      walk(child);
    }
  };
  walk(parent);
  return out;
}

export function textOf(el: Element | undefined): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** An attribute by local name, whatever its prefix. */
export function attr(el: Element, localName: string): string | null {
  if (el.hasAttribute(localName)) return el.getAttribute(localName);
  const attrs = el.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    if (a && (a.localName === localName || a.name.endsWith(`:${localName}`))) return a.value;
  }
  return null;
}

/**
 * Refuses a content document that is not well-formed XML (an XML parser must stop there: `<p::p>`, an unclosed
 * element), naming the file and the line, so that the publisher fixes the book instead of readers getting a
 * guessed repair. Only real errors count: warnings (an unknown entity) and DTDs are let through.
 */
export function assertWellFormed(text: string, file: string): void {
  let fatal = '';
  try {
    new DOMParser({
      onError: (level, message) => {
        if (level !== 'fatalError') return;
        fatal ||= message;
        throw new Error(message);
      },
    }).parseFromString(stripBom(text), 'application/xhtml+xml');
  } catch (err) {
    const line = (err as { locator?: { lineNumber?: number } }).locator?.lineNumber;
    const message = (fatal || (err as Error).message || '').split('\n')[0]!.slice(0, 200);
    const at = line ? { zh: `第 ${line} 行`, en: ` line ${line}` } : { zh: '', en: '' };
    throw refuse(
      `${file} ${at.zh}不是格式正确的 XML（${message}），请修正后再导入`,
      `${file}${at.en} is not well-formed XML (${message}); fix the book and import it again.`,
    );
  }
}
