import { Button, Drawer, Empty, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ReaderMsg, type ReaderBookmark, type TextAnchor } from '@textbook/contracts';
import { addBookmark, deleteBookmark, readerKeys, useBookmarks } from '../../api/reader';

interface Props {
  open: boolean;
  onClose(): void;
  bookId: number;
  /** The chapter on screen and where in it (null: nothing to bookmark yet). */
  here(): { chapterId: number; anchor: TextAnchor; pageLabel: string } | null;
  onGoTo(bookmark: ReaderBookmark): void;
}

/** 书签: bookmark the place on screen, and the member's bookmarks of this book to go to or remove (on the server). */
export function BookmarksDrawer({ open, onClose, bookId, here, onGoTo }: Props) {
  const client = useQueryClient();
  const bookmarks = useBookmarks(bookId, open);
  const refresh = () => client.invalidateQueries({ queryKey: readerKeys.bookmarks(bookId) });
  const add = async () => {
    const place = here();
    if (!place) return;
    await addBookmark({
      bookId,
      chapterId: place.chapterId,
      anchor: place.anchor,
      label: place.anchor.quote.slice(0, 60),
      pageLabel: place.pageLabel,
    });
    void message.success(ReaderMsg.BOOKMARK_ADDED);
    await refresh();
  };
  const remove = async (b: ReaderBookmark) => {
    await deleteBookmark(b.id);
    void message.success(ReaderMsg.BOOKMARK_REMOVED);
    await refresh();
  };
  return (
    <Drawer title="书签" open={open} onClose={onClose} size={380}>
      <Button type="primary" block onClick={() => void add()} data-testid="add-bookmark">
        为当前位置添加书签
      </Button>
      {bookmarks.data && !bookmarks.data.length ? <Empty description={ReaderMsg.BOOKMARKS_EMPTY} /> : null}
      <ul className="notes-list" data-testid="bookmark-list">
        {(bookmarks.data ?? []).map((b) => (
          <li key={b.id} data-testid="bookmark">
            <div className="notes-chapter">
              {b.chapterTitle}
              {b.pageLabel ? <span className="notes-page"> · {ReaderMsg.PAGE_LABEL(b.pageLabel)}</span> : null}
            </div>
            <button type="button" className="notes-quote" onClick={() => onGoTo(b)}>
              {b.label || b.chapterTitle}
            </button>
            <Button
              size="small"
              type="link"
              danger
              onClick={() => void remove(b)}
              aria-label={`删除书签：${(b.label || b.chapterTitle).slice(0, 20)}`}
              data-testid="remove-bookmark"
            >
              删除
            </Button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
