import { SKIPPABLE_TYPES, type ChapterContent, type OverlayPar } from '@textbook/contracts';
import type { ChapterHandle } from '../../ChapterView';
import type { NarrationItem } from '../narration';

const SKIPPABLE = new Set<string>(SKIPPABLE_TYPES);

/** A par of the chapter's overlay with the item the player highlights. */
export interface OverlayItem extends NarrationItem {
  par: OverlayPar;
  element: Element;
}

/** Whether the chapter has recorded narration: the player then chooses it over speech synthesis. */
export function hasOverlay(chapter: ChapterContent | null | undefined): boolean {
  return Boolean(chapter?.overlay?.pars.length);
}

/**
 * The element that holds the chapter's text as laid out: the view's own (`textRoot`), else, for a view that does
 * not give it yet, the book body of the chapter shown (the one shadow root of a page or chapter not hidden).
 */
export function overlayRoot(handle: ChapterHandle | null): Element | null {
  const own = handle?.textRoot?.();
  if (own) return own instanceof Element ? own : (own.querySelector('.epub-body') ?? null);
  const hosts = document.querySelectorAll<HTMLElement>('[data-testid="chapter-host"]');
  for (const host of hosts) {
    if (host.closest('[hidden]')) continue;
    const body = host.shadowRoot?.querySelector('.epub-body');
    if (body) return body;
  }
  return null;
}

/** The chapter's pars whose text is in `root`, in order, each with the range the player highlights. */
export function overlayItems(chapter: ChapterContent, root: Element): OverlayItem[] {
  const items: OverlayItem[] = [];
  for (const par of chapter.overlay?.pars ?? []) {
    const element = par.textId ? root.querySelector(`[id="${CSS.escape(par.textId)}"]`) : root;
    if (!element) continue;
    const range = document.createRange();
    range.selectNodeContents(element);
    items.push({
      id: par.textId,
      range,
      text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
      lang: element.closest('[lang]')?.getAttribute('lang') || undefined,
      skippable: par.epubTypes.some((t) => SKIPPABLE.has(t)),
      escapable: par.escape !== '',
      par,
      element,
    });
  }
  return items;
}

/** The first item on screen (where playing starts from the reader's position), 0 when none is. */
export function firstOnScreen(items: readonly OverlayItem[]): number {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const i = items.findIndex((item) => {
    const r = item.element.getBoundingClientRect();
    return r.width + r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < height && r.left < width;
  });
  return Math.max(0, i);
}
