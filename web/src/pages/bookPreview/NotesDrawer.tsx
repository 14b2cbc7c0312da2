import { Button, Drawer, Empty, Tag } from 'antd';
import { ReaderMsg, type ReaderNote } from '@textbook/contracts';

interface Props {
  open: boolean;
  onClose(): void;
  notes: ReaderNote[] | undefined;
  /** A note's quote was chosen: show it in its chapter. */
  onGoTo(note: ReaderNote): void;
  onEdit(note: ReaderNote): void;
  onExport(type: 1 | 2): void;
}

/** 我的笔记: the member's notes in this book, to go to, edit or export. */
export function NotesDrawer({ open, onClose, notes, onGoTo, onEdit, onExport }: Props) {
  return (
    <Drawer title="我的笔记" open={open} onClose={onClose} size={380}>
      <div className="notes-actions">
        <Button size="small" onClick={() => onExport(1)} disabled={!notes?.length}>
          导出文本
        </Button>
        <Button size="small" onClick={() => onExport(2)} disabled={!notes?.length}>
          导出PDF
        </Button>
      </div>
      {!notes?.length ? <Empty description="暂无内容" /> : null}
      <ul className="notes-list" data-testid="notes-list">
        {(notes ?? []).map((n) => (
          <li key={n.id} className={n.orphan ? 'orphan' : ''}>
            <div className="notes-chapter">
              {n.orphan ? '未能定位（新版本中已找不到原文）' : n.chapterTitle}
              {n.pageLabel ? (
                <span className="notes-page" data-testid="note-page">
                  {' '}
                  · {ReaderMsg.PAGE_LABEL(n.pageLabel)}
                </span>
              ) : null}
              {n.id < 0 ? (
                <Tag color="orange" className="notes-waiting" data-testid="note-waiting">
                  {ReaderMsg.NOTE_WAITING}
                </Tag>
              ) : null}
            </div>
            <button type="button" className={`notes-quote rd-${n.color}`} disabled={n.orphan} onClick={() => onGoTo(n)}>
              {n.quote}
            </button>
            {n.content ? <p className="notes-content">{n.content}</p> : null}
            <Button
              size="small"
              type="link"
              className="notes-edit"
              onClick={() => onEdit(n)}
              aria-label={`编辑笔记：${n.quote.slice(0, 20)}`}
              data-testid="edit-note"
            >
              编辑
            </Button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
