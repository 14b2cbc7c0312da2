import { useState } from 'react';
import { Button, Input, Modal, Radio } from 'antd';
import { NOTE_MAX, NoteColors, type NoteColor, type ReaderNote } from '@textbook/contracts';

export const COLOR_LABEL: Record<NoteColor, string> = {
  yellow: '黄色',
  green: '绿色',
  blue: '蓝色',
  pink: '粉色',
  purple: '紫色',
};

const asColor = (c: string): NoteColor => ((NoteColors as readonly string[]).includes(c) ? (c as NoteColor) : 'yellow');

interface Props {
  /** The note being edited; null: closed. */
  note: ReaderNote | null;
  onClose(): void;
  /** Saves the changed fields (only those that changed); rejects when the server refuses (the dialog stays). */
  onSave(note: ReaderNote, change: { content?: string; color?: NoteColor }): Promise<void>;
  onDelete(note: ReaderNote): Promise<void>;
}

/** A note or highlight: its quote, its text and its colour to edit, and delete. */
export function NoteEditor({ note, onClose, onSave, onDelete }: Props) {
  const [draft, setDraft] = useState<{ note: ReaderNote | null; text: string; color: NoteColor }>({
    note: null,
    text: '',
    color: 'yellow',
  });
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  // A note opened: the draft starts from it; closed: the text stays while the dialog fades (state adjusted
  // while rendering, no effect), and opening the same note again starts afresh.
  if (draft.note !== note)
    setDraft(note ? { note, text: note.content, color: asColor(note.color) } : { ...draft, note: null });
  const { text, color } = draft;
  const setText = (t: string) => setDraft((d) => ({ ...d, text: t }));
  const setColor = (c: NoteColor) => setDraft((d) => ({ ...d, color: c }));

  const change = note
    ? {
        ...(text.trim() !== note.content ? { content: text.trim() } : {}),
        ...(color !== note.color ? { color } : {}),
      }
    : {};
  const changed = Object.keys(change).length > 0;

  const run = async (what: 'save' | 'delete') => {
    if (!note) return;
    setBusy(what);
    try {
      if (what === 'delete') await onDelete(note);
      else if (changed) await onSave(note, change);
      onClose();
    } catch {
      // The request layer shows the server's message; the dialog keeps what was typed.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      title="编辑笔记"
      open={Boolean(note)}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button
          key="delete"
          danger
          loading={busy === 'delete'}
          onClick={() => void run('delete')}
          data-testid="delete-note"
        >
          删除
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={busy === 'save'}
          disabled={!changed}
          onClick={() => void run('save')}
          data-testid="save-note"
        >
          保存
        </Button>,
      ]}
    >
      <blockquote className={`draft-quote rd-${color}`}>{note?.quote}</blockquote>
      <div className="note-color-row">
        <span id="note-color-label">颜色</span>
        <Radio.Group
          aria-labelledby="note-color-label"
          value={color}
          onChange={(e) => setColor(e.target.value as NoteColor)}
          optionType="button"
          data-testid="note-colors"
        >
          {NoteColors.map((c) => (
            <Radio.Button key={c} value={c} data-testid={`note-color-${c}`}>
              <span className={`note-swatch swatch-${c}`} aria-hidden />
              <span className="note-color-name">{COLOR_LABEL[c]}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </div>
      <Input.TextArea
        className="note-editor-text"
        autoFocus
        rows={4}
        maxLength={NOTE_MAX}
        showCount
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && changed) void run('save');
        }}
        placeholder="写下你的想法（留空则仅高亮）"
        aria-label="笔记内容"
        data-testid="edit-note-text"
      />
    </Modal>
  );
}
