import { useCallback, useEffect, useMemo, useSyncExternalStore, type RefObject } from 'react';
import { message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Msg, ReaderMsg, type NoteBody, type NoteColor, type ReaderNote } from '@textbook/contracts';
import { api, ApiError } from '../../api';
import { addNote, deleteNote, readerKeys, saveFile, updateNote, useNotes } from '../../api/reader';
import { useMember } from '../../api/member';
import { openLogin } from '../../components/LoginDialog/store';
import type { ChapterHandle, SelectionInfo } from './ChapterView';
import {
  enqueue,
  flushOutbox,
  newClientKey,
  readOutbox,
  subscribeOutbox,
  withOutbox,
  writeOutbox,
  type OutboxOp,
  type SendResult,
} from '../../api/noteOutbox';

interface Options {
  bookId: number;
  member: boolean;
  /** The notes are asked for only when a chapter is readable. */
  enabled: boolean;
  /** The chapter being read (null: none readable), and its title. */
  chapterId: number | null;
  chapterTitle: string;
  view: RefObject<ChapterHandle | null>;
  selection: SelectionInfo | null;
  clearSelection(): void;
  /** The print page at a text offset of the chapter ('' when the book has none). */
  pageAt?(offset?: number, chapterId?: number): string;
}

const NO_OPS: OutboxOp[] = [];

/** A failure the connection caused (no network, timed out), not the server's refusal. */
const offline = (error: unknown) =>
  error instanceof ApiError && error.code === 0 && error.message !== Msg.DUPLICATE_SUBMIT;

/** Sends one waiting change; the server's refusal drops it, a lost connection keeps it. */
async function send(op: OutboxOp): Promise<SendResult> {
  try {
    const silent = { silent: 'toasts' as const };
    if (op.kind === 'add') return { result: 'sent', id: (await addNote(op.body, silent)).id };
    if (op.kind === 'update') await updateNote(op.id, op.change, silent);
    else await deleteNote(op.id, silent);
    return { result: 'sent' };
  } catch (error) {
    return offline(error) ? { result: 'offline' } : { result: 'refused' };
  }
}

/**
 * The member's notes in the book, and what the reader does with them: add, edit, delete, export. Without a
 * connection, adds, edits and deletes wait in this browser (`noteOutbox.ts`), show at once, and are sent when
 * the connection returns.
 */
export function useNoteActions(o: Options) {
  const { bookId, member, chapterId, view, selection } = o;
  const saved = useNotes(bookId, o.enabled);
  const queryClient = useQueryClient();
  const memberId = useMember()?.id;
  const ops = useSyncExternalStore(subscribeOutbox, () => (memberId ? readOutbox(memberId) : NO_OPS));
  const notes = useMemo(() => withOutbox(saved.data, ops, bookId), [saved.data, ops, bookId]);
  const { refetch } = saved;

  const flush = useCallback(async () => {
    if (!memberId || !readOutbox(memberId).length) return;
    const { sent, refused } = await flushOutbox(memberId, send);
    if (sent) message.success(ReaderMsg.NOTES_SYNCED(sent));
    if (refused) message.warning(ReaderMsg.NOTES_REFUSED(refused));
    if (sent || refused) await refetch();
  }, [memberId, refetch]);

  useEffect(() => {
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);

  /** Keeps a change for later when the connection failed; answers whether it did. */
  const kept = (error: unknown, op: OutboxOp): boolean => {
    if (!memberId || !offline(error)) return false;
    writeOutbox(memberId, enqueue(readOutbox(memberId), op));
    message.info(ReaderMsg.NOTE_KEPT_OFFLINE);
    return true;
  };

  const highlight = async (color: NoteColor, content = '', from = selection) => {
    if (!from || !chapterId) return;
    if (!member) return openLogin('login');
    const body: NoteBody & { clientKey: string } = {
      bookId,
      // A selection on the other page of a spread is that page's note.
      chapterId: from.chapterId ?? chapterId,
      quote: from.quote,
      prefix: from.prefix,
      suffix: from.suffix,
      startOffset: from.startOffset,
      endOffset: from.endOffset,
      color,
      content,
      pageLabel: o.pageAt?.(from.startOffset, from.chapterId) ?? '',
      clientKey: newClientKey(),
    };
    try {
      await addNote(body, { silent: 'toasts' });
    } catch (error) {
      if (!kept(error, { kind: 'add', key: body.clientKey, body, chapterTitle: o.chapterTitle, at: Date.now() })) {
        if (error instanceof ApiError) message.error(error.message);
        throw error;
      }
    }
    view.current?.clearSelection();
    o.clearSelection();
    await refetch();
  };

  /** An edited note replaces the old one at once: the panel and the chapter's highlight colour follow. */
  const saveNote = async (note: ReaderNote, change: { content?: string; color?: NoteColor }) => {
    if (note.id < 0) {
      kept(new ApiError(Msg.NETWORK, 0), { kind: 'update', id: note.id, change });
      return;
    }
    try {
      const result = await updateNote(note.id, change, { silent: 'toasts' });
      queryClient.setQueryData<ReaderNote[]>(readerKeys.notes(bookId), (list) =>
        list?.map((n) => (n.id === result.id ? result : n)),
      );
      message.success(ReaderMsg.NOTE_SAVED);
    } catch (error) {
      if (kept(error, { kind: 'update', id: note.id, change })) return;
      if (error instanceof ApiError) message.error(error.message);
      throw error;
    }
  };
  const removeNote = async (note: ReaderNote) => {
    if (note.id < 0) {
      kept(new ApiError(Msg.NETWORK, 0), { kind: 'delete', id: note.id });
      return;
    }
    try {
      await deleteNote(note.id, { silent: 'toasts' });
    } catch (error) {
      if (kept(error, { kind: 'delete', id: note.id })) return;
      if (error instanceof ApiError) message.error(error.message);
      throw error;
    }
    await refetch();
  };

  const exportNotes = async (type: 1 | 2) => {
    saveFile(await api.download('POST', '/api/reader/note/export', { body: { bookId, type } }));
  };

  return { notes, waiting: ops.length, highlight, saveNote, removeNote, exportNotes };
}
