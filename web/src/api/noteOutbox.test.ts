import { describe, expect, it } from 'vitest';
import type { NoteBody, ReaderNote } from '@textbook/contracts';
import {
  enqueue,
  flushOutbox,
  forgetOutboxes,
  readOutbox,
  waitingId,
  withOutbox,
  writeOutbox,
  type OutboxOp,
  type SendResult,
} from './noteOutbox';

const body = (key: string, content = ''): NoteBody & { clientKey: string } => ({
  bookId: 7,
  chapterId: 3,
  quote: '温故而知新',
  prefix: '',
  suffix: '',
  startOffset: 0,
  endOffset: 5,
  color: 'yellow',
  content,
  pageLabel: '',
  clientKey: key,
});
const add = (key: string, at: number, content = ''): Extract<OutboxOp, { kind: 'add' }> => ({
  kind: 'add',
  key,
  body: body(key, content),
  chapterTitle: '第一章',
  at,
});
const saved: ReaderNote = { ...body('x'), id: 41, chapterTitle: '第一章', orphan: false, createdAt: 1 };

describe('the offline note outbox', () => {
  it('folds a change to a waiting note into its add, and shows the saved notes with the waiting changes', () => {
    let ops = enqueue([], add('k1', 1000));
    ops = enqueue(ops, { kind: 'update', id: -1000, change: { content: '改过', color: 'blue' } });
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ body: { content: '改过', color: 'blue' } });
    ops = enqueue(ops, { kind: 'update', id: 41, change: { color: 'pink' } });
    const shown = withOutbox([saved], ops, 7)!;
    expect(shown.map((n) => [n.id, n.color])).toEqual([
      [41, 'pink'],
      [-1000, 'blue'],
    ]);
    expect(withOutbox([saved], ops, 8)!.map((n) => n.id)).toEqual([41]);
    ops = enqueue(ops, { kind: 'delete', id: -1000 });
    ops = enqueue(ops, { kind: 'delete', id: 41 });
    expect(ops).toEqual([{ kind: 'delete', id: 41 }]);
    expect(withOutbox([saved], ops, 7)).toEqual([]);
  });

  it('sends in order, stops when the connection fails, drops what the server refuses', async () => {
    writeOutbox(1, [add('a', 1), add('b', 2), { kind: 'delete', id: 9 }]);
    const answers: SendResult[] = [{ result: 'sent', id: 50 }, { result: 'offline' }];
    const seen: OutboxOp[] = [];
    expect(await flushOutbox(1, async (op) => (seen.push(op), answers.shift()!))).toEqual({ sent: 1, refused: 0 });
    expect(readOutbox(1).map((o) => o.kind)).toEqual(['add', 'delete']);
    const again = await flushOutbox(1, async (op) =>
      op.kind === 'delete' ? { result: 'refused' } : { result: 'sent', id: 51 },
    );
    expect(again).toEqual({ sent: 1, refused: 1 });
    expect(readOutbox(1)).toEqual([]);
    expect(seen.map((o) => (o.kind === 'add' ? o.key : o.kind))).toEqual(['a', 'b']);
  });

  it('keeps an edit made while the add was on the way, and deletes a note deleted meanwhile', async () => {
    const first = add('e', 5);
    writeOutbox(2, [first, add('d', 6)]);
    const sent: OutboxOp[] = [];
    const round = flushOutbox(2, async (op) => {
      if (op.kind === 'add' && op.key === 'e')
        writeOutbox(2, enqueue(readOutbox(2), { kind: 'update', id: waitingId(first), change: { content: '途中改' } }));
      if (op.kind === 'add' && op.key === 'd')
        writeOutbox(2, enqueue(readOutbox(2), { kind: 'delete', id: waitingId(op) }));
      if (op.kind === 'delete') return { result: 'offline' };
      sent.push(op);
      return op.kind === 'add' ? { result: 'sent', id: op.key === 'e' ? 60 : 61 } : { result: 'sent' };
    });
    // A second round asked for meanwhile is the same round.
    expect(flushOutbox(2, async () => ({ result: 'offline' }))).toBe(round);
    await round;
    // The edit followed its note; the note deleted on the way waits to be deleted on the server.
    expect(sent[1]).toEqual({ kind: 'update', id: 60, change: { content: '途中改' } });
    expect(readOutbox(2)).toEqual([{ kind: 'delete', id: 61 }]);
  });

  it('forgets every waiting note on logout, and a round on the way writes nothing back', async () => {
    writeOutbox(3, [add('f', 7)]);
    const round = flushOutbox(3, async () => (forgetOutboxes(), { result: 'sent', id: 70 }));
    await round;
    expect(readOutbox(3)).toEqual([]);
  });
});
