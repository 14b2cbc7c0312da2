/// <reference lib="dom" />
// The pass condition of each W3C fixed-layout test (../shared/data/w3c-layout-media-tests, the book's own first
// page says it), judged in the reader as a person would look: which page is where on screen (the page boxes'
// places), what a page shows (its text, its images decoded), and for the ICB tests the colours drawn (pixels of a
// screenshot: no red where the page must clip it, red where it must not).
import type { Page } from 'playwright-core';
import { decodePng } from '../png.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Slot {
  side: string;
  chapterId: number | null;
  text: string;
  box: Box;
  /** The natural and drawn sizes of the page's images. */
  images: { natural: number; width: number; height: number; naturalHeight: number }[];
}

export type Shown =
  { kind: 'fixed'; slots: Slot[]; stage: Box } | { kind: 'reflow'; text: string; columns: boolean } | { kind: 'none' };

export interface FixedBook {
  id: string;
  page: Page;
  bookId: number | null;
  refusal: string;
  spine: { id: number; page: { width: number; height: number; spread: string } | null }[];
  /** Opens the nth chapter of the reading order and waits until it is painted. */
  open(nth: number): Promise<Shown>;
  /** Turns a page forward (the arrow key of the book's progression) and waits for what comes. */
  turn(): Promise<Shown>;
}

export type Verdict = true | string;
export type FixedCheck = (t: FixedBook) => Promise<Verdict>;

/** What the reader shows now. */
export async function shown(page: Page): Promise<Shown> {
  return page.evaluate(async () => {
    const boxOf = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const view = document.querySelector('[data-testid=fixed-view]:not([hidden])');
    if (view) {
      const slots = [];
      for (const slot of view.querySelectorAll<HTMLElement>('[data-testid=fixed-slot]')) {
        const host = slot.querySelector<HTMLElement>('[data-testid=fixed-page]');
        const body = host?.shadowRoot?.querySelector('.epub-body');
        const imgs = body ? [...body.querySelectorAll('img')] : [];
        await Promise.all(imgs.map((i) => i.decode().catch(() => undefined)));
        slots.push({
          side: slot.dataset.side ?? '',
          chapterId: host ? Number(host.dataset.chapter) : null,
          text: body?.textContent ?? '',
          box: boxOf(host ?? slot),
          images: imgs.map((i) => ({
            natural: i.naturalWidth,
            naturalHeight: i.naturalHeight,
            width: i.getBoundingClientRect().width,
            height: i.getBoundingClientRect().height,
          })),
        });
      }
      return { kind: 'fixed' as const, slots, stage: boxOf(view) };
    }
    const host = document.querySelector('[data-testid=chapter-host]:not([hidden])');
    const body = host?.shadowRoot?.querySelector('.epub-body');
    if (body) {
      const vp = body.closest('.viewport');
      return {
        kind: 'reflow' as const,
        text: body.textContent ?? '',
        columns: Boolean(vp?.classList.contains('paged')),
      };
    }
    return { kind: 'none' as const };
  });
}

/** The share of a screen box's pixels that match a colour test. */
export async function share(page: Page, box: Box, test: (r: number, g: number, b: number) => boolean) {
  const clip = {
    x: Math.ceil(box.x),
    y: Math.ceil(box.y),
    width: Math.floor(box.width),
    height: Math.floor(box.height),
  };
  const { rgba, width, height } = decodePng(await page.screenshot({ clip }));
  let n = 0;
  for (let i = 0; i < width * height; i++) if (test(rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!)) n++;
  return n / (width * height || 1);
}
const red = (r: number, g: number, b: number) => r > 200 && g < 80 && b < 80;
const green = (r: number, g: number, b: number) => g > 100 && g > r + 40 && g > b + 40;

const ok = (cond: boolean, reason: string): Verdict => (cond ? true : reason);
const refused = (t: FixedBook) => (t.bookId === null ? `refused at import: ${t.refusal}` : null);
const describe = (s: Shown) =>
  s.kind === 'fixed'
    ? s.slots.map((x) => `${x.side}:${x.chapterId ?? 'blank'}`).join(' ')
    : s.kind === 'reflow'
      ? 'a reflowable chapter'
      : 'nothing';

/** The slot showing a chapter. */
const slotOf = (s: Shown, chapterId: number) =>
  s.kind === 'fixed' ? s.slots.find((x) => x.chapterId === chapterId) : undefined;
const isFixed = (s: Shown, chapterId: number) =>
  Boolean(slotOf(s, chapterId)?.text !== undefined && slotOf(s, chapterId));
const alone = (s: Shown) => s.kind === 'fixed' && s.slots.length === 1 && s.slots[0]!.side === 'center';
const centred = (s: Shown) =>
  s.kind === 'fixed' && Math.abs(s.slots[0]!.box.x + s.slots[0]!.box.width / 2 - (s.stage.x + s.stage.width / 2)) <= 2;
/** Two pages side by side with no gap, the same height, inside the screen. */
const spread = (s: Shown, left: number, right: number) => {
  if (s.kind !== 'fixed' || s.slots.length !== 2) return false;
  const [l, r] = s.slots as [Slot, Slot];
  return (
    l.chapterId === left &&
    r.chapterId === right &&
    Math.abs(l.box.x + l.box.width - r.box.x) <= 1 &&
    Math.abs(l.box.y - r.box.y) <= 1 &&
    l.box.x >= s.stage.x &&
    r.box.x + r.box.width <= s.stage.x + s.stage.width + 1
  );
};
const imagesShown = (slot: Slot | undefined) =>
  Boolean(slot && slot.images.length && slot.images.every((i) => i.natural > 0 && i.width > 10));

/** Pages in reading order, each in its own box showing its "Page N", paired n|n+1 (or one by one). */
const pagesInOrder =
  (paired: boolean): FixedCheck =>
  async (t) => {
    const no = refused(t);
    if (no) return no;
    const ids = t.spine.map((c) => c.id);
    let s = await t.open(0);
    const seen: number[] = [];
    for (let guard = 0; guard < ids.length; guard++) {
      if (s.kind !== 'fixed') return `page ${seen.length + 1} is not shown as a page (${describe(s)})`;
      if (paired ? s.slots.length !== 2 && seen.length + 1 < ids.length : !alone(s))
        return `${describe(s)} on screen after pages ${seen.join(',')}`;
      for (const slot of s.slots) {
        if (slot.chapterId === null) return `a blank page in ${describe(s)}`;
        const n = ids.indexOf(slot.chapterId) + 1;
        if (/Page \d/.test(slot.text) && !slot.text.includes(`Page ${n}`))
          return `the box of page ${n} shows "${slot.text.slice(0, 60)}"`;
        seen.push(slot.chapterId);
      }
      if (paired && s.slots.length === 2 && !spread(s, s.slots[0]!.chapterId!, s.slots[1]!.chapterId!))
        return `the two pages are not side by side without a gap (${describe(s)})`;
      if (seen.length >= ids.length) break;
      s = await t.turn();
    }
    return ok(seen.join() === ids.join(), `pages seen in the order ${seen.join(',')} (spine ${ids.join(',')})`);
  };

/** The nth chapter on the left (or right) of a spread with a page beside it. */
const onSide =
  (nth: number, side: 'left' | 'right'): FixedCheck =>
  async (t) => {
    const no = refused(t);
    if (no) return no;
    const s = await t.open(nth);
    const slot = slotOf(s, t.spine[nth]!.id);
    if (s.kind !== 'fixed' || s.slots.length !== 2) return `not in a spread: ${describe(s)}`;
    const half = s.stage.x + s.stage.width / 2;
    const where = slot && (side === 'left' ? slot.box.x + slot.box.width <= half + 1 : slot.box.x >= half - 1);
    return ok(Boolean(slot?.side === side && where), `page ${nth + 1} is shown as ${describe(s)}`);
  };

/** Chapters shown as pages (f) or reflowable (r), by their place in the reading order. */
const kinds =
  (pattern: string, imageOnly = false): FixedCheck =>
  async (t) => {
    const no = refused(t);
    if (no) return no;
    for (const [nth, kind] of [...pattern].entries()) {
      const s = await t.open(nth);
      const id = t.spine[nth]!.id;
      if (kind === 'f') {
        if (!isFixed(s, id)) return `chapter ${nth + 1} is not shown as a page: ${describe(s)}`;
        if (imageOnly && !imagesShown(slotOf(s, id))) return `the image of page ${nth + 1} is not shown`;
      } else if (s.kind !== 'reflow' || s.text.length < 200)
        return `chapter ${nth + 1} is not reflowable: ${describe(s)}`;
    }
    return true;
  };

/** The nth page shows no red (the ICB clips what lies outside it). */
const noRed = async (t: FixedBook, nth: number): Promise<Verdict> => {
  const s = await t.open(nth);
  const slot = slotOf(s, t.spine[nth]!.id);
  if (!slot || s.kind !== 'fixed') return `page ${nth + 1} is not shown as a page: ${describe(s)}`;
  const r = await share(t.page, slot.box, red);
  return ok(r < 0.001, `${(r * 100).toFixed(1)}% of page ${nth + 1} is red`);
};
const clipped =
  (...pages: number[]): FixedCheck =>
  async (t) => {
    const no = refused(t);
    if (no) return no;
    for (const nth of pages) {
      const v = await noRed(t, nth);
      if (v !== true) return v;
    }
    return true;
  };

/** Two pages drawn alike (the same size, the same pixels within a small share). */
const sameLook: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const a = await t.open(0);
  const sa = a.kind === 'fixed' ? a.slots[0] : undefined;
  const pa = sa ? decodePng(await t.page.screenshot({ clip: sa.box })) : null;
  const b = await t.open(1);
  const sb = b.kind === 'fixed' ? b.slots[0] : undefined;
  if (!sa || !sb || !pa) return `not both pages shown as pages: ${describe(a)} / ${describe(b)}`;
  if (Math.abs(sa.box.width - sb.box.width) > 1 || Math.abs(sa.box.height - sb.box.height) > 1)
    return `page boxes ${Math.round(sa.box.width)}×${Math.round(sa.box.height)} and ${Math.round(sb.box.width)}×${Math.round(sb.box.height)}`;
  const pb = decodePng(await t.page.screenshot({ clip: sa.box }));
  let differ = 0;
  for (let i = 0; i < Math.min(pa.rgba.length, pb.rgba.length); i += 4)
    if (Math.abs(pa.rgba[i]! - pb.rgba[i]!) + Math.abs(pa.rgba[i + 1]! - pb.rgba[i + 1]!) > 60) differ++;
  const r = differ / (pa.width * pa.height);
  return ok(r < 0.01, `${(r * 100).toFixed(1)}% of the pixels differ`);
};

const svgIcb: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const two = await t.open(1);
  const s2 = slotOf(two, t.spine[1]!.id);
  if (!s2) return `page 2 not shown as a page: ${describe(two)}`;
  const red2 = await share(t.page, s2.box, red);
  const three = await t.open(2);
  const s3 = slotOf(three, t.spine[2]!.id);
  if (!s3) return `page 3 not shown as a page: ${describe(three)}`;
  const red3 = await share(t.page, s3.box, red);
  const band = await share(t.page, { ...s3.box, x: s3.box.x + s3.box.width * 0.76, width: s3.box.width * 0.06 }, green);
  return ok(
    red2 > 0.97 && red3 > 0.6 && red3 < 0.85 && band > 0.05,
    `page 2 ${(red2 * 100).toFixed(0)}% red; page 3 ${(red3 * 100).toFixed(0)}% red, its band ${(band * 100).toFixed(0)}% star-green`,
  );
};

const xhtmlIcbMulti: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const first = await noRed(t, 0);
  if (first !== true) return first;
  const s = await t.open(1);
  const slot = slotOf(s, t.spine[1]!.id);
  if (!slot) return `page 2 not shown as a page: ${describe(s)}`;
  const r = await share(t.page, slot.box, red);
  return ok(r > 0.02, `the wider page shows ${(r * 100).toFixed(1)}% red (a red band expected)`);
};

/** The first page alone in the middle of the screen. */
const centre: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const s = await t.open(0);
  return ok(alone(s) && centred(s), `page 1 shown as ${describe(s)}`);
};

/** A page's image (not its fallback) at its natural proportions, on each of the first pages. */
const imagePages: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  for (let nth = 0; nth < Math.min(3, t.spine.length); nth++) {
    const s = await t.open(nth);
    const slot = slotOf(s, t.spine[nth]!.id);
    if (!imagesShown(slot)) return `page ${nth + 1}: ${describe(s)}, images not shown`;
    const img = slot!.images[0]!;
    const drawn = img.width / img.height;
    const natural = img.natural / img.naturalHeight;
    if (Math.abs(drawn / natural - 1) > 0.01) return `page ${nth + 1}'s image is distorted`;
  }
  return true;
};

const embeddedImages: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const title = await t.open(0);
  if (!alone(title) || !centred(title) || !imagesShown(slotOf(title, t.spine[0]!.id)))
    return `the title page (page-spread-center) shows as ${describe(title)}`;
  const s = await t.open(1);
  const both = s.kind === 'fixed' && s.slots.every((x) => imagesShown(x));
  return ok(both && spread(s, t.spine[1]!.id, t.spine[2]!.id), `pages A and B show as ${describe(s)}`);
};

const greenOnRed: FixedCheck = async (t) => {
  const v = await kinds('rfr')(t);
  if (v !== true) return v;
  const s = await t.open(1);
  const slot = slotOf(s, t.spine[1]!.id)!;
  const corner = await share(t.page, { x: slot.box.x + 2, y: slot.box.y + 2, width: 10, height: 10 }, green);
  return ok(corner > 0.9, `the page's upper left corner is ${(corner * 100).toFixed(0)}% green`);
};

/** The page is shown whole on the screen (in the screen's own orientation). */
const wholePage: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const s = await t.open(0);
  if (s.kind !== 'fixed') return `page 1 shown as ${describe(s)}`;
  const inside = s.slots.every(
    (x) =>
      x.box.x >= s.stage.x - 1 && x.box.y >= s.stage.y - 1 && x.box.x + x.box.width <= s.stage.x + s.stage.width + 1,
  );
  return ok(inside && s.slots.some((x) => x.text.includes('Page 1')), `page 1 shown as ${describe(s)}`);
};

/** Each page alone (rendition:spread none). */
const eachAlone: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  for (let nth = 0; nth < t.spine.length; nth++) {
    const s = await t.open(nth);
    if (!alone(s)) return `page ${nth + 1} shown as ${describe(s)}`;
  }
  return true;
};

/** The page fills the reading area (its viewport is the device's width and height), red on the right and bottom. */
const deviceSized: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const s = await t.open(0);
  if (s.kind !== 'fixed') return `page shown as ${describe(s)}`;
  const box = s.slots[0]!.box;
  const fills = box.width >= s.stage.width - 30 && box.height >= s.stage.height - 30;
  return ok(
    fills,
    `the page is ${Math.round(box.width)}×${Math.round(box.height)} in ${Math.round(s.stage.width)}×${Math.round(s.stage.height)}`,
  );
};

const FIRST_SPREAD: FixedCheck = async (t) => {
  const no = refused(t);
  if (no) return no;
  const s = await t.open(0);
  return ok(spread(s, t.spine[0]!.id, t.spine[1]!.id), `pages 1 and 2 shown as ${describe(s)}`);
};

export const FIXED_CHECKS: Record<string, FixedCheck> = {
  // Not deprecated.
  'lay-page-layout-both': async (t) => {
    const v = await kinds('f')(t);
    if (v !== true) return v;
    const next = await t.turn();
    if (next.kind !== 'reflow') return `the page after page 1 is ${describe(next)}`;
    return kinds('frff')(t);
  },
  'lay-pp-embedded-images': embeddedImages,
  'lay-pp-images-in-spine': imagePages,
  'lay-pp-layout-default': kinds('r'),
  'lay-pp-layout-pre-paginated': pagesInOrder(true),
  'lay-pp-layout-pre-paginated-spreads': pagesInOrder(true),
  'lay-pp-page-spread-left': onSide(1, 'left'),
  'lay-pp-page-spread-right': onSide(0, 'right'),
  'lay-pp-spine-overrides_behave-as-global': kinds('fr'),
  'lay-pp-spine-overrides_behave-as-global-bis': greenOnRed,
  'lay-pp-spine-overrides_image-only-pp': kinds('fr', true),
  // The page's pass condition is its layout ("displayed as pre-paginated", the image's own words). Its image is not
  // shown: the book declares EPUB/page_2.png but the page uses EPUB/images/page_2.png, a resource not in the
  // manifest, which a reader must not show (pkg-manifest-unlisted-resource); its alt text stands in the page box.
  'lay-pp-spine-overrides_image-only-reflow': kinds('rfr'),
  'lay-pp-spine-overrides_image-spine-pp': kinds('fr', true),
  'lay-pp-svg-icb_multi': svgIcb,
  'lay-pp-xhtml-icb': clipped(0, 1),
  'lay-pp-xhtml-icb_invalid_meta': clipped(0, 1),
  'lay-pp-xhtml-icb_multi': xhtmlIcbMulti,
  'lay-pp-xhtml-icb_multi_declarations': sameLook,
  'lay-pp-xhtml-icb_repeated-in-meta': clipped(0, 1),
  // Deprecated duplicates.
  'fxl-page-spread-break': pagesInOrder(true),
  'fxl-page-spread-center': centre,
  'fxl-spine-overrides_behave-as-global': kinds('fr'),
  'fxl-spine-overrides_behave-as-global-bis': greenOnRed,
  'fxl-spine-overrides_duplicate': kinds('fr'),
  'lay-fxl-layout-default': kinds('r'),
  'lay-fxl-layout-pre-paginated': pagesInOrder(true),
  'lay-fxl-layout-pre-paginated-spreads': pagesInOrder(true),
  'lay-fxl-orientation-default': wholePage,
  'lay-fxl-orientation-landscape': wholePage,
  'lay-fxl-page-spread-combined': async (t) => {
    const v = await onSide(1, 'left')(t);
    if (v !== true) return v;
    return onSide(2, 'right')(t);
  },
  'lay-fxl-page-spread-left': onSide(1, 'left'),
  'lay-fxl-page-spread-right': onSide(0, 'right'),
  'lay-fxl-spread-auto': FIRST_SPREAD,
  'lay-fxl-spread-both': FIRST_SPREAD,
  'lay-fxl-spread-default': FIRST_SPREAD,
  'lay-fxl-spread-landscape': FIRST_SPREAD,
  'lay-fxl-spread-none': eachAlone,
  'lay-fxl-svg-icb_multi': svgIcb,
  'lay-fxl-xhtml-icb': clipped(0, 1),
  'lay-fxl-xhtml-icb_device_sizes': deviceSized,
  'lay-fxl-xhtml-icb_invalid_meta': clipped(0, 1),
  'lay-fxl-xhtml-icb_multi': xhtmlIcbMulti,
  'lay-fxl-xhtml-icb_multi_declarations': sameLook,
  'lay-fxl-xhtml-icb_repeated-in-meta': clipped(0, 1),
  'lay-fxl-xhtml-icb_units': sameLook,
};

/** Tests whose pass condition is not the reader's to meet, with the reason (left out of the score). */
export const NOT_FOR_A_READER: Record<string, string> = {
  'lay-pp-layout-duplication':
    'EPUBCheck must report the duplicated rendition:layout; a reading system has nothing to show',
  'fxl-layout-duplication': 'EPUBCheck must report the duplicated rendition:layout (the peers all say n/a)',
};
