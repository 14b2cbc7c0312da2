import { parseDocument } from 'htmlparser2';
import type { ChildNode, Document, Element } from 'domhandler';

/**
 * Content documents are parsed as tolerant HTML (a malformed XHTML page still shows what a browser
 * would), keeping the case of SVG and MathML names and honouring XHTML's self-closing tags.
 */
export function parseHtml(text: string): Document {
  return parseDocument(text, {
    lowerCaseTags: false,
    lowerCaseAttributeNames: false,
    recognizeSelfClosing: true,
    recognizeCDATA: true,
  }) as unknown as Document;
}

export function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** Lower-case local name without prefix: `epub:switch` stays, `html:p` becomes `p`. */
export function localName(el: Element): string {
  const name = el.name.toLowerCase();
  return name.startsWith('html:') ? name.slice(5) : name;
}

export function findElement(node: Document | Element, pred: (el: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (pred(child)) return child;
    const found = findElement(child, pred);
    if (found) return found;
  }
  return undefined;
}

export function findAll(node: Document | Element, pred: (el: Element) => boolean, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    if (pred(child)) out.push(child);
    findAll(child, pred, out);
  }
  return out;
}

export function textContent(node: ChildNode | Document): string {
  if (node.type === 'text') return node.data;
  if (node.type === 'comment') return '';
  if ('children' in node) {
    if (isElementNode(node) && ['script', 'style'].includes(localName(node))) return '';
    return node.children.map(textContent).join('');
  }
  return '';
}

function isElementNode(node: ChildNode | Document): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export function cleanTitle(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
