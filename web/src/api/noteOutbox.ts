import type { NoteBody, NoteColor, NoteUpdateBody, ReaderNote } from '@textbook/contracts';

/**
 * Notes written without a connection: kept in this browser per member until the server has them.
 *
 * - An added note waits as `add` with a key the browser made (`clientKey`); the server answers a repeated send
 *   with the note it already made, so a send whose answer was lost cannot make two notes.
 * - Editing or deleting a waiting note changes the waiting `add`; editing or deleting a saved note waits as
 *   `update` / `delete` of its id.
 * - The reader shows the saved notes with the waiting changes applied (waiting notes have negative ids).
 */
export type OutboxOp =
  | { kind: 'add'; key: string; body: NoteBody & { clientKey: string }; chapterTitle: string; at: number }
  | { kind: 'update'; id: number; change: NoteUpdateBody }
  | { kind: 'delete'; id: number };

const PREFIX = 'note-outbox:';
const listeners = new Set<() => void>();
const EMPTY: OutboxOp[] = [];
const cache = new Map<string, OutboxOp[]>();
/** Bumped when the outboxes are forgotten: a round on the way then writes nothing back. */
let generation = 0;

function storageKey(memberId: number): string {
  return `${PREFIX}${memberId}`;
}

export function readOutbox(memberId: number): OutboxOp[] {
  const key = storageKey(memberId);
  const known = cache.get(key);
  if (known) return known;
  let ops: OutboxOp[] = EMPTY;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (Array.isArray(parsed)) ops = parsed as OutboxOp[];
  } catch {
    ops = EMPTY;
  }
  cache.set(key, ops);
  return ops;
}

export function writeOutbox(memberId: number, ops: OutboxOp[]): void {
  const key = storageKey(memberId);
  cache.set(key, ops);
  try {
    if (ops.length) localStorage.setItem(key, JSON.stringify(ops));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the changes stay in memory for this tab.
  }
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every member's waiting notes leave this browser (logging out: a shared computer keeps no one's notes). */
export function forgetOutboxes(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
  cache.clear();
  generation += 1;
  for (const listener of listeners) listener();
}

export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A waiting note's id in the reader: negative, stable while it waits. */
export function waitingId(op: Extract<OutboxOp, { kind: 'add' }>): number {
  return -op.at;
}

/** Queues a change; a change to a waiting note folds into its `add`. */
export function enqueue(ops: OutboxOp[], op: OutboxOp): OutboxOp[] {
  if (op.kind === 'add') return [...ops, op];
  const waiting = ops.find((o) => o.kind === 'add' && waitingId(o) === op.id);
  if (waiting && waiting.kind === 'add') {
    if (op.kind === 'delete') return ops.filter((o) => o !== waiting);
    const body = { ...waiting.body, ...definedOf(op.change) };
    return ops.map((o) => (o === waiting ? { ...waiting, body } : o));
  }
  if (op.kind === 'delete') return [...ops.filter((o) => !(o.kind === 'update' && o.id === op.id)), op];
  return [...ops, op];
}

function definedOf(change: NoteUpdateBody): { content?: string; color?: NoteColor } {
  const out: { content?: string; color?: NoteColor } = {};
  if (change.content !== undefined) out.content = change.content;
  if (change.color !== undefined) out.color = change.color;
  return out;
}

/** The saved notes of a book with the waiting changes applied, waiting notes last in their chapter. */
export function withOutbox(saved: ReaderNote[] | undefined, ops: OutboxOp[], bookId: number): ReaderNote[] | undefined {
  if (!ops.length) return saved;
  let notes = [...(saved ?? [])];
  for (const op of ops) {
    if (op.kind === 'delete') notes = notes.filter((n) => n.id !== op.id);
    else if (op.kind === 'update') notes = notes.map((n) => (n.id === op.id ? { ...n, ...definedOf(op.change) } : n));
    else if (op.body.bookId === bookId) {
      notes.push({
        id: waitingId(op),
        bookId,
        chapterId: op.body.chapterId,
        chapterTitle: op.chapterTitle,
        quote: op.body.quote,
        prefix: op.body.prefix,
        suffix: op.body.suffix,
        startOffset: op.body.startOffset,
        endOffset: op.body.endOffset,
        color: op.body.color,
        // An outbox kept before notes had pages has none.
        pageLabel: op.body.pageLabel ?? '',
        content: op.body.content,
        orphan: false,
        createdAt: op.at,
      });
    }
  }
  return notes;
}

/** What became of one sent change: `sent` (with the saved note's id for an add), `offline` or `refused`. */
export type SendResult = { result: 'sent'; id?: number } | { result: 'offline' } | { result: 'refused' };

const running = new Map<number, Promise<{ sent: number; refused: number }>>();

/**
 * Sends the waiting changes in order, one round per member at a time. A change the connection could not carry
 * stops the round (it is tried again later); one the server refuses (the book no longer readable, the note
 * gone) is dropped and counted. A waiting note edited while its add was on the way keeps the edit: it waits on
 * as an update of the saved note.
 */
export function flushOutbox(
  memberId: number,
  send: (op: OutboxOp) => Promise<SendResult>,
): Promise<{ sent: number; refused: number }> {
  const current = running.get(memberId);
  if (current) return current;
  const started = generation;
  const round = (async () => {
    let sent = 0;
    let refused = 0;
    for (;;) {
      const [op] = readOutbox(memberId);
      if (!op) break;
      const answer = await send(op);
      if (answer.result === 'offline' || generation !== started) break;
      if (answer.result === 'sent') sent += 1;
      else refused += 1;
      writeOutbox(memberId, settle(readOutbox(memberId), op, answer));
    }
    return { sent, refused };
  })().finally(() => running.delete(memberId));
  running.set(memberId, round);
  return round;
}

/** The outbox after `op` was answered: `op` leaves it; an add edited meanwhile leaves its edit as an update. */
function settle(ops: OutboxOp[], op: OutboxOp, answer: SendResult): OutboxOp[] {
  if (op.kind !== 'add') return ops.filter((o) => o !== op);
  const now = ops.find((o) => o.kind === 'add' && o.key === op.key);
  const rest = ops.filter((o) => !(o.kind === 'add' && o.key === op.key));
  if (answer.result !== 'sent' || answer.id === undefined) return rest;
  // Deleted while on the way: the saved note goes too.
  if (!now || now.kind !== 'add') return [{ kind: 'delete', id: answer.id }, ...rest];
  const change: NoteUpdateBody = {};
  if (now.body.content !== op.body.content) change.content = now.body.content;
  if (now.body.color !== op.body.color) change.color = now.body.color;
  if (change.content === undefined && change.color === undefined) return rest;
  return [{ kind: 'update', id: answer.id, change }, ...rest];
}
