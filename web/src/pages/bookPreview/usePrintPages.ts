import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { citeSelection, findPageLabel, type BookPage } from '@textbook/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { bookDetailQuery } from '../../api/books';
import { useBookPages } from '../../api/reader';
import type { ChapterHandle, SelectionInfo } from './ChapterView';
import { pageMap } from './pageMarks';
import { copyText } from './clipboard';

interface Options {
  bookId: number;
  chapterId: number | null;
  spine: readonly { id: number }[] | undefined;
  view: RefObject<ChapterHandle | null>;
}

/**
 * The book's print pages in the reader: the label of the page on screen (the view's own for fixed-layout and PDF
 * pages, else the last page-break anchor at or before the first words shown, else the page carried in from the
 * chapters before), the page a selection is on, and finding a page by its label (跳转到页).
 */
export function usePrintPages({ bookId, chapterId, spine, view }: Options) {
  const query = useBookPages(bookId);
  const map = useMemo(() => pageMap(query.data ?? [], spine ?? []), [query.data, spine]);
  const [label, setLabel] = useState('');

  /**
   * The label at the first words on screen, or at a text offset of the chapter (a selection's start); of another
   * chapter on screen (the other page of a spread), its page.
   */
  const labelAt = useCallback(
    (at?: number, other?: number): string => {
      if (!chapterId || !map.pages.length) return '';
      if (other !== undefined && other !== chapterId)
        return map.byChapter.get(other)?.[0]?.label ?? map.carried.get(other) ?? '';
      const own = view.current?.pageLabel?.();
      if (own) return own;
      const pages = map.byChapter.get(chapterId) ?? [];
      // A view without page-break anchors (a pre-paginated page) is on its chapter's first page.
      const i = pages.length
        ? (view.current?.lastMark?.(
            pages.map((p) => p.anchor),
            at,
          ) ?? 0)
        : -1;
      return i >= 0 ? pages[i]!.label : (map.carried.get(chapterId) ?? '');
    },
    [chapterId, map, view],
  );

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Works the label out again shortly after the view moved (scrolls come many a second). */
  const update = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLabel(labelAt()), 120);
  }, [labelAt]);
  useEffect(() => {
    update();
    return () => clearTimeout(timer.current);
  }, [update]);

  const find = useCallback((input: string): BookPage | null => findPageLabel(map.pages, input), [map]);

  const client = useQueryClient();
  /**
   * 引用: the selection with the book and the print page it starts on, in GB/T 7714 style, to the clipboard. The
   * book's details are asked for when 引用 is pressed (kept from the book's page when the reader came from it), not
   * with every selection: offline, a selection asks the network nothing.
   */
  const cite = async (s: SelectionInfo): Promise<boolean> => {
    const detail = await client.fetchQuery(bookDetailQuery(bookId)).catch(() => null);
    if (!detail) return false;
    return copyText(
      citeSelection(s.quote, {
        authors: detail.authors,
        title: detail.title,
        edition: detail.edition,
        publisher: detail.publisher,
        year: detail.pubYear ?? null,
        page: labelAt(s.startOffset, s.chapterId),
        language: detail.language,
      }),
    );
  };

  return { hasPages: map.pages.length > 0, label, setLabel, labelAt, update, find, cite };
}
