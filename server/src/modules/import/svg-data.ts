import sanitizeHtml from 'sanitize-html';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from './allow-list.js';

/** An SVG image written into the address itself: `data:image/svg+xml[;charset=…][;base64],…`. */
const SVG_DATA = /^data:image\/svg\+xml((?:;[a-z-]+=[^;,]*)*)(;base64)?,(.*)$/is;
/** Larger embedded drawings are not figures a textbook writes inline. */
const MAX_SVG = 512 * 1024;

/**
 * An SVG data URL kept safely (issue 30: they were dropped): its drawing decoded, passed through the same allow-list
 * as the chapters (no script, no event handler, no foreignObject, no outside reference: only the drawing's own
 * `#id`s and embedded raster images) and written again as base64. Null when it is not one, too large, or not SVG.
 */
export function sanitizedSvgDataUrl(value: string): string | null {
  const m = SVG_DATA.exec(value.trim());
  if (!m) return null;
  let svg: string;
  try {
    const payload = m[3]!;
    svg = m[2] ? Buffer.from(payload.replace(/\s+/g, ''), 'base64').toString('utf8') : decodeURIComponent(payload);
  } catch {
    return null;
  }
  if (svg.length > MAX_SVG || !/<svg[\s>]/i.test(svg)) return null;
  const clean = sanitizeHtml(svg, {
    allowedTags: ALLOWED_TAGS.filter((t) => t !== 'foreignObject'),
    allowedAttributes: { '*': [...ALLOWED_ATTRIBUTES, 'xlink:href'] },
    allowedSchemes: [],
    allowedSchemesByTag: { image: ['data'] },
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href', 'src'],
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    nonTextTags: ['script', 'style', 'title'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
    exclusiveFilter: (frame) =>
      ['href', 'xlink:href'].some((a) => {
        const v = frame.attribs[a];
        return v !== undefined && !v.startsWith('#') && !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(v);
      }),
  });
  if (!/<svg[\s>]/i.test(clean)) return null;
  return `data:image/svg+xml;base64,${Buffer.from(clean, 'utf8').toString('base64')}`;
}
