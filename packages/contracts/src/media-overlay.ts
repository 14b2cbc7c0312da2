import { z } from 'zod';

/**
 * A chapter's EPUB 3 media overlay (issue 33): the recorded narration of its text, from the SMIL document its
 * manifest item names (`media-overlay`). One `par` per stretch of text, in reading order, with the clip of audio
 * that reads it. Times are seconds (SMIL clock values parsed on import).
 */
export const overlayPar = z.object({
  /** The id of the element read (the text's fragment in this chapter); '' for the whole document. */
  textId: z.string(),
  /** The stored audio file's URL; null when the package lacks it (the reader speaks the text instead). */
  audio: z.string().nullable(),
  /** Where the clip starts (0 when the par gives no clipBegin). */
  clipBegin: z.number().min(0),
  /** Where it ends; null plays to the end of the audio file (no clipEnd). */
  clipEnd: z.number().min(0).nullable(),
  /** epub:type of the par and of the seqs around it (pagebreak, note, table…): skippable and escapable structures. */
  epubTypes: z.array(z.string()),
  /**
   * The outermost escapable structure (a seq of epub:type table, figure, aside…) the par is in, as the path of
   * seq positions from the body ('0.2'); '' when none. Escaping goes to the first par outside it.
   */
  escape: z.string(),
});
export type OverlayPar = z.infer<typeof overlayPar>;

export const mediaOverlay = z.object({
  /** The package's media:active-class ('' when unsaid: the reader's own highlight). */
  activeClass: z.string(),
  /** The package's media:playback-active-class, set on the document while it plays ('' when unsaid). */
  playbackActiveClass: z.string(),
  /** The overlay's media:duration in seconds, null when unsaid. */
  duration: z.number().min(0).nullable(),
  pars: z.array(overlayPar),
});
export type MediaOverlay = z.infer<typeof mediaOverlay>;

/** epub:type values a reader may skip when asked (EPUB Media Overlays 3.3 §skippability). */
export const SKIPPABLE_TYPES = [
  'sidebar',
  'practice',
  'marginalia',
  'annotation',
  'help',
  'note',
  'footnote',
  'endnote',
  'rearnote',
  'pagebreak',
] as const;

/** epub:type values a reader may escape from (EPUB Media Overlays 3.3 §escapability). */
export const ESCAPABLE_TYPES = ['table', 'table-row', 'table-cell', 'list', 'list-item', 'figure', 'aside'] as const;

/** SMIL 3 clock value (`1:02:03.5`, `02:03`, `12.5s`, `500ms`, `2min`, `1h`, `12.5`) in seconds; null when malformed. */
export function parseClock(value: string | null | undefined): number | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  const full = /^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/.exec(v);
  if (full) return Number(full[1]) * 3600 + Number(full[2]) * 60 + Number(full[3]);
  const partial = /^([0-5]?\d):([0-5]\d(?:\.\d+)?)$/.exec(v);
  if (partial) return Number(partial[1]) * 60 + Number(partial[2]);
  const timed = /^(\d+(?:\.\d+)?)(h|min|s|ms)?$/.exec(v);
  if (!timed) return null;
  const n = Number(timed[1]);
  const unit = timed[2] ?? 's';
  return unit === 'h' ? n * 3600 : unit === 'min' ? n * 60 : unit === 'ms' ? n / 1000 : n;
}
