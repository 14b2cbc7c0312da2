import type { Element } from '@xmldom/xmldom';
import { ESCAPABLE_TYPES, Limits, parseClock, type MediaOverlay, type OverlayPar } from '@textbook/contracts';
import { refuse } from './errors.js';
import { resolveInBook, splitFragment } from './paths.js';
import type { MediaMeta } from './package-doc.js';
import { attr, childElements, decodeText, firstChild, parseXml } from './xml.js';

/** A par of a SMIL document, its text reference resolved to a container path (the overlay may span documents). */
export interface SmilPar extends Omit<OverlayPar, 'audio' | 'textId'> {
  textPath: string;
  textId: string;
  /** The audio's container path, null when the par has none (or it leaves the container). */
  audioPath: string | null;
}

const SMIL = { zh: '媒体覆盖（SMIL）文件', en: 'media overlay (SMIL) document' };
const ESCAPABLE = new Set<string>(ESCAPABLE_TYPES);

const typesOf = (el: Element) => (attr(el, 'type') ?? '').split(/\s+/).filter(Boolean).slice(0, 8);

/**
 * Reads a SMIL document (EPUB Media Overlays 3.3): its body's seqs and pars in document order. Its size is
 * checked before parsing and its par count while walking (both refuse the book: staff see which file); a SMIL
 * that is not well-formed is left out (null), the book is read without it, as reading systems do.
 */
export function parseSmil(bytes: Uint8Array, smilPath: string): SmilPar[] | null {
  if (bytes.length > Limits.SMIL_MAX_BYTES) {
    const mb = Limits.SMIL_MAX_BYTES / 1024 / 1024;
    throw refuse(
      `媒体覆盖文件 ${smilPath} 超过 ${mb} MB 的上限`,
      `The media overlay ${smilPath} is larger than ${mb} MB.`,
    );
  }
  let root: Element | null;
  try {
    root = parseXml(decodeText(bytes), SMIL).documentElement;
  } catch {
    return null;
  }
  const body = root && root.localName === 'smil' ? firstChild(root, 'body') : undefined;
  if (!body) return null;
  const pars: SmilPar[] = [];
  const walk = (el: Element, path: number[], inherited: string[], escape: string) => {
    childElements(el).forEach((child, i) => {
      const types = [...inherited, ...typesOf(child)];
      if (child.localName === 'seq') {
        const here = [...path, i];
        const escapable = !escape && typesOf(child).some((t) => ESCAPABLE.has(t));
        walk(child, here, types, escapable ? here.join('.') : escape);
      } else if (child.localName === 'par') {
        if (pars.length >= Limits.OVERLAY_PARS_MAX) {
          throw refuse(
            `媒体覆盖文件 ${smilPath} 的片段超过 ${Limits.OVERLAY_PARS_MAX} 个`,
            `The media overlay ${smilPath} has more than ${Limits.OVERLAY_PARS_MAX} pars.`,
          );
        }
        const par = parOf(child, smilPath, [...new Set(types)], escape);
        if (par) pars.push(par);
      }
    });
  };
  walk(body, [], typesOf(body), '');
  return pars;
}

function parOf(par: Element, smilPath: string, epubTypes: string[], escape: string): SmilPar | null {
  const text = firstChild(par, 'text');
  const src = text && attr(text, 'src');
  if (!src) return null;
  const textPath = resolveInBook(smilPath, src);
  if (!textPath) return null;
  const audio = firstChild(par, 'audio');
  const audioSrc = audio && attr(audio, 'src');
  const begin = audio ? parseClock(attr(audio, 'clipBegin')) : null;
  const end = audio ? parseClock(attr(audio, 'clipEnd')) : null;
  return {
    textPath,
    textId: splitFragment(src.trim()).fragment.slice(0, 200),
    audioPath: audioSrc ? resolveInBook(smilPath, audioSrc) : null,
    clipBegin: begin ?? 0,
    // A clip that ends before it begins is read to the end of the file.
    clipEnd: end !== null && end > (begin ?? 0) ? end : null,
    epubTypes,
    escape,
  };
}

/**
 * A chapter's overlay: the pars of its SMIL that read this document, audio paths made into stored files' URLs
 * (null when the package lacks the file: the reader speaks the text). Null when no par reads this document.
 */
export function chapterOverlay(
  pars: SmilPar[],
  docPath: string,
  overlayId: string,
  meta: MediaMeta,
  urlOf: (path: string) => string | null,
): MediaOverlay | null {
  const own = pars.filter((p) => p.textPath === docPath);
  if (!own.length) return null;
  return {
    activeClass: meta.activeClass,
    playbackActiveClass: meta.playbackActiveClass,
    duration: meta.durations.get(overlayId) ?? null,
    pars: own.map(({ textPath: _path, audioPath, ...rest }) => ({
      ...rest,
      audio: audioPath ? urlOf(audioPath) : null,
    })),
  };
}
