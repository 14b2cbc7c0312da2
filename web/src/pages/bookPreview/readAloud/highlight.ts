// The sentence being read, highlighted with the CSS Custom Highlight API (`::highlight(read-aloud)`, in the
// reader's CSS inside the chapter's shadow root): no element is added to the book's text. Where the browser lacks
// it, the element that holds the sentence's start takes the class `rd-reading`.

const NAME = 'read-aloud';
let marked: Element | null = null;

interface Registry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}
const registry = (): Registry | null => {
  const css = globalThis.CSS as unknown as { highlights?: Registry } | undefined;
  return css?.highlights && typeof Highlight !== 'undefined' ? css.highlights : null;
};

/** Shows `range` as the sentence being read (null: none). */
export function showReading(range: Range | null): void {
  const highlights = registry();
  if (highlights) {
    if (range) highlights.set(NAME, new Highlight(range));
    else highlights.delete(NAME);
    return;
  }
  marked?.classList.remove('rd-reading');
  marked = null;
  if (!range) return;
  const start = range.startContainer;
  marked = start.nodeType === 1 ? (start as Element) : start.parentElement;
  marked?.classList.add('rd-reading');
}
