import type { ChapterContent } from '@textbook/contracts';
import type { ChapterHandle } from '../../ChapterView';
import type { NarrationEvent, Narrator } from '../narration';
import { overlayItems, overlayRoot, type OverlayItem } from './overlayItems';

/** Our own highlight where the book names no media:active-class (drawn inside the chapter's shadow root). */
export const OWN_ACTIVE_CLASS = 'rd-mo-active';
const OWN_STYLE = `.${OWN_ACTIVE_CLASS}{background:rgba(255,213,79,.55);border-radius:2px;}`;
/** Two clips of one file closer than this are read as one stretch (no seek between them: no audible gap). */
const CONTIGUOUS_S = 0.05;

/** The overlay narrator's extras beyond the seam: skippability and escapability (EPUB Media Overlays 3.3). */
export interface OverlayNarrator extends Narrator {
  readonly kind: 'overlay';
  readonly items: readonly OverlayItem[];
  /** Skip skippable structures (page numbers, notes, sidebars…) from now on. */
  setSkipping(skip: boolean): void;
  /** Leaves the escapable structure (table, figure, aside…) being read: goes on after it. */
  escape(): void;
  /** The index of the item playing, -1 before the first. */
  current(): number;
}

/**
 * Plays a chapter's media overlay over one audio element: each par's clip from clipBegin (0 when unsaid) to clipEnd
 * (the file's end when unsaid, or when it lies beyond the file), checked on `timeupdate` and, more precisely, every
 * animation frame; clips of several files in one overlay; the book's active class on the element read (ours when
 * the book names none) and its playback-active class on the document while playing. A par without audio (the
 * package lacks it) is spoken by the browser's speech synthesis, highlighted the same way.
 */
export function createOverlayNarrator(chapter: ChapterContent, handle: ChapterHandle | null): OverlayNarrator {
  const overlay = chapter.overlay!;
  const root = overlayRoot(handle);
  const items: OverlayItem[] = root ? overlayItems(chapter, root) : [];
  const activeClass = overlay.activeClass || OWN_ACTIVE_CLASS;
  const listeners = new Set<(e: NarrationEvent) => void>();
  const emit = (e: NarrationEvent) => listeners.forEach((l) => l(e));
  const audio = new Audio();
  audio.preload = 'auto';
  // In the page (not shown), so that what plays is there to see: the journeys read its clock.
  audio.hidden = true;
  audio.dataset.testid = 'overlay-audio';
  document.body.append(audio);
  let index = -1;
  let rate = 1;
  let skipping = false;
  let playing = false;
  let frame = 0;
  let utterance: SpeechSynthesisUtterance | null = null;

  if (root && !overlay.activeClass) {
    const holder = root.getRootNode();
    if (holder instanceof ShadowRoot && !holder.querySelector('style[data-mo]')) {
      const style = document.createElement('style');
      style.dataset.mo = '';
      style.textContent = OWN_STYLE;
      holder.appendChild(style);
    }
  }

  const setPlayingClass = (on: boolean) => {
    if (root && overlay.playbackActiveClass) root.classList.toggle(overlay.playbackActiveClass, on);
  };
  let marked: Element | null = null;
  const unmark = () => {
    marked?.classList.remove(activeClass);
    marked = null;
  };

  /** Where the clip ends: its clipEnd when the file is that long, else the file's end (null: wait for `ended`). */
  const endOf = (item: OverlayItem): number | null => {
    const end = item.par.clipEnd;
    if (end === null) return null;
    const d = audio.duration;
    return Number.isFinite(d) && end > d ? null : end;
  };

  const check = () => {
    if (!playing || index < 0 || utterance) return;
    const end = endOf(items[index]!);
    if (end !== null && audio.currentTime >= end) next();
  };
  const tick = () => {
    check();
    if (playing) frame = requestAnimationFrame(tick);
  };
  audio.addEventListener('timeupdate', check);
  audio.addEventListener('ended', () => {
    if (playing && !utterance) next();
  });
  audio.addEventListener('error', () => {
    if (playing) emit({ type: 'error', cause: 'audio' });
  });

  const nextIndex = (from: number) => {
    let i = from + 1;
    while (skipping && i < items.length && items[i]!.skippable) i += 1;
    return i;
  };

  function next() {
    const i = nextIndex(index);
    if (i >= items.length) {
      finish();
      emit({ type: 'end' });
      return;
    }
    start(i, true);
  }

  function finish() {
    playing = false;
    cancelAnimationFrame(frame);
    audio.pause();
    stopSpeech();
    unmark();
    setPlayingClass(false);
  }

  function stopSpeech() {
    if (!utterance) return;
    const u = utterance;
    utterance = null;
    u.onend = null;
    u.onerror = null;
    window.speechSynthesis?.cancel();
  }

  function speak(item: OverlayItem) {
    audio.pause();
    const synth = window.speechSynthesis;
    if (!synth) {
      next();
      return;
    }
    const u = new SpeechSynthesisUtterance(item.text);
    if (item.lang) u.lang = item.lang;
    u.rate = rate;
    u.onend = () => {
      if (utterance === u) {
        utterance = null;
        next();
      }
    };
    u.onerror = u.onend;
    utterance = u;
    synth.speak(u);
  }

  /** Plays item `i`; `onward` when the last clip ran out (not a jump): a clip that follows on plays on. */
  function start(i: number, onward = false) {
    const previous = index >= 0 ? items[index] : undefined;
    unmark();
    stopSpeech();
    index = i;
    const item = items[i]!;
    item.element.classList.add(activeClass);
    marked = item.element;
    handle?.reveal?.(item.range);
    if (!handle?.reveal) revealFallback(item.element, handle);
    emit({ type: 'item', index: i });
    playing = true;
    setPlayingClass(true);
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(tick);
    if (!item.par.audio) {
      speak(item);
      return;
    }
    const url = new URL(item.par.audio, location.href).href;
    const sameFile = audio.src === url;
    // The next clip of the same file right where the last ended: let it play on (no seek, no gap).
    const contiguous =
      onward &&
      sameFile &&
      item.par.clipBegin < audio.duration - CONTIGUOUS_S &&
      previous?.par.audio === item.par.audio &&
      previous.par.clipEnd !== null &&
      Math.abs(previous.par.clipEnd - item.par.clipBegin) < CONTIGUOUS_S &&
      !audio.paused;
    if (contiguous) return;
    if (!sameFile) audio.src = url;
    const go = () => {
      if (index !== i || !playing) return;
      // A clip that begins where the file has already ended (a recording shorter than its overlay says) has no
      // sound to give: its text is spoken, as a par without audio is.
      if (Number.isFinite(audio.duration) && item.par.clipBegin >= audio.duration - CONTIGUOUS_S) {
        speak(item);
        return;
      }
      audio.currentTime = item.par.clipBegin;
      audio.playbackRate = rate;
      void audio.play().catch((e: unknown) => {
        if (index === i && playing) emit({ type: 'error', cause: String(e) });
      });
    };
    if (audio.readyState >= 1 && sameFile) go();
    else audio.addEventListener('loadedmetadata', go, { once: true });
  }

  return {
    kind: 'overlay',
    items,
    play(i) {
      if (!items.length) {
        emit({ type: 'end' });
        return;
      }
      start(Math.min(Math.max(0, i), items.length - 1));
    },
    pause() {
      if (!playing) return;
      playing = false;
      cancelAnimationFrame(frame);
      audio.pause();
      window.speechSynthesis?.pause();
      setPlayingClass(false);
      emit({ type: 'pause' });
    },
    resume() {
      if (playing || index < 0) return;
      playing = true;
      setPlayingClass(true);
      if (utterance) window.speechSynthesis?.resume();
      else void audio.play();
      frame = requestAnimationFrame(tick);
      emit({ type: 'resume' });
    },
    stop() {
      finish();
      index = -1;
      audio.removeAttribute('src');
      audio.load();
      audio.remove();
    },
    setRate(r) {
      rate = Math.min(2, Math.max(0.75, r));
      audio.playbackRate = rate;
    },
    currentTime: () => audio.currentTime,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSkipping(skip) {
      skipping = skip;
    },
    escape() {
      const key = index >= 0 ? items[index]!.par.escape : '';
      if (!key) return;
      let i = index + 1;
      while (i < items.length && items[i]!.par.escape.startsWith(key)) i += 1;
      index = i - 1;
      if (playing) next();
    },
    current: () => index,
  };
}

/** Keeps the element read on screen in a view that does not reveal ranges itself (scrolled or paged). */
function revealFallback(element: Element, handle: ChapterHandle | null) {
  const r = element.getBoundingClientRect();
  if (r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth) return;
  if (element.id && handle) handle.scrollToFragment(element.id);
  else element.scrollIntoView({ block: 'center', inline: 'nearest' });
}
