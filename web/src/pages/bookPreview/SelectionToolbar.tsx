import { useState } from 'react';
import { message } from 'antd';
import { NoteColors, ReaderMsg, type NoteColor } from '@textbook/contracts';
import { reportError, translate } from '../../api/reader';
import { openLogin } from '../../components/LoginDialog/store';
import type { SelectionInfo } from './ChapterView';
import { COLOR_LABEL } from './NoteEditor';
import { ErrataDialog, NoteDraftDialog, TranslationDialog, type Draft, type Translation } from './SelectionDialogs';

interface Props {
  /** The selected text (null: none, only the dialogs stay). */
  selection: SelectionInfo | null;
  member: boolean;
  bookId: number;
  /** The chapter being read (null: none readable). */
  chapterId: number | null;
  /** Highlights the text (with a note's text); `from` is the selection the dialog was opened on. */
  onHighlight(color: NoteColor, content?: string, from?: SelectionInfo): Promise<void>;
  /** 引用: copies the selection with its source; answers whether the clipboard took it. */
  onCite?(selection: SelectionInfo): Promise<boolean>;
  /** 朗读: reads aloud from the sentence where the selection starts (its first line's start on screen). */
  onReadAloud?(from: { x: number; y: number }): void;
}

/** Where the toolbar sits: above the selection, or along the bottom on a phone. */
function place(selection: SelectionInfo) {
  if (window.innerWidth < 640) return { left: 8, right: 8, bottom: 72 };
  return {
    left: Math.min(window.innerWidth - 360, Math.max(8, selection.rect.left)),
    top: Math.max(56, selection.rect.top - 52),
  };
}

/**
 * The bar over selected text: highlight colours, a note, translation, an error report; and their dialogs, which
 * stay open when the selection goes.
 */
export function SelectionToolbar(props: Props) {
  const { selection, member, bookId, chapterId, onHighlight, onCite, onReadAloud } = props;
  const [noteDraft, setNoteDraft] = useState<Draft | null>(null);
  const [errata, setErrata] = useState<Draft | null>(null);
  const [trans, setTrans] = useState<Translation | null>(null);

  const lookUp = async (text: string) => {
    setTrans({ text });
    try {
      setTrans({ text, result: await translate(text) });
    } catch (e) {
      setTrans({ text, failed: (e as Error).message });
    }
  };

  // A dialog opened from the bar covers the page: the bar goes with it, so it never sits over the dialog's mask.
  const dialogOpen = noteDraft !== null || errata !== null || trans !== null;
  return (
    <>
      {selection && !dialogOpen ? (
        <div className="reader-toolbar" style={place(selection)} role="toolbar" aria-label="选中文字操作">
          {NoteColors.map((c) => (
            <button
              key={c}
              type="button"
              className={`swatch swatch-${c}`}
              aria-label={`${COLOR_LABEL[c]}高亮`}
              data-testid={`highlight-${c}`}
              onClick={() => void onHighlight(c)}
            />
          ))}
          <button
            type="button"
            onClick={() => (member ? setNoteDraft({ selection, text: '' }) : openLogin('login'))}
            data-testid="add-note"
          >
            笔记
          </button>
          {/* Translation is a member's, like notes: a visitor is asked to log in. */}
          <button
            type="button"
            onClick={() => (member ? void lookUp(selection.quote.trim()) : openLogin('login'))}
            data-testid="translate"
          >
            翻译
          </button>
          <button
            type="button"
            onClick={() => (member ? setErrata({ selection, text: '' }) : openLogin('login'))}
            data-testid="report-error"
          >
            纠错
          </button>
          {onCite ? (
            <button
              type="button"
              onClick={() =>
                void onCite(selection).then((ok) =>
                  ok ? message.success(ReaderMsg.CITE_COPIED) : message.error(ReaderMsg.CITE_FAILED),
                )
              }
              data-testid="cite"
            >
              {ReaderMsg.CITE}
            </button>
          ) : null}
          {onReadAloud ? (
            <button
              type="button"
              onClick={() => onReadAloud({ x: selection.rect.left + 2, y: selection.rect.top + 4 })}
              data-testid="read-aloud-selection"
            >
              {ReaderMsg.READ_ALOUD}
            </button>
          ) : null}
        </div>
      ) : null}
      <NoteDraftDialog
        draft={noteDraft}
        onChange={setNoteDraft}
        onSave={async (d) => {
          await onHighlight('yellow', d.text.trim(), d.selection);
          setNoteDraft(null);
        }}
      />
      <ErrataDialog
        draft={errata}
        onChange={setErrata}
        onSend={async (d) => {
          const chapter = d.selection.chapterId ?? chapterId;
          if (!chapter) return;
          await reportError({ bookId, chapterId: chapter, quote: d.selection.quote, content: d.text.trim() });
          message.success('提交成功，感谢您的反馈');
          setErrata(null);
        }}
      />
      <TranslationDialog trans={trans} onClose={() => setTrans(null)} />
    </>
  );
}
