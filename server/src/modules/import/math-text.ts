import type { Element } from 'domhandler';
import { isElement, localName, textContent } from './html-dom.js';

/**
 * A formula's text for the chapter's plain text (search snippets, lengths): its `alttext`, else its TeX
 * annotation, else a compact linear form of its presentation markup (a/b, x^2, x_i, √(x)), never the run-together
 * characters of its leaves (∫01x2dx).
 */
export function mathText(math: Element): string {
  const alt = math.attribs.alttext?.trim();
  if (alt) return alt;
  const tex = findAnnotation(math);
  if (tex) return tex;
  return linear(math).replace(/\s+/g, ' ').trim();
}

function findAnnotation(el: Element): string {
  for (const child of el.children) {
    if (!isElement(child)) continue;
    if (localName(child) === 'annotation' && /tex/i.test(child.attribs.encoding ?? ''))
      return textContent(child).trim();
    if (localName(child) === 'semantics') {
      const found = findAnnotation(child);
      if (found) return found;
    }
  }
  return '';
}

/** A part in parentheses when it is more than one symbol. */
const group = (s: string) => ([...s].length > 1 ? `(${s})` : s);

function linear(node: Element): string {
  const parts = node.children.filter(isElement);
  const at = (i: number) => (parts[i] ? linear(parts[i]) : '');
  switch (localName(node)) {
    case 'mi':
    case 'mn':
    case 'mo':
    case 'mtext':
    case 'ms':
      return textContent(node).trim();
    case 'annotation':
    case 'annotation-xml':
    case 'mprescripts':
    case 'none':
      return '';
    case 'semantics':
      return at(0);
    case 'mfrac':
      return `${group(at(0))}/${group(at(1))}`;
    case 'msup':
      return `${at(0)}^${group(at(1))}`;
    case 'msub':
      return `${at(0)}_${group(at(1))}`;
    case 'msubsup':
    case 'munderover':
      return `${at(0)}_${group(at(1))}^${group(at(2))}`;
    case 'munder':
      return `${at(0)}_${group(at(1))}`;
    case 'mover':
      return `${at(0)}^${group(at(1))}`;
    case 'msqrt':
      return `√${group(parts.map(linear).join(''))}`;
    case 'mroot':
      return `${group(at(1))}√${group(at(0))}`;
    case 'mtable':
      return `[${parts.map(linear).join('; ')}]`;
    case 'mtr':
    case 'mlabeledtr':
      return parts.map(linear).join(', ');
    default:
      return parts.map(linear).join('');
  }
}
