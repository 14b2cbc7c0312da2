import type { Db } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';

/**
 * The seats a class's students take (issue 16): when the college bought seats of the class's book, each student
 * who gets the book through a class (a direct join, the teacher's approval) takes one from the college's pool.
 *
 * The college module owns the seats and reads classes (a class's students, a teacher's classes), so this module
 * cannot import it without a circle. The college module hands its pool over when the app is built
 * (`provideSeatPool` in its setup); the join and the approval take seats from the pool they were given.
 */
export interface SeatPool {
  /**
   * Which of these students could take a seat of the class's book now: all when it is not a college book or some
   * are left, else those who hold one already.
   */
  open(
    ctx: AppContext,
    db: Db,
    input: { collegeId: number; bookId: number; memberIds: number[] },
  ): Promise<Set<number>>;
  /**
   * Takes a seat for each of the members inside the caller's transaction (true: some were taken), all or none.
   * When too few are left it throws a refusal whose reason is `NO_SEATS` (with `refusal`'s message), so the
   * caller's transaction rolls back.
   */
  take(
    ctx: AppContext,
    trx: Db,
    input: { collegeId: number; bookId: number; memberIds: number[]; className: string },
    now: number,
    refusal?: (book: string) => string,
  ): Promise<boolean>;
}

/** The reason of the refusal a pool throws when no seat is left. */
export const NO_SEATS = 'no_seats';

interface Slot {
  pool: SeatPool | undefined;
}

const slot = (ctx: AppContext) => ctx.local<Slot>('classes:seat-pool', () => ({ pool: undefined }));

/** The college module gives this app's classes its seat pool (once, when the app is built). */
export function provideSeatPool(ctx: AppContext, pool: SeatPool): void {
  slot(ctx).pool = pool;
}

/** This app's seat pool; an app built without the college module cannot let students in. */
export function seatPool(ctx: AppContext): SeatPool {
  const pool = slot(ctx).pool;
  if (!pool) throw new Error('no seat pool: the college module provides it when the app is built');
  return pool;
}
