import {
  ClassMsg,
  CollegeMsg,
  CollegeText,
  CodeStatus,
  JoinStatus,
  MemberStatus,
  Msg,
  Review,
  formatClassTime,
  isPlaceholderName,
  type CodeCheckResult,
  type JoinResult,
  type VerifyCollegeResult,
} from '@textbook/contracts';
import { batchedRead } from '../../db/read-batch.js';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { AppError, notFound, otherCollege, refused } from '../../http/errors.js';
import { tag } from '../../http/read-cache.js';
import { memberships, settleOnlyCollege } from '../member/index.js';
import { notify } from '../notice/index.js';
import { writeJoin } from './join-batch.js';
import * as q from './queries.js';
import { NO_SEATS } from './seat-pool.js';

type ClassRecord = q.ClassRecord;

function inValidity(cls: ClassRecord, now: number): boolean {
  return now >= cls.startTime && now <= cls.endTime;
}

function rangeMessage(cls: ClassRecord): string {
  return ClassMsg.JOIN_OUTSIDE(formatClassTime(cls.startTime), formatClassTime(cls.endTime));
}

/** A member of no college at all (role 0, registered alone): joining a class makes them its college's student. */
async function joinsAsNewStudent(ctx: AppContext, actor: MemberActor): Promise<boolean> {
  return actor.collegeId === null && (await memberships(ctx, actor.memberId)).length === 0;
}

/**
 * The class's college against the member's: same (0), another of theirs (1: switch), not theirs (2). A
 * member of no college is 0: the join enrols them in the class's college as a student.
 */
export async function verifyCollege(
  ctx: AppContext,
  actor: MemberActor,
  cls: ClassRecord,
): Promise<VerifyCollegeResult> {
  const base = { collegeId: cls.collegeId, collegeName: cls.collegeName };
  if (actor.collegeId === cls.collegeId) return { status: 0, msg: '', ...base };
  const membership = await q.collegeMembership(ctx.db, actor.memberId, cls.collegeId);
  // Their only college is the class's: they work in it now, nothing to switch.
  if (membership && (await settleOnlyCollege(ctx, actor.memberId)) === cls.collegeId)
    return { status: 0, msg: '', ...base };
  if (membership) return { status: 1, msg: Msg.OTHER_COLLEGE(cls.collegeName), ...base };
  if (await joinsAsNewStudent(ctx, actor)) return { status: 0, msg: '', ...base };
  return { status: 2, msg: ClassMsg.NOT_IN_COLLEGE(cls.collegeName), ...base };
}

/** Already in the class: approved or waiting for review (a rejected student may ask again). */
export async function hasJoined(ctx: AppContext, actor: MemberActor, cls: ClassRecord): Promise<boolean> {
  const row = await q.findMembership(ctx.db, cls.id, actor.memberId);
  return row !== undefined && row.status !== MemberStatus.REJECTED;
}

/**
 * The class of a code, as the join form's checks and the join read it: kept a few seconds per code, dropped at
 * once when the class changes or goes (`tag.class`: a new code, the code closed, review or dates changed), its
 * book (`tag.catalog`) or college (`tag.college`) does. 500 students joining at once read it once.
 */
const CLASS_BY_CODE = { ttlMs: 5000, maxEntries: 10_000 };

export async function findByCode(ctx: AppContext, code: string): Promise<ClassRecord | undefined> {
  const key = code.trim().toUpperCase();
  const found = await ctx.caches.cache<ClassRecord>('class-by-code', CLASS_BY_CODE).get(key, async () => {
    const cls = await q.findClassByCode(ctx.db, key);
    return cls ? { value: cls, tags: [tag.class(cls.id), tag.catalog, tag.college(cls.collegeId)] } : null;
  });
  return found ?? undefined;
}

/** The live check while a student types the code (spec §3: '1' and '3' block joining). */
export async function checkCode(ctx: AppContext, actor: MemberActor, code: string): Promise<CodeCheckResult> {
  const cls = await findByCode(ctx, code);
  const blank = { className: '', bookName: '', collegeName: '', isReview: '' };
  if (!cls) return { status: CodeStatus.INVALID, msg: ClassMsg.CODE_UNKNOWN, ...blank };
  const found = { className: cls.name, bookName: cls.bookName, collegeName: cls.collegeName, isReview: cls.isReview };
  if (!cls.codeOpen) return { status: CodeStatus.INVALID, msg: ClassMsg.CODE_CLOSED, ...found };
  if (cls.teacherId === actor.memberId)
    return { status: CodeStatus.BLOCKED, msg: ClassMsg.TEACHER_OWN_CLASS, ...found };
  const college = await verifyCollege(ctx, actor, cls);
  if (college.status !== 0) return { status: CodeStatus.BLOCKED, msg: college.msg, ...found };
  const row = await q.findMembership(ctx.db, cls.id, actor.memberId);
  if (row?.status === MemberStatus.APPROVED) {
    return { status: CodeStatus.BLOCKED, msg: ClassMsg.ALREADY_JOINED, ...found };
  }
  if (row?.status === MemberStatus.PENDING) {
    return { status: CodeStatus.BLOCKED, msg: ClassMsg.ALREADY_PENDING, ...found };
  }
  if (!inValidity(cls, Date.now())) return { status: CodeStatus.OUTSIDE, msg: rangeMessage(cls), ...found };
  return { status: CodeStatus.OK, msg: ClassMsg.CODE_OK(cls.name, cls.bookName), ...found };
}

type JoinFacts = NonNullable<ReturnType<Awaited<ReturnType<typeof q.joinFacts>>['get']>>;

/** The joins of one class asked in one turn of the event loop read their facts in one query (`batchedRead`). */
const factsReads = (ctx: AppContext) =>
  batchedRead(ctx, 'join-facts', (db, group, memberIds: number[]) => {
    const [collegeId, classId] = group.split(':').map(Number) as [number, number];
    return q.joinFacts(db, memberIds, collegeId, classId);
  });

/**
 * The student id and name a join uses: a value already set on the member's college membership is locked
 * (a placeholder guest name is not); a new value is written to the membership (`write`, in the join's
 * transaction).
 */
function settleIdentity(
  facts: JoinFacts,
  input: { studentId: string; name: string },
): { identity: { studentId: string; name: string }; write: boolean } {
  const lockedId = facts.membershipStudentId || facts.memberStudentId || '';
  const knownName = facts.membershipName || facts.memberName || '';
  const lockedName = isPlaceholderName(knownName) ? '' : knownName;
  if (lockedId && lockedId !== input.studentId) throw refused(ClassMsg.STUDENT_ID_LOCKED);
  if (lockedName && lockedName !== input.name) throw refused(ClassMsg.STUDENT_NAME_LOCKED);
  const write = facts.membershipId !== null && (!facts.membershipStudentId || !lockedName);
  return { identity: { studentId: input.studentId, name: input.name }, write };
}

/**
 * classJoiner (spec §3, §4): joins the member to the class of the code. Review on: pending (status 0), and
 * the teacher is told; review off: approved at once (status 1) and the book goes on the shelf. Outside the
 * validity period: status 2 with the range. One row per student and class, however often or concurrently
 * the button is pressed: the unique index decides, and a repeat answers the state the first press made.
 */
export async function joinClass(
  ctx: AppContext,
  actor: MemberActor,
  input: { activationCode: string; studentId: string; name: string },
  now = Date.now(),
): Promise<JoinResult> {
  const cls = await findByCode(ctx, input.activationCode);
  if (!cls) throw refused(ClassMsg.CODE_UNKNOWN);
  if (!cls.codeOpen) throw refused(ClassMsg.CODE_CLOSED);
  if (cls.teacherId === actor.memberId) throw refused(ClassMsg.TEACHER_OWN_CLASS);
  const college = await verifyCollege(ctx, actor, cls);
  if (college.status === 1) throw otherCollege(cls.collegeName, { collegeId: cls.collegeId });
  if (college.status === 2) throw refused(college.msg);

  const result = (status: number, msg: string, joinShelf = false): JoinResult => ({
    status,
    msg,
    bookName: cls.bookName,
    className: cls.name,
    collegeName: cls.collegeName,
    bookId: cls.bookId,
    joinShelf,
    startTime: formatClassTime(cls.startTime),
    endTime: formatClassTime(cls.endTime),
  });

  // One read: the member's names, their membership of the class's college and their row in the class.
  const facts = await factsReads(ctx)(`${cls.collegeId}:${cls.id}`, actor.memberId);
  if (!facts) throw notFound();
  if (facts.rowStatus === MemberStatus.APPROVED) return result(JoinStatus.SUCCESS, ClassMsg.JOIN_SUCCESS, true);
  if (facts.rowStatus === MemberStatus.PENDING) return result(JoinStatus.PENDING, ClassMsg.JOIN_PENDING);
  if (!inValidity(cls, now)) return result(JoinStatus.OUTSIDE_VALIDITY, rangeMessage(cls));

  const { identity, write: writeIdentity } = settleIdentity(facts, input);
  const direct = cls.isReview === Review.DIRECT;
  const status = direct ? MemberStatus.APPROVED : MemberStatus.PENDING;
  const enrol = actor.collegeId !== cls.collegeId && (await joinsAsNewStudent(ctx, actor));
  // The teacher is told when a student could not join for want of the college's seats.
  const noSeats = async () => {
    await notify(ctx, [
      {
        member_id: cls.teacherId,
        type: 'class',
        title: CollegeText.NO_SEATS_NOTICE(cls.name, cls.bookName),
        content: CollegeText.NO_SEATS_NOTICE_BODY(identity.name),
        book_id: cls.bookId,
        link: `/my/teachingSpace`,
      },
    ]);
    return refused(CollegeMsg.JOIN_NO_SEATS(cls.bookName), NO_SEATS);
  };
  const outcome = await writeJoin(ctx, cls, {
    memberId: actor.memberId,
    identity,
    identityOf: writeIdentity ? facts.membershipId : null,
    enrol,
    status,
  }).catch(async (err: unknown) => {
    throw err instanceof AppError && err.id === NO_SEATS ? await noSeats() : err;
  });
  // Review on, and no seat left to take on approval.
  if (outcome.noSeats) throw await noSeats();

  if (outcome.status === MemberStatus.APPROVED) {
    return result(JoinStatus.SUCCESS, ClassMsg.JOIN_SUCCESS, Boolean(cls.bookPublished));
  }
  return result(JoinStatus.PENDING, ClassMsg.JOIN_PENDING);
}
