import type { TextLayer } from 'pdfjs-dist';
import type { TextIndex } from '../text';
import { layerIndexParts } from './textOffsets';
import type { PdfDoc, PdfSection } from './usePdfDocument';

/** Canvas pixels a page may take at most (a big zoom on a dense screen would otherwise exhaust memory). */
const MAX_CANVAS_PIXELS = 16_777_216;

export interface RenderedPage {
  page: number;
  scale: number;
  /** The page's text layer once it is there (its divs are the text items with a `str`). */
  textLayer: TextLayer | null;
  done: Promise<void>;
  cancel(): void;
}

/**
 * Paints page `page` (from 0) of the section into `box` at `scale` CSS pixels per point, at the screen's pixel
 * density: a canvas, and over it pdf.js's text layer (transparent, selectable text where the page's text is). The
 * canvas and layer drawn before stay until the new ones are ready (a zoom does not flash an empty page).
 */
export function renderPage(section: PdfDoc, page: number, box: HTMLElement, scale: number): RenderedPage {
  let cancelled = false;
  let cancelRender: (() => void) | null = null;
  const rendered: RenderedPage = {
    page,
    scale,
    textLayer: null,
    done: Promise.resolve(),
    cancel() {
      cancelled = true;
      cancelRender?.();
    },
  };
  rendered.done = (async () => {
    const proxy = await section.doc.getPage(page + 1);
    if (cancelled) return;
    const viewport = proxy.getViewport({ scale });
    const wanted = window.devicePixelRatio || 1;
    const ratio = Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width * ratio);
    canvas.height = Math.floor(viewport.height * ratio);
    canvas.className = 'pdf-canvas';
    canvas.setAttribute('aria-hidden', 'true');
    const task = proxy.render({
      canvas,
      viewport,
      transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
    });
    cancelRender = () => task.cancel();
    await task.promise;
    if (cancelled) return;
    const layer = document.createElement('div');
    layer.className = 'textLayer';
    const textContentSource = await section.content(page);
    if (cancelled) return;
    const textLayer = new section.pdfjs.TextLayer({
      textContentSource,
      container: layer,
      viewport,
    });
    cancelRender = () => textLayer.cancel();
    await textLayer.render();
    if (cancelled) return;
    // What a drag over the page's blank parts selects to (pdf.js's viewer does the same: without it Chrome's
    // selection collapses or jumps between the absolutely placed runs of text).
    const end = document.createElement('div');
    end.className = 'endOfContent';
    layer.append(end);
    box.querySelectorAll(':scope > .pdf-canvas, :scope > .textLayer').forEach((old) => old.remove());
    box.append(canvas, layer);
    box.dataset.painted = 'true';
    rendered.textLayer = textLayer;
  })().catch((e: unknown) => {
    if ((e as { name?: string }).name !== 'RenderingCancelledException' && !cancelled) throw e;
  });
  return rendered;
}

/** Takes a page's canvas and text layer away (far from the screen: their memory is given back). */
export function clearPage(box: HTMLElement): void {
  box.querySelectorAll(':scope > .pdf-canvas').forEach((c) => {
    const canvas = c as HTMLCanvasElement;
    canvas.width = 0;
    canvas.height = 0;
    canvas.remove();
  });
  box.querySelector(':scope > .textLayer')?.remove();
  delete box.dataset.painted;
}

/** The text nodes of a painted page's text layer with their offsets in the section's text. */
export function pageIndex(section: PdfSection, rendered: RenderedPage): TextIndex {
  const divs = rendered.textLayer?.textDivs ?? [];
  const divTexts = divs.map((div) => {
    const texts: Text[] = [];
    const walker = document.createTreeWalker(div, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
    return texts;
  });
  const start = section.section.pageStarts[rendered.page] ?? 0;
  const { nodes, starts } = layerIndexParts(start, section.texts[rendered.page]?.itemStarts ?? [], divTexts);
  return { nodes, starts, text: section.section.text };
}

/** The pages' indexes as one (pages in order; the text between them, e.g. their joining '\n', has no node). */
export function joinIndexes(text: string, indexes: TextIndex[]): TextIndex {
  return {
    text,
    nodes: indexes.flatMap((i) => i.nodes),
    starts: indexes.flatMap((i) => i.starts),
  };
}

/**
 * The offset in the section's text of a selection's boundary: in a text node of the index, that node's start
 * plus the offset; at an element boundary (a line's <br>, between pages), the start of the first indexed text after
 * it; the text's end when none is.
 */
export function boundaryOffset(index: TextIndex, node: Node, offset: number): number {
  if (node.nodeType === Node.TEXT_NODE) {
    const i = index.nodes.indexOf(node as Text);
    if (i >= 0) return index.starts[i]! + offset;
  }
  const point = document.createRange();
  point.setStart(node, offset);
  for (let i = 0; i < index.nodes.length; i += 1) {
    if (point.comparePoint(index.nodes[i]!, 0) >= 0) return index.starts[i]!;
  }
  return index.text.length;
}
