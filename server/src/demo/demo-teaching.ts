import { JoinStatus, MemberStatus, Review, classCreate, currentMinute, formatClassTime } from '@textbook/contracts';
import type { MemberActor } from '../http/actor.js';
import type { AppContext } from '../http/context.js';
import { createClass, decide, joinClass, loadStudents, pending } from '../modules/classes/index.js';
import { parseRoles } from '../modules/session/index.js';
import { seedCollegeSeats } from '../modules/college/index.js';
import { demoIdentifier } from './demo-books.js';
import { demoColleges, demoMembers } from './demo-site.js';

const SEMESTER_MS = 180 * 86_400_000;

/** What the teaching side of the demo holds (README's demo accounts describe it). */
export const demoTeaching = {
  /** The college (index into demoColleges) the teacher teaches in and that authorizes the books. */
  college: 0,
  teacher: '13800000002',
  /** Demo textbooks (keys in demo-books.ts) the college authorizes the teacher to teach with. */
  authorized: ['gdsx-1', 'xxds', 'gll'],
  /** Seats of each authorized textbook the college holds. */
  seats: 50,
  /** The teacher's class: review on, one student approved, one application waiting. */
  class: { book: 'gdsx-1', name: '高数一班', remark: '2026 级理工科新生，每周二、周四上课' },
  approved: ['13800000003'],
  pending: ['13800000004'],
  /** Demo textbooks whose sample applications the publisher approves at once (others wait for review). */
  sampleAutoApprove: ['sjjg'],
} as const;

/** A demo member acting in one of their colleges, as a session in that college would make them. */
async function actorIn(ctx: AppContext, phone: string, collegeId: number): Promise<MemberActor> {
  const row = await ctx.db
    .selectFrom('members as m')
    .innerJoin('college_members as cm', 'cm.member_id', 'm.id')
    .select(['m.id', 'cm.roles'])
    .where('m.phone', '=', phone)
    .where('cm.college_id', '=', collegeId)
    .executeTakeFirstOrThrow(() => new Error(`demo member ${phone} is not in college ${collegeId}`));
  return { kind: 'member', memberId: row.id, sessionId: 0, collegeId, roles: parseRoles(row.roles) };
}

/** The student id and name a demo student types into the join form (the ones the seed gave them). */
function joinIdentity(phone: string): { studentId: string; name: string } {
  const member = demoMembers.find((m) => m.phone === phone);
  if (!member || !('studentId' in member)) throw new Error(`demo member ${phone} is no student`);
  return { studentId: member.studentId, name: member.realName };
}

/**
 * The teaching side of the demo, made through the same services the routes call (run once, right after the
 * demo seed, on the built app's context): the college authorizes the demo teacher for three textbooks; the
 * teacher creates a class with review on; the demo student joins with its code and the teacher approves him
 * (the book goes on his shelf from the class); a second student's application is left waiting for review.
 */
export async function seedDemoTeaching(ctx: AppContext): Promise<void> {
  const college = await ctx.db
    .selectFrom('colleges')
    .select('id')
    .where('name', '=', demoColleges[demoTeaching.college]!)
    .executeTakeFirstOrThrow(() => new Error('demo college missing'));
  const bookIdOf = async (key: string): Promise<number> => {
    const book = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('identifier', '=', demoIdentifier(key))
      // Identifiers may repeat (a staff import of the same file is a new book): the seed's book came first.
      .orderBy('id')
      .executeTakeFirstOrThrow(() => new Error(`demo textbook ${key} missing`));
    return book.id;
  };

  const teacher = await actorIn(ctx, demoTeaching.teacher, college.id);
  // Through the college's seat ledger (issue 16): the college holds seats, one of each goes to the teacher.
  for (const key of demoTeaching.authorized) {
    await seedCollegeSeats(ctx, {
      collegeId: college.id,
      bookId: await bookIdOf(key),
      seats: demoTeaching.seats,
      memberIds: [teacher.memberId],
      reason: '演示数据',
    });
  }

  for (const key of demoTeaching.sampleAutoApprove) {
    await ctx.db
      .updateTable('books')
      .set({ sample_auto_approve: 1 })
      .where('id', '=', await bookIdOf(key))
      .execute();
  }

  // The class dialog's input, checked by the same contract the create route checks it with.
  const start = currentMinute();
  const input = classCreate.parse({
    bookId: await bookIdOf(demoTeaching.class.book),
    name: demoTeaching.class.name,
    remark: demoTeaching.class.remark,
    isReview: Review.NEEDS_APPROVAL,
    startTime: formatClassTime(start),
    endTime: formatClassTime(start + SEMESTER_MS),
  });
  const cls = await createClass(ctx, teacher, input);

  const approvedMembers = new Set<number>();
  for (const phone of [...demoTeaching.approved, ...demoTeaching.pending]) {
    const student = await actorIn(ctx, phone, college.id);
    const joined = await joinClass(ctx, student, { activationCode: cls.code, ...joinIdentity(phone) });
    if (joined.status !== JoinStatus.PENDING) throw new Error(`demo join of ${phone}: ${joined.msg}`);
    if ((demoTeaching.approved as readonly string[]).includes(phone)) approvedMembers.add(student.memberId);
  }
  const approve = (await pending(ctx, cls.id)).filter((row) => approvedMembers.has(row.memberId));
  await decide(
    ctx,
    await loadStudents(
      ctx,
      approve.map((row) => row.id),
    ),
    MemberStatus.APPROVED,
  );
}
