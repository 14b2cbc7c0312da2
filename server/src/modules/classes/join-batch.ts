import { ClassText, MemberStatus } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { enrolStudent } from '../member/index.js';
import { notify } from '../notice/index.js';
import { grantShelfEntries } from '../shelf/index.js';
import * as q from './queries.js';
import { seatPool } from './seat-pool.js';
import { rosterChanged } from './students.js';

/**
 * Group commit of class joins (issue 21). When a class's code goes round a lecture hall, hundreds of students
 * press 加入 within a second. Each join used to be a transaction of its own (and a notice insert of its own), and
 * on SQLite every commit is a write to the log: the joins queued behind each other's commits. The joins of one
 * class that arrive in one turn of the event loop are one batch; those that arrive while the class's batches
 * are being written (one at a time on SQLite, two on PostgreSQL) wait for the next one. A batch is one
 * transaction of a few statements whatever its size: the seat check of the joins that wait for review in one
 * read, the memberships in one insert (the unique pair still decides, so a repeated or concurrent press makes
 * nothing twice), the seats in one guarded update through the college's pool, the shelf entries in one upsert,
 * the teacher's notices in one insert.
 *
 * A batch is all or nothing: if it fails (the college's seats are short for all of them, or anything else),
 * each of its joins is written again alone, so each gets exactly the answer it would have had on its own (the
 * first ones take the last seats, the rest are refused).
 */
export interface JoinWrite {
  memberId: number;
  identity: { studentId: string; name: string };
  /** The member's membership of the class's college whose student id and name the join sets, if any. */
  identityOf: number | null;
  /** A member of no college: they become the class college's student. */
  enrol: boolean;
  status: number;
}

export interface JoinOutcome {
  /** A row was made (or a rejected one asked again): false when the member was in the class already. */
  changed: boolean;
  status: number;
  /** Refused: the join would wait for review, and the college has no seat of the book left to take then. */
  noSeats?: true;
}

/** The class as a batch needs it (the join's cached read of the code). */
export interface BatchClass {
  id: number;
  name: string;
  collegeId: number;
  bookId: number;
  bookPublished: number;
  teacherId: number;
}

/**
 * At most this many joins in one transaction: a whole lecture hall is one batch. The widest rows a batch writes
 * are the seat ledger's (10 columns), 10,000 bound parameters, below SQLite's 32,766 and PostgreSQL's 65,535.
 */
const MAX_BATCH = 1000;

interface Waiting {
  write: JoinWrite;
  resolve: (outcome: JoinOutcome) => void;
  reject: (err: unknown) => void;
}

interface ClassQueue {
  cls: BatchClass;
  waiting: Waiting[];
  /** Batches of this class being written now. */
  writing: number;
}

/**
 * Batches of one class written at the same time. PostgreSQL: two, so the joins that arrive while a batch commits
 * start theirs at once instead of waiting for that commit (the unique pair, the seats' guarded update and the
 * shelf's upsert keep concurrent batches exact). SQLite writes one transaction at a time anyway: one, so the
 * next batch takes everyone who arrived meanwhile.
 */
const inFlight = (ctx: AppContext) => (ctx.dialect === 'postgres' ? 2 : 1);

/** This app's queues of joins waiting to be written, by class. */
const queuesOf = (ctx: AppContext) => ctx.local('classes:join-batches', () => new Map<number, ClassQueue>());

/** Writes one join with the others of its class that are waiting; answers once its batch is committed. */
export function writeJoin(ctx: AppContext, cls: BatchClass, write: JoinWrite): Promise<JoinOutcome> {
  const queues = queuesOf(ctx);
  return new Promise((resolve, reject) => {
    let queue = queues.get(cls.id);
    if (!queue) queues.set(cls.id, (queue = { cls, waiting: [], writing: 0 }));
    queue.cls = cls;
    queue.waiting.push({ write, resolve, reject });
    // The joins that arrive in this turn of the event loop go into one batch (if one may start; else the next
    // batch to end starts theirs).
    const ready = queue;
    if (ready.waiting.length === 1 && ready.writing < inFlight(ctx)) setImmediate(() => pump(ctx, ready));
  });
}

/** Starts batches of the class's waiting joins while fewer than `inFlight` are being written. */
function pump(ctx: AppContext, queue: ClassQueue): void {
  while (queue.waiting.length && queue.writing < inFlight(ctx)) {
    queue.writing += 1;
    void writeAndSettle(ctx, queue.cls, queue.waiting.splice(0, MAX_BATCH)).finally(() => {
      queue.writing -= 1;
      if (queue.waiting.length) pump(ctx, queue);
      else if (!queue.writing && queuesOf(ctx).get(queue.cls.id) === queue) queuesOf(ctx).delete(queue.cls.id);
    });
  }
}

/** One batch: written, then each join told its outcome once what follows the commit is done. */
async function writeAndSettle(ctx: AppContext, cls: BatchClass, batch: Waiting[]): Promise<void> {
  const writes = batch.map((w) => w.write);
  let outcomes: JoinOutcome[];
  try {
    outcomes = await writeBatch(ctx, cls, writes);
  } catch (err) {
    if (batch.length === 1) batch[0]!.reject(err);
    // Each alone: its own answer (a seat refusal for the last ones only, say).
    else for (const w of batch) await settle(w, () => writeAndTell(ctx, cls, [w.write]));
    return;
  }
  // Written: what follows the commit is not written again, whatever happens to it.
  const told = afterBatch(ctx, cls, writes, outcomes).then(() => outcomes);
  batch.forEach((w, i) => void settle(w, () => told.then((all) => [all[i]!])));
}

async function settle(w: Waiting, run: () => Promise<JoinOutcome[]>): Promise<void> {
  try {
    w.resolve((await run())[0]!);
  } catch (err) {
    w.reject(err);
  }
}

async function writeAndTell(ctx: AppContext, cls: BatchClass, writes: JoinWrite[]): Promise<JoinOutcome[]> {
  const outcomes = await writeBatch(ctx, cls, writes);
  await afterBatch(ctx, cls, writes, outcomes);
  return outcomes;
}

/** One transaction for the batch: the outcome of each join, in order. */
function writeBatch(ctx: AppContext, cls: BatchClass, all: JoinWrite[], now = Date.now()): Promise<JoinOutcome[]> {
  return ctx.db.transaction().execute(async (trx) => {
    // A join waiting for review takes its seat on approval: it is refused now when none is left to take then.
    const waiting = all.filter((w) => w.status === MemberStatus.PENDING).map((w) => w.memberId);
    const seats = { collegeId: cls.collegeId, bookId: cls.bookId, memberIds: waiting };
    const mayWait = waiting.length ? await seatPool(ctx).open(ctx, trx, seats) : new Set<number>();
    const refused = (w: JoinWrite) => w.status === MemberStatus.PENDING && !mayWait.has(w.memberId);
    const writes = all.filter((w) => !refused(w));
    await q.setMembershipIdentities(
      trx,
      writes.filter((w) => w.identityOf !== null).map((w) => ({ id: w.identityOf!, ...w.identity })),
    );
    for (const w of writes) {
      if (w.enrol) await enrolStudent(ctx, trx, w.memberId, cls.collegeId, w.identity, now);
    }
    const made = await q.insertMembershipsOnce(
      trx,
      cls.id,
      writes.map((w) => ({ memberId: w.memberId, ...w.identity, status: w.status })),
      now,
    );
    const madeFor = new Set(made.map((r) => r.memberId));
    const result: JoinOutcome[] = [];
    // A student who pressed twice may be in one batch twice: the first press made the row, the second did not.
    const first = new Map<number, JoinOutcome>();
    for (const w of all) {
      if (refused(w)) {
        result.push({ changed: false, status: w.status, noSeats: true });
        continue;
      }
      const earlier = first.get(w.memberId);
      if (earlier) {
        result.push({ changed: false, status: earlier.status });
        continue;
      }
      if (madeFor.has(w.memberId)) {
        const outcome = { changed: true, status: w.status };
        first.set(w.memberId, outcome);
        result.push(outcome);
        continue;
      }
      // In the class already (a second press, a concurrent one): a rejected student asks again.
      const current = await q.findMembership(trx, cls.id, w.memberId);
      let changed = false;
      if (current?.status === MemberStatus.REJECTED) {
        const row = { classId: cls.id, memberId: w.memberId, ...w.identity, status: w.status, now };
        changed = Number((await q.reapply(trx, current.id, row)).numUpdatedRows) > 0;
      }
      const outcome = changed ? { changed, status: w.status } : { changed, status: current?.status ?? w.status };
      first.set(w.memberId, outcome);
      result.push(outcome);
    }
    const joined = all.filter((w, i) => result[i]!.changed && w.status === MemberStatus.APPROVED);
    if (joined.length && cls.bookPublished) {
      const memberIds = joined.map((w) => w.memberId);
      await seatPool(ctx).take(ctx, trx, { ...seats, memberIds, className: cls.name }, now);
      await grantShelfEntries(
        ctx,
        trx,
        memberIds.map((memberId) => ({
          memberId,
          bookId: cls.bookId,
          source: 'class' as const,
          sourceRef: cls.id,
          collegeId: cls.collegeId,
        })),
        now,
      );
    }
    return result;
  });
}

/** After the commit: the caches that show what changed, and the teacher's notices. */
async function afterBatch(
  ctx: AppContext,
  cls: BatchClass,
  writes: JoinWrite[],
  outcomes: JoinOutcome[],
): Promise<void> {
  // Member info shows the college's student id and name; the students' lists of classes changed.
  const named = writes
    .filter((w, i) => w.identityOf !== null && !outcomes[i]!.noSeats)
    .map((w) => tag.member(w.memberId));
  if (named.length) invalidate(ctx, ...named);
  rosterChanged(
    ctx,
    writes.filter((_, i) => outcomes[i]!.changed).map((w) => ({ classId: cls.id, memberId: w.memberId })),
  );
  // The teacher is told of each student waiting for review, in one insert.
  const waiting = writes.filter((w, i) => outcomes[i]!.changed && outcomes[i]!.status === MemberStatus.PENDING);
  await notify(
    ctx,
    waiting.map((w) => ({
      member_id: cls.teacherId,
      type: 'class',
      title: ClassText.JOIN_REQUEST_NOTICE(w.identity.name, cls.name),
      content: ClassText.JOIN_REQUEST_NOTICE_BODY(w.identity.studentId),
      book_id: cls.bookId,
      link: `/my/admissionDetails?classId=${cls.id}`,
    })),
  );
}
