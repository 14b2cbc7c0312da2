import { useEffect, useState } from 'react';

export type Theme = 'light' | 'sepia' | 'dark';
export type Flow = 'scrolled' | 'paged';

export interface ReaderSettings {
  /** Percent of the book's own size. */
  fontSize: number;
  lineHeight: number;
  theme: Theme;
  flow: Flow;
  /** Continuous (screen-reader) mode: the chapters one after another, each with its heading. */
  continuous: boolean;
  /** The reader chose the flow / continuous mode: the book's rendition:flow no longer decides them. */
  flowChosen?: boolean;
  continuousChosen?: boolean;
}

/**
 * The settings a book is shown with: the reader's own choices, and for what the reader has not chosen, the
 * book's rendition:flow (paginated: pages; scrolled-continuous: the chapters one after another).
 */
export function withBookFlow(settings: ReaderSettings, bookFlow: string): ReaderSettings {
  const flow: Flow | null = bookFlow === 'paginated' ? 'paged' : bookFlow.startsWith('scrolled') ? 'scrolled' : null;
  return {
    ...settings,
    flow: !settings.flowChosen && flow ? flow : settings.flow,
    continuous: !settings.continuousChosen && bookFlow === 'scrolled-continuous' ? true : settings.continuous,
  };
}

export const DEFAULT_SETTINGS: ReaderSettings = {
  fontSize: 100,
  lineHeight: 1.8,
  theme: 'light',
  flow: 'scrolled',
  continuous: false,
};
export const FONT_SIZES = [80, 90, 100, 112, 125, 140, 160, 180, 200];
const KEY = 'reader-settings';

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
  }, [settings]);
  return [settings, (patch) => setSettings((s) => ({ ...s, ...patch }))];
}

export const THEMES: Record<Theme, { bg: string; fg: string; label: string }> = {
  light: { bg: '#ffffff', fg: '#1f2937', label: '白色' },
  sepia: { bg: '#f4ecd8', fg: '#5b4636', label: '护眼' },
  dark: { bg: '#111827', fg: '#d1d5db', label: '夜间' },
};
