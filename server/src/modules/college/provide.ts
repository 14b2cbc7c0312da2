import { CollegeMsg, CollegeText, type ProvideOptions, type ProvideStudent } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { approvedStudents, findClassFacts, teacherClasses } from '../classes/index.js';
import { memberships } from '../member/index.js';
import * as sq from './seat-queries.js';
import { collegeOf, counts, giveSeats, loadCollegeBook, seatHolders, type CollegeBook } from './seats.js';

/** What the distribution policy (`college.provide`) reads: the college and whether the membership there has the grant. */
export interface Grant {
  collegeId: number;
  hasGrant: boolean;
}

/** The caller's grant in the college they work in now. */
export async function grantOf(ctx: AppContext, actor: MemberActor): Promise<Grant> {
  const collegeId = collegeOf(actor);
  const mine = (await memberships(ctx, actor.memberId)).find((m) => m.collegeId === collegeId);
  return { collegeId, hasGrant: Boolean(mine?.hasGrant) };
}

/** A college book the distributor asks about, with their grant in that book's college (the policy's thing). */
export async function loadProvideBook(ctx: AppContext, actor: MemberActor, id: number): Promise<CollegeBook & Grant> {
  const cb = await loadCollegeBook(ctx, id);
  const grant = await grantOf(ctx, actor);
  return { ...cb, hasGrant: grant.collegeId === cb.collegeId && grant.hasGrant };
}

/** The college's books with their seats, and the classes the distributor teaches there. */
export async function provideOptions(ctx: AppContext, actor: MemberActor, grant: Grant): Promise<ProvideOptions> {
  const page = await sq.pageCollegeBooks(ctx.db, grant.collegeId, { offset: 0, limit: 500 });
  const classes = await teacherClasses(ctx, actor.memberId, grant.collegeId);
  return {
    books: page.rows.map((cb) => ({
      id: cb.id,
      bookId: cb.bookId,
      bookName: cb.bookName,
      cover: cb.cover,
      ...counts(cb),
      expiresAt: cb.expiresAt,
      createTime: cb.createTime,
    })),
    classes: classes.map((c) => ({
      id: c.id,
      name: c.name,
      bookId: c.bookId,
      bookName: c.bookName,
      studentCount: Number(c.studentCount),
    })),
  };
}

/** One of the distributor's own classes in the book's college; else the class is not theirs to hand seats to. */
async function ownClass(ctx: AppContext, actor: MemberActor, cb: CollegeBook, classId: number) {
  const cls = await findClassFacts(ctx, classId);
  if (!cls || cls.collegeId !== cb.collegeId || cls.teacherId !== actor.memberId) throw notFound();
  return cls;
}

/** The approved students of one of the distributor's classes, each with whether they hold a seat of the book. */
export async function provideStudents(
  ctx: AppContext,
  actor: MemberActor,
  cb: CollegeBook,
  classId: number,
): Promise<ProvideStudent[]> {
  const cls = await ownClass(ctx, actor, cb, classId);
  const students = await approvedStudents(ctx, cls.id);
  const held = await seatHolders(
    ctx,
    cb,
    students.map((s) => s.memberId),
  );
  return students.map((s) => ({ ...s, held: held.has(s.memberId) }));
}

/**
 * Hands a seat of the college's book to the approved students of one of the distributor's classes (all of them,
 * or those chosen among them) who hold none yet: all or nothing, through the same seats as the admin's
 * authorizations (`giveSeats`: the ledger names the distributor).
 */
export async function provide(
  ctx: AppContext,
  actor: MemberActor,
  cb: CollegeBook,
  input: { classId: number; memberIds?: number[] | undefined },
) {
  const cls = await ownClass(ctx, actor, cb, input.classId);
  const students = new Set((await approvedStudents(ctx, cls.id)).map((s) => s.memberId));
  const chosen = input.memberIds ? [...new Set(input.memberIds)] : [...students];
  if (!chosen.length) throw refused(CollegeMsg.NO_MEMBERS);
  if (chosen.some((id) => !students.has(id))) throw refused(CollegeMsg.PROVIDE_NOT_STUDENTS);
  const now = Date.now();
  const granted = await ctx.db.transaction().execute(async (trx) => {
    const fresh = (await sq.findCollegeBook(trx, cb.id)) ?? cb;
    const how = { kind: 'grant', via: 'grant', byMember: actor.memberId, reason: CollegeText.REASON_PROVIDE } as const;
    return (await giveSeats(ctx, trx, fresh, chosen, how, now)).length;
  });
  return { granted, already: chosen.length - granted };
}
