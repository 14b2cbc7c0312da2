// The read-aloud player: which sentence is read, playing or paused, speed and voice (kept with the reader's
// settings), the sentence highlighted and kept on screen, the next chapter when one ends (only one the reader may
// read), the Media Session. The mini player (ReadAloudBar) and the keys drive it.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ReaderMsg } from '@textbook/contracts';
import { bookDetailQuery } from '../../../api/books';
import type { ChapterHandle } from '../ChapterView';
import { showReading } from './highlight';
import { useMediaSession } from './mediaSession';
import type { NarrationEvent, NarrationItem } from './narration';
import { firstShown, itemAt, itemFrom, sentenceItems } from './sentences';
import { SpeechNarrator } from './speechNarrator';
import { primaryLang, speechProvider, type SpeechVoice } from './speechProvider';

export type ReadAloudStatus = 'idle' | 'playing' | 'paused' | 'waiting';

export interface ReadAloudOptions {
  view: RefObject<ChapterHandle | null>;
  bookId: number;
  bookTitle: string;
  /** The chapter being read (null: none shown) and its name. */
  chapterId: number | null;
  chapterTitle: string;
  /** The book's language (its dc:language; '' unsaid): for text without a language of its own. */
  bookLang: string;
  nextId: number | null;
  /** Continuous mode: the chapters are on one page, reading goes on in its chapter while the page scrolls. */
  continuous: boolean;
  /** The reader may read that chapter (the whole book is theirs, or it is a free chapter). */
  mayRead(chapterId: number): boolean;
  /** Opens another chapter (the reader's own way: its place saved first). */
  goTo(chapterId: number): void;
  rate: number;
  voice: string;
  onSettings(patch: { readAloudRate?: number; readAloudVoice?: string }): void;
}

/** Where a read starts: the first sentence on screen, or the one at a selection's start. */
export type StartFrom = { at: 'screen' } | { at: 'selection'; x: number; y: number };

/** How long the browser may take to list its voices before the device is said to have none. */
const VOICES_WAIT_MS = 1500;

/** The reading area on screen (the chapter's view is inside it). */
const readingBox = () =>
  document.querySelector('.reader-main')?.getBoundingClientRect() ??
  new DOMRect(0, 0, window.innerWidth, window.innerHeight);

/** A text root no longer on the page, or set aside for another drawing of the chapter. */
const stale = (r: ParentNode | null) =>
  !r || !(r as unknown as Node).isConnected || Boolean((r as unknown as Element).closest?.('.gone'));

/** Voices the reader can pick: Chinese and English ones (the books' languages). */
const pickable = (voices: SpeechVoice[]) => voices.filter((v) => ['zh', 'en'].includes(primaryLang(v.lang)));

export function useReadAloud(o: ReadAloudOptions) {
  const provider = speechProvider();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ReadAloudStatus>('idle');
  const [index, setIndex] = useState(-1);
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState('');
  const [voices, setVoices] = useState<SpeechVoice[]>([]);
  const latest = useRef(o);
  const narrator = useRef<SpeechNarrator | null>(null);
  const root = useRef<ParentNode | null>(null);
  const unsubscribe = useRef<() => void>(() => undefined);
  /** The chapter the narrator reads. */
  const builtFor = useRef<number | null>(null);
  /** A chapter ended and the next one is opening: it is read from its first sentence once painted. */
  const pending = useRef(false);
  const state = useRef({ open, status, index });
  useEffect(() => {
    latest.current = o;
    state.current = { open, status, index };
  });

  const lang = () => latest.current.bookLang || document.documentElement.lang || 'zh-CN';

  const detach = () => {
    unsubscribe.current();
    unsubscribe.current = () => undefined;
    narrator.current?.stop();
    narrator.current = null;
    root.current = null;
    builtFor.current = null;
    showReading(null);
  };

  const stopWith = (said: string) => {
    pending.current = false;
    narrator.current?.stop();
    showReading(null);
    setStatus('idle');
    setMessage(said);
  };

  const onEnd = () => {
    const { nextId, mayRead, goTo } = latest.current;
    if (nextId && mayRead(nextId)) {
      pending.current = true;
      showReading(null);
      setStatus('waiting');
      setMessage(ReaderMsg.READ_ALOUD_NEXT_CHAPTER);
      goTo(nextId);
    } else stopWith(nextId ? ReaderMsg.READ_ALOUD_END_OF_FREE : ReaderMsg.READ_ALOUD_END_OF_BOOK);
  };

  const onEvent = (e: NarrationEvent) => {
    const n = narrator.current;
    if (!n) return;
    if (e.type === 'item' && stale(root.current)) {
      // The chapter was drawn again (its own answer after a prefetched one; new settings): the same sentences.
      const fresh = attach();
      if (fresh && fresh !== n) return fresh.play(Math.min(e.index, fresh.items.length - 1));
    }
    if (e.type === 'item') {
      const item = n.items[e.index]!;
      state.current.index = e.index;
      setIndex(e.index);
      setStatus('playing');
      setMessage('');
      showReading(item.range);
      latest.current.view.current?.reveal?.(item.range);
    } else if (e.type === 'pause') setStatus('paused');
    else if (e.type === 'resume') setStatus('playing');
    else if (e.type === 'end') onEnd();
    else stopWith(e.cause === 'unsupported' ? ReaderMsg.READ_ALOUD_NO_VOICE : ReaderMsg.READ_ALOUD_FAILED);
  };

  /** The narrator for the chapter on screen (made again when its text is another). */
  const attach = () => {
    const r = latest.current.view.current?.textRoot?.() ?? null;
    if (!r) return null;
    if (narrator.current && root.current === r) return narrator.current;
    detach();
    const items = sentenceItems(r, lang());
    const n = new SpeechNarrator(items, {
      provider,
      rate: latest.current.rate,
      voice: latest.current.voice,
      lang: lang(),
    });
    unsubscribe.current = n.subscribe(onEvent);
    narrator.current = n;
    root.current = r;
    builtFor.current = latest.current.chapterId;
    setTotal(items.length);
    setIndex(-1);
    return n;
  };

  /** Whether the device can speak: the browser lists its voices a moment after the page loads. */
  const hasVoice = async () => {
    if (!provider.supported()) return false;
    if (provider.voices().length) return true;
    await new Promise<void>((done) => {
      const timer = setTimeout(finish, VOICES_WAIT_MS);
      const off = provider.onVoicesChanged(finish);
      function finish() {
        clearTimeout(timer);
        off();
        done();
      }
    });
    return provider.voices().length > 0;
  };

  const start = async (from: StartFrom = { at: 'screen' }) => {
    setOpen(true);
    setMessage('');
    pending.current = false;
    if (!(await hasVoice())) return stopWith(ReaderMsg.READ_ALOUD_NO_VOICE);
    setVoices(pickable(provider.voices()));
    const n = attach();
    if (!n) return;
    if (!n.items.length) {
      setMessage(ReaderMsg.READ_ALOUD_NOTHING);
      return onEnd();
    }
    const at = from.at === 'selection' ? selected(n.items, from) : firstShown(n.items, readingBox());
    n.play(Math.max(0, at));
  };

  /** The sentence where the reader's selection starts (else the one at the point it started at). */
  const selected = (items: readonly NarrationItem[], from: { x: number; y: number }) => {
    const host = root.current ? (root.current as unknown as Node).getRootNode() : null;
    const selection = (host as { getSelection?: () => Selection | null } | null)?.getSelection?.();
    const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
    const at = range ? itemFrom(items, range.startContainer, range.startOffset) : -1;
    return at >= 0 ? at : itemAt(items, from.x, from.y);
  };

  const play = () => {
    if (state.current.status === 'paused') narrator.current?.resume();
    else if (state.current.status === 'idle') void start();
  };

  const toggle = () => {
    const { status: now, open: shown } = state.current;
    if (now === 'playing') narrator.current?.pause();
    else if (now === 'paused' && shown) narrator.current?.resume();
    else if (now === 'idle') void start();
  };

  const step = (direction: 1 | -1) => {
    const n = stale(root.current) && builtFor.current === latest.current.chapterId ? attach() : narrator.current;
    if (!n || !state.current.open || state.current.status === 'waiting') return;
    const next = state.current.index + direction;
    if (next >= n.items.length) onEnd();
    else n.play(Math.max(0, next));
  };

  const setRate = (rate: number) => {
    narrator.current?.setRate(rate);
    latest.current.onSettings({ readAloudRate: rate });
  };
  const setVoice = (voice: string) => {
    narrator.current?.setVoice(voice);
    latest.current.onSettings({ readAloudVoice: voice });
  };

  const close = () => {
    pending.current = false;
    detach();
    setOpen(false);
    setStatus('idle');
    setIndex(-1);
    setMessage('');
  };

  // Another chapter on screen: a chapter that ended goes on in the next from its first sentence; reading that was
  // going on follows the reader to the chapter they opened (from its first sentence on screen). Continuous mode
  // keeps reading its chapter while the page scrolls past the next one's heading.
  const { chapterId } = o;
  useEffect(() => {
    if (!state.current.open || builtFor.current === chapterId) return;
    const reading = pending.current || state.current.status === 'playing';
    if (!reading) {
      detach();
      setStatus('idle');
      setIndex(-1);
      return;
    }
    if (latest.current.continuous && !pending.current) return;
    let frame = 0;
    let tries = 0;
    const look = () => {
      const r = latest.current.view.current?.textRoot?.() ?? null;
      const fresh = r !== root.current && !stale(r);
      if (!fresh) {
        if ((tries += 1) < 300) frame = requestAnimationFrame(look);
        // No text came (a chapter the reader may not read was opened): the reading stops; a failure only when the
        // next chapter was being opened for it.
        else stopWith(pending.current ? ReaderMsg.READ_ALOUD_FAILED : '');
        return;
      }
      const fromFirst = pending.current;
      pending.current = false;
      // After the reader's own placing of the chapter (onReady's frame): the first sentence on screen is known.
      frame = requestAnimationFrame(() => {
        const n = attach();
        if (!n) return;
        if (!n.items.length) return onEnd();
        n.play(fromFirst ? 0 : Math.max(0, firstShown(n.items, readingBox())));
      });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
    // Only when the chapter changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapterId]);

  // The list of voices while the player is open (it may change: a voice installed, a network voice arriving).
  useEffect(() => {
    if (!open) return;
    const update = () => setVoices(pickable(provider.voices()));
    update();
    return provider.onVoicesChanged(update);
  }, [open, provider]);

  // Nothing is said after the reader leaves.
  useEffect(() => () => detach(), []);

  const detail = useQuery({ ...bookDetailQuery(o.bookId), enabled: open && o.bookId > 0 });
  useMediaSession({
    active: open,
    playing: status === 'playing',
    title: o.chapterTitle,
    book: o.bookTitle,
    cover: detail.data?.cover ?? '',
    controls: {
      play,
      pause: () => narrator.current?.pause(),
      next: () => step(1),
      previous: () => step(-1),
      stop: close,
    },
  });

  return { open, status, index, total, message, voices, start, toggle, step, setRate, setVoice, close };
}

export type ReadAloud = ReturnType<typeof useReadAloud>;
