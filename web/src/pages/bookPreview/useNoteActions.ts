import type { RefObject } from 'react';
import { message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ReaderMsg, type NoteColor, type ReaderNote } from '@textbook/contracts';
import { api } from '../../api';
import { addNote, deleteNote, readerKeys, saveFile, updateNote, useNotes } from '../../api/reader';
import { openLogin } from '../../components/LoginDialog/store';
import type { ChapterHandle, SelectionInfo } from './ChapterView';

interface Options {
  bookId: number;
  member: boolean;
  /** The notes are asked for only when a chapter is readable. */
  enabled: boolean;
  /** The chapter being read (null: none readable). */
  chapterId: number | null;
  view: RefObject<ChapterHandle | null>;
  selection: SelectionInfo | null;
  clearSelection(): void;
}

/** The member's notes in the book, and what the reader does with them: add, edit, delete, export. */
export function useNoteActions(o: Options) {
  const { bookId, member, chapterId, view, selection } = o;
  const notes = useNotes(bookId, o.enabled);
  const queryClient = useQueryClient();

  const highlight = async (color: NoteColor, content = '', from = selection) => {
    if (!from || !chapterId) return;
    if (!member) return openLogin('login');
    await addNote({
      bookId,
      chapterId,
      quote: from.quote,
      prefix: from.prefix,
      suffix: from.suffix,
      startOffset: from.startOffset,
      endOffset: from.endOffset,
      color,
      content,
    });
    view.current?.clearSelection();
    o.clearSelection();
    await notes.refetch();
  };

  /** An edited note replaces the old one at once: the panel and the chapter's highlight colour follow. */
  const saveNote = async (note: ReaderNote, change: { content?: string; color?: NoteColor }) => {
    const saved = await updateNote(note.id, change);
    queryClient.setQueryData<ReaderNote[]>(readerKeys.notes(bookId), (list) =>
      list?.map((n) => (n.id === saved.id ? saved : n)),
    );
    message.success(ReaderMsg.NOTE_SAVED);
  };
  const removeNote = async (note: ReaderNote) => {
    await deleteNote(note.id);
    await notes.refetch();
  };

  const exportNotes = async (type: 1 | 2) => {
    saveFile(await api.download('POST', '/api/reader/note/export', { body: { bookId, type } }));
  };

  return { notes: notes.data, highlight, saveNote, removeNote, exportNotes };
}
