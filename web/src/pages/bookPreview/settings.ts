import { READER_TEXT_DEFAULTS, type ReaderTheme } from '@textbook/contracts';
import { useEffect, useState } from 'react';

export type Flow = 'scrolled' | 'paged';
/** The text's font: the book's own, or one the reader chose for all unstyled and styled text. */
export type FontFamily = 'book' | 'serif' | 'sans';
/** The page's side margins (scrolled pages; pages in columns keep theirs). */
export type Margin = 'narrow' | 'normal' | 'wide';
/** Paragraph alignment: the book's own, justified, or ragged (start). */
export type Align = 'book' | 'justify' | 'start';

export interface ReaderSettings {
  /** Percent of the book's own size. */
  fontSize: number;
  lineHeight: number;
  fontFamily: FontFamily;
  margin: Margin;
  align: Align;
  theme: ReaderTheme;
  flow: Flow;
  /** Continuous (screen-reader) mode: the chapters one after another, each with its heading. */
  continuous: boolean;
  /** The reader chose the flow / continuous mode: the book's rendition:flow no longer decides them. */
  flowChosen?: boolean;
  continuousChosen?: boolean;
  /** A PDF book's pages: fitted to the screen's width or whole on it. */
  pdfFit: 'width' | 'page';
  /** A PDF book's pages two side by side on a wide screen. */
  pdfSpread: boolean;
  /** Read aloud: the speed (0.75–2) and the chosen voice ('' the best for the text's language). */
  readAloudRate: number;
  readAloudVoice: string;
}

/**
 * The settings a book is shown with: the reader's own choices, and for what the reader has not chosen, the
 * book's rendition:flow (paginated: pages; scrolled-continuous: the chapters one after another).
 */
export function withBookFlow(settings: ReaderSettings, bookFlow: string, format = 'epub'): ReaderSettings {
  // A PDF book's sections are shown in pages of their own (PdfView), one section at a time.
  if (format === 'pdf') return { ...settings, continuous: false };
  const flow: Flow | null = bookFlow === 'paginated' ? 'paged' : bookFlow.startsWith('scrolled') ? 'scrolled' : null;
  return {
    ...settings,
    flow: !settings.flowChosen && flow ? flow : settings.flow,
    continuous: !settings.continuousChosen && bookFlow === 'scrolled-continuous' ? true : settings.continuous,
  };
}

export const DEFAULT_SETTINGS: ReaderSettings = {
  ...READER_TEXT_DEFAULTS,
  fontFamily: 'book',
  margin: 'normal',
  align: 'book',
  theme: 'light',
  flow: 'scrolled',
  continuous: false,
  pdfFit: 'width',
  pdfSpread: false,
  readAloudRate: 1,
  readAloudVoice: '',
};
export const FONT_SIZES = [80, 90, 100, 112, 125, 140, 160, 180, 200];
const KEY = 'reader-settings';
/**
 * Set while the settings show the text otherwise than the defaults do: index.html's first script reads it, and a
 * visitor's page then skips the server's reader page (written in the default look) for the app's.
 */
const OWN_LOOK_KEY = 'reader-own-look';

/** Whether the text looks otherwise than with the default settings (theme, size, spacing, layout). */
export function hasOwnLook(settings: ReaderSettings): boolean {
  return (['theme', 'fontSize', 'lineHeight', 'fontFamily', 'margin', 'align', 'flow', 'continuous'] as const).some(
    (k) => settings[k] !== DEFAULT_SETTINGS[k],
  );
}

function load(): ReaderSettings {
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<ReaderSettings>) };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Reading settings, kept on this device. */
export function useReaderSettings(): [ReaderSettings, (patch: Partial<ReaderSettings>) => void] {
  const [settings, setSettings] = useState(load);
  useEffect(() => {
    localStorage.setItem(KEY, JSON.stringify(settings));
    if (hasOwnLook(settings)) localStorage.setItem(OWN_LOOK_KEY, '1');
    else localStorage.removeItem(OWN_LOOK_KEY);
  }, [settings]);
  return [settings, (patch) => setSettings((s) => ({ ...s, ...patch }))];
}
