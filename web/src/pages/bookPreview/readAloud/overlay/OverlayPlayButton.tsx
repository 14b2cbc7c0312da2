import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChapterContent } from '@textbook/contracts';
import type { ChapterHandle } from '../../ChapterView';
import { firstOnScreen, hasOverlay, overlayRoot } from './overlayItems';
import { createOverlayNarrator, type OverlayNarrator } from './overlayNarrator';
import './overlay.css';

const RATES = [0.75, 1, 1.25, 1.5, 2] as const;
/** How long a chapter opened by the narration may take to show its text before playing gives up. */
const WAIT_MS = 8000;

interface Props {
  chapter: ChapterContent | null;
  view: RefObject<ChapterHandle | null>;
  /** Opens the next chapter (the narration ran out and the book goes on). */
  onNext(chapterId: number): void;
}

/**
 * A chapter's recorded narration (media overlay): play and pause, speed, skip page numbers and notes, leave a table
 * or sidebar. Shown only where the chapter has an overlay; a tap on a narrated element plays from there. To be
 * folded into the read-aloud player, which chooses this narrator over speech where `hasOverlay`.
 */
export function OverlayPlayButton({ chapter, view, onNext }: Props) {
  const narrator = useRef<OverlayNarrator | null>(null);
  const [state, setState] = useState<'idle' | 'playing' | 'paused'>('idle');
  const [rate, setRate] = useState(1);
  const [skipping, setSkipping] = useState(false);
  const [inEscapable, setInEscapable] = useState(false);
  /** The chapter the narration went on to: it starts playing there once its text is shown. */
  const goingOn = useRef<number | null>(null);
  const detach = useRef<() => void>(() => undefined);

  const stop = () => {
    detach.current();
    detach.current = () => undefined;
    narrator.current?.stop();
    narrator.current = null;
    setState('idle');
    setInEscapable(false);
  };

  const begin = (from: 'screen' | number) => {
    if (!chapter || !hasOverlay(chapter)) return;
    stop();
    const n = createOverlayNarrator(chapter, view.current);
    narrator.current = n;
    n.setRate(rate);
    n.setSkipping(skipping);
    const off = n.subscribe((e) => {
      if (e.type === 'item') setInEscapable(Boolean(n.items[e.index]?.escapable));
      if (e.type === 'pause') setState('paused');
      if (e.type === 'resume') setState('playing');
      if (e.type === 'end') {
        stop();
        if (chapter.nextId) {
          goingOn.current = chapter.nextId;
          onNext(chapter.nextId);
        }
      }
    });
    // A tap on a narrated element plays from it.
    const root = overlayRoot(view.current);
    const onTap = (ev: Event) => {
      const target = ev.target instanceof Element ? ev.target : null;
      const i = target ? n.items.findIndex((item) => item.element.contains(target)) : -1;
      if (i >= 0 && narrator.current === n) n.play(i);
    };
    root?.addEventListener('click', onTap);
    detach.current = () => {
      off();
      root?.removeEventListener('click', onTap);
    };
    n.play(from === 'screen' ? firstOnScreen(n.items) : from);
    setState('playing');
  };

  // Another chapter: the narration of the last one stops; where the narration went on by itself, it plays on.
  const chapterId = chapter?.id ?? null;
  useEffect(() => {
    // While the next chapter loads there is none: the narration waits for it.
    if (chapterId === null) return;
    if (goingOn.current !== chapterId || !chapter || !hasOverlay(chapter)) {
      if (goingOn.current !== chapterId) stop();
      goingOn.current = null;
      return;
    }
    goingOn.current = null;
    const firstId = chapter.overlay!.pars[0]!.textId;
    const until = performance.now() + WAIT_MS;
    let frame = 0;
    const wait = () => {
      const root = overlayRoot(view.current);
      const shown = root && (!firstId || root.querySelector(`[id="${CSS.escape(firstId)}"]`));
      if (shown) begin(0);
      else if (performance.now() < until) frame = requestAnimationFrame(wait);
    };
    frame = requestAnimationFrame(wait);
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapterId]);

  useEffect(() => () => stop(), []);

  if (!hasOverlay(chapter)) return null;
  const toggle = () => {
    const n = narrator.current;
    if (state === 'playing') n?.pause();
    else if (state === 'paused') n?.resume();
    else begin('screen');
  };
  const nextRate = () => {
    const r = RATES[(RATES.indexOf(rate as (typeof RATES)[number]) + 1) % RATES.length]!;
    setRate(r);
    narrator.current?.setRate(r);
  };
  const toggleSkip = () => {
    setSkipping(!skipping);
    narrator.current?.setSkipping(!skipping);
  };
  return (
    <div className="rd-mo" role="group" aria-label="朗读" data-testid="overlay-player" data-state={state}>
      <button type="button" className="reader-btn" onClick={toggle} data-testid="overlay-play">
        {state === 'playing' ? '暂停' : state === 'paused' ? '继续' : '朗读'}
      </button>
      {state !== 'idle' ? (
        <>
          <button type="button" className="reader-btn" onClick={nextRate} data-testid="overlay-rate">
            {rate}×
          </button>
          <button
            type="button"
            className="reader-btn"
            aria-pressed={skipping}
            onClick={toggleSkip}
            data-testid="overlay-skip"
          >
            跳过页码注释
          </button>
          {inEscapable ? (
            <button
              type="button"
              className="reader-btn"
              onClick={() => narrator.current?.escape()}
              data-testid="overlay-escape"
            >
              跳出
            </button>
          ) : null}
          <button type="button" className="reader-btn" onClick={stop} data-testid="overlay-stop">
            停止
          </button>
        </>
      ) : null}
    </div>
  );
}
