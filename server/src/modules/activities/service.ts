import { randomInt, randomUUID } from 'node:crypto';
import {
  ACTIVITY_KIND_LABEL,
  ActivityKind,
  ActivityLimits,
  ActivityMsg,
  ActivityState,
  CheckinStatus,
  type ActivityCreate,
  type ActivityKindValue,
  type ActivityLive,
  type ActivityRow,
  type ActivityUpdate,
  type QuizAnswerBody,
  type CheckinRow,
  type ReplyRow,
  type SectionNode,
  type StudentActivityDetail,
  type StudentActivityRow,
} from '@textbook/contracts';
import type { Actor, MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { conflict, notFound, refused } from '../../http/errors.js';
import type { ActivityClassFacts } from '../../policies/activities.js';
import { contentAuditProblem, getSectionTree } from '../catalog/index.js';
import { approvedStudents, isApprovedStudent, loadClass } from '../classes/index.js';
import { notify } from '../notice/index.js';
import * as q from './queries.js';
import * as quiz from './quiz.js';

/**
 * The module's clock: every rule asks it for the time, so a test can stand at the end of a check-in's minutes
 * (`activityClock(ctx).now = () => …`). One per app.
 */
export function activityClock(ctx: AppContext): { now: () => number } {
  return ctx.local('activities:clock', () => ({ now: () => Date.now() }));
}

const MINUTE = 60_000;

/** A class as the routes need it: the policy's facts plus its name and book. */
export interface ClassThing extends ActivityClassFacts {
  classId: number;
  className: string;
  bookId: number;
}

/** An activity with its class, for the policies about it. */
export interface ActivityThing extends ClassThing {
  activity: q.ActivityRecord;
}

/** Loads a class (404 when none) with whether the caller is one of its approved students. */
export async function loadClassThing(ctx: AppContext, actor: Actor, classId: number): Promise<ClassThing> {
  const cls = await loadClass(ctx, classId);
  const attending =
    actor.kind === 'member' && actor.memberId !== cls.teacherId
      ? await isApprovedStudent(ctx, cls.id, actor.memberId)
      : false;
  return {
    classId: cls.id,
    className: cls.name,
    bookId: cls.bookId,
    teacherId: Number(cls.teacherId),
    collegeId: Number(cls.collegeId),
    attending,
  };
}

/** Loads an activity (404 when none) with its class's facts. */
export async function loadActivityThing(ctx: AppContext, actor: Actor, id: number): Promise<ActivityThing> {
  const activity = await q.findActivity(ctx.db, id);
  if (!activity) throw notFound();
  return { ...(await loadClassThing(ctx, actor, activity.class_id)), activity };
}

/** A reply as its activity's page loads it: the reply and its activity's class. */
export async function loadReplyThing(ctx: AppContext, actor: Actor, replyId: number) {
  const reply = await q.findReply(ctx.db, replyId);
  if (!reply) throw notFound();
  return { ...(await loadActivityThing(ctx, actor, reply.activityId)), replyId: reply.id };
}

type Counted = q.ActivityRecord & { checkins?: unknown; replies?: unknown; submissions?: unknown };

export function present(a: Counted, teacher: boolean): ActivityRow {
  const kind = a.kind as ActivityKindValue;
  const endsAt = a.opened_at !== null && a.minutes !== null ? a.opened_at + a.minutes * MINUTE : null;
  const taken = kind === ActivityKind.CHECKIN ? a.checkins : kind === ActivityKind.QUIZ ? a.submissions : a.replies;
  return {
    id: a.id,
    classId: a.class_id,
    sectionId: a.section_id,
    sectionTitle: a.section_title,
    kind,
    title: a.title,
    content: a.content,
    state: a.state as ActivityRow['state'],
    minutes: a.minutes,
    lateMinutes: a.late_minutes,
    link: a.link,
    fileName: a.file_name,
    questionCount: quiz.questionCount(a),
    questionIds: teacher ? quiz.questionIds(a) : [],
    openedAt: a.opened_at === null ? null : Number(a.opened_at),
    closedAt: a.closed_at === null ? null : Number(a.closed_at),
    endsAt,
    lateUntil: endsAt === null ? null : endsAt + a.late_minutes * MINUTE,
    code: teacher && kind === ActivityKind.CHECKIN ? a.code : null,
    taken: Number(taken ?? 0),
    createdAt: Number(a.created_at),
  };
}

// ---- the teacher

/** The class's activities, by section when asked (the teacher's list: drafts and codes too). */
export async function teacherList(ctx: AppContext, cls: ClassThing, sectionId?: number): Promise<ActivityRow[]> {
  const rows = await q.listActivities(ctx.db, cls.classId, { sectionId });
  return rows.map((r) => present(r, true));
}

function flatten(nodes: SectionNode[], into: SectionNode[] = []): SectionNode[] {
  for (const n of nodes) {
    into.push(n);
    flatten(n.children, into);
  }
  return into;
}

/** The section's title when it belongs to the class's book; none given: no section. */
async function sectionOf(ctx: AppContext, actor: MemberActor, bookId: number, sectionId: number | null | undefined) {
  if (sectionId === null || sectionId === undefined) return { section_id: null, section_title: '' };
  const tree = await getSectionTree(ctx, actor, bookId).catch(() => []);
  const found = flatten(tree).find((s) => s.id === sectionId);
  if (!found) throw refused(ActivityMsg.SECTION_UNKNOWN);
  return { section_id: found.id, section_title: found.title.slice(0, 200) };
}

/** The kind's own fields, checked: minutes for a check-in, a link or file for material, questions for a quiz. */
async function kindFields(
  ctx: AppContext,
  actor: MemberActor,
  kind: ActivityKindValue,
  input: Omit<ActivityUpdate, 'id'>,
) {
  const fields = {
    content: input.content ?? '',
    minutes: null as number | null,
    late_minutes: 0,
    link: '',
    question_ids: '[]',
  };
  if (kind === ActivityKind.CHECKIN) {
    if (input.minutes === undefined) throw refused(ActivityMsg.MINUTES_RANGE);
    fields.minutes = input.minutes;
    fields.late_minutes = input.lateMinutes ?? 0;
  } else if (kind === ActivityKind.MATERIAL) {
    // The file comes through /upload after the save; opening needs a link or a file.
    fields.link = input.link ?? '';
  } else if (kind === ActivityKind.QUIZ) {
    const ids = [...new Set(input.questionIds ?? [])];
    if (ids.length === 0) throw refused(ActivityMsg.QUESTIONS_REQUIRED);
    await quiz.checkQuestions(ctx, actor, ids);
    fields.question_ids = JSON.stringify(ids);
  }
  return fields;
}

export async function create(
  ctx: AppContext,
  actor: MemberActor,
  cls: ClassThing,
  input: ActivityCreate,
): Promise<ActivityRow> {
  const now = activityClock(ctx).now();
  const row = {
    class_id: cls.classId,
    kind: input.kind,
    title: input.title,
    ...(await sectionOf(ctx, actor, cls.bookId, input.sectionId)),
    ...(await kindFields(ctx, actor, input.kind, input)),
    created_at: now,
    updated_at: now,
  };
  const { id } = await q.insertActivity(ctx.db, row);
  return present((await q.findActivity(ctx.db, id))!, true);
}

/** Edits a draft (an open or closed activity is what the students saw: it stays). */
export async function update(
  ctx: AppContext,
  actor: MemberActor,
  thing: ActivityThing,
  input: ActivityUpdate,
): Promise<ActivityRow> {
  const a = thing.activity;
  if (a.state !== ActivityState.DRAFT) throw refused(ActivityMsg.NOT_DRAFT);
  const set = {
    title: input.title,
    ...(input.sectionId !== undefined ? await sectionOf(ctx, actor, thing.bookId, input.sectionId) : {}),
    ...(await kindFields(ctx, actor, a.kind as ActivityKindValue, input)),
    updated_at: activityClock(ctx).now(),
  };
  if ((await q.updateInState(ctx.db, a.id, ActivityState.DRAFT, set)) === 0) throw refused(ActivityMsg.NOT_DRAFT);
  return present((await q.findActivity(ctx.db, a.id))!, true);
}

/** A check-in code: digits from the system's cryptographic random source. */
export function checkinCode(): string {
  let code = '';
  for (let i = 0; i < ActivityLimits.CODE_LENGTH; i += 1) code += String(randomInt(0, 10));
  return code;
}

/**
 * Opens a draft: a check-in gets its code and its minutes start, a quiz takes its questions' snapshots (later
 * edits in the bank do not change it). The class's students are told. A second press changes nothing.
 */
export async function open(ctx: AppContext, actor: MemberActor, thing: ActivityThing): Promise<ActivityRow> {
  const a = thing.activity;
  if (a.state !== ActivityState.DRAFT) throw refused(ActivityMsg.NOT_OPENABLE);
  const now = activityClock(ctx).now();
  const set: Parameters<typeof q.updateInState>[3] = { state: ActivityState.OPEN, opened_at: now, updated_at: now };
  if (a.kind === ActivityKind.CHECKIN) set.code = checkinCode();
  if (a.kind === ActivityKind.MATERIAL && !a.link && !a.file_key) throw refused(ActivityMsg.MATERIAL_REQUIRED);
  if (a.kind === ActivityKind.QUIZ) set.snapshots = await quiz.takeSnapshots(ctx, actor, a);
  if ((await q.updateInState(ctx.db, a.id, ActivityState.DRAFT, set)) === 0) throw refused(ActivityMsg.NOT_OPENABLE);
  const students = await approvedStudents(ctx, thing.classId);
  await notify(
    ctx,
    students.map((s) => ({
      member_id: s.memberId,
      type: 'class',
      title: ActivityMsg.NOTICE_OPENED(thing.className, ACTIVITY_KIND_LABEL[a.kind as ActivityKindValue], a.title),
      content: ActivityMsg.NOTICE_OPENED_BODY,
      link: `/my/classActivity?classId=${thing.classId}&id=${a.id}`,
    })),
    now,
  );
  return present((await q.findActivity(ctx.db, a.id))!, true);
}

/** Closes an open activity: check-ins and answers stop, a quiz's answers become visible to its students. */
export async function close(ctx: AppContext, thing: ActivityThing): Promise<ActivityRow> {
  const a = thing.activity;
  if (a.state === ActivityState.CLOSED) throw refused(ActivityMsg.ALREADY_CLOSED);
  if (a.state !== ActivityState.OPEN) throw refused(ActivityMsg.NOT_OPEN);
  const now = activityClock(ctx).now();
  await q.updateInState(ctx.db, a.id, ActivityState.OPEN, {
    state: ActivityState.CLOSED,
    closed_at: now,
    updated_at: now,
  });
  return present((await q.findActivity(ctx.db, a.id))!, true);
}

/** Deletes an activity with its check-ins, replies, submissions and file. */
export async function remove(ctx: AppContext, thing: ActivityThing): Promise<void> {
  await q.deleteActivity(ctx.db, thing.activity.id);
  if (thing.activity.file_key) await ctx.files.site.delete(thing.activity.file_key).catch(() => undefined);
}

/**
 * Copies an activity to another of the teacher's classes as a new draft: what was planned (title, text, minutes,
 * link, file, questions), never what happened (code, check-ins, replies, answers). The section stays when the
 * other class reads the same book.
 */
export async function copy(ctx: AppContext, thing: ActivityThing, target: ClassThing): Promise<ActivityRow> {
  if (target.classId === thing.classId) throw refused(ActivityMsg.COPY_SAME_CLASS);
  const a = thing.activity;
  const now = activityClock(ctx).now();
  let fileKey: string | null = null;
  if (a.file_key) {
    const bytes = await ctx.files.site.get(a.file_key);
    if (bytes) {
      fileKey = materialKey();
      await ctx.files.site.put(fileKey, bytes);
    }
  }
  const sameBook = target.bookId === thing.bookId;
  const { id } = await q.insertActivity(ctx.db, {
    class_id: target.classId,
    section_id: sameBook ? a.section_id : null,
    section_title: sameBook ? a.section_title : '',
    kind: a.kind,
    title: a.title,
    content: a.content,
    minutes: a.minutes,
    late_minutes: a.late_minutes,
    link: a.link,
    file_key: fileKey,
    file_name: fileKey ? a.file_name : '',
    question_ids: a.question_ids,
    created_at: now,
    updated_at: now,
  });
  return present((await q.findActivity(ctx.db, id))!, true);
}

/** The live view: who checked in and who not yet, the replies, a quiz's results. */
export async function live(ctx: AppContext, thing: ActivityThing): Promise<ActivityLive> {
  const a = thing.activity;
  const [students, rows] = await Promise.all([
    approvedStudents(ctx, thing.classId),
    q.listActivities(ctx.db, thing.classId),
  ]);
  const counted = rows.find((r) => r.id === a.id) ?? a;
  const names = new Map(students.map((s) => [s.memberId, s]));
  let checkins: CheckinRow[] = [];
  let absent: ActivityLive['absent'] = [];
  if (a.kind === ActivityKind.CHECKIN) {
    checkins = (await q.checkinsOf(ctx.db, a.id)).map((c) => ({
      memberId: c.memberId,
      name: names.get(c.memberId)?.name ?? '',
      studentId: names.get(c.memberId)?.studentId ?? '',
      status: c.status as CheckinRow['status'],
      at: Number(c.at),
    }));
    const arrived = new Set(checkins.map((c) => c.memberId));
    absent = students.filter((s) => !arrived.has(s.memberId));
  }
  return {
    activity: present(counted, true),
    studentCount: students.length,
    checkins,
    absent,
    replies: a.kind === ActivityKind.DISCUSSION ? await replies(ctx, thing, names) : [],
    quiz: a.kind === ActivityKind.QUIZ ? await quiz.results(ctx, a, names) : null,
  };
}

// ---- the students

/** The class's activities a student sees (never drafts), each with their own part. */
export async function studentList(ctx: AppContext, actor: MemberActor, cls: ClassThing): Promise<StudentActivityRow[]> {
  const rows = await q.listActivities(ctx.db, cls.classId, { published: true });
  const mine = await q.mineAmong(
    ctx.db,
    actor.memberId,
    rows.map((r) => r.id),
  );
  const checkins = new Map(mine.checkins.map((c) => [c.activityId, c.status]));
  const scores = new Map(mine.submissions.map((s) => [s.activityId, s.score]));
  return rows.map((r) => ({
    ...present(r, false),
    mine: {
      checkin: (checkins.get(r.id) as 'ontime' | 'late' | undefined) ?? null,
      submitted: scores.has(r.id),
      // The score shows once the quiz is closed, with its answers.
      score: r.state === ActivityState.CLOSED ? (scores.get(r.id) ?? null) : null,
    },
  }));
}

/** One activity as a student sees it: their part, the discussion, the quiz (answers only once closed). */
export async function studentDetail(
  ctx: AppContext,
  actor: MemberActor,
  thing: ActivityThing,
): Promise<StudentActivityDetail> {
  const a = thing.activity;
  if (a.state === ActivityState.DRAFT) throw notFound();
  const row = (await studentList(ctx, actor, thing)).find((r) => r.id === a.id);
  if (!row) throw notFound();
  const names = new Map((await approvedStudents(ctx, thing.classId)).map((s) => [s.memberId, s]));
  return {
    activity: row,
    replies: a.kind === ActivityKind.DISCUSSION ? await replies(ctx, thing, names) : [],
    quiz: a.kind === ActivityKind.QUIZ ? await quiz.forStudent(ctx, a, actor.memberId) : null,
  };
}

/**
 * A student checks in with the code. Told apart: not started, closed by the teacher, wrong code, expired (past
 * the on-time and late minutes), already checked in; within the minutes on time, within the grace minutes late.
 * One row per student: a guarded insert, so concurrent presses give one check-in.
 */
export async function checkin(
  ctx: AppContext,
  actor: MemberActor,
  thing: ActivityThing,
  code: string,
): Promise<{ status: 'ontime' | 'late'; at: number }> {
  const a = thing.activity;
  if (a.kind !== ActivityKind.CHECKIN) throw notFound();
  if (a.state === ActivityState.DRAFT) throw refused(ActivityMsg.CHECKIN_NOT_STARTED);
  if (a.state === ActivityState.CLOSED) throw refused(ActivityMsg.CHECKIN_CLOSED);
  const now = activityClock(ctx).now();
  const endsAt = Number(a.opened_at) + (a.minutes ?? 0) * MINUTE;
  const lateUntil = endsAt + a.late_minutes * MINUTE;
  if (code !== a.code) throw refused(ActivityMsg.CODE_WRONG);
  if (now > lateUntil) throw refused(ActivityMsg.CODE_EXPIRED);
  const status = now <= endsAt ? CheckinStatus.ON_TIME : CheckinStatus.LATE;
  const inserted = await q.insertCheckinOnce(ctx.db, { activityId: a.id, memberId: actor.memberId, status, now });
  if (!inserted) throw conflict(ActivityMsg.ALREADY_CHECKED_IN);
  return { status, at: now };
}

async function replies(
  ctx: AppContext,
  thing: ActivityThing,
  names: Map<number, { name: string }>,
): Promise<ReplyRow[]> {
  return (await q.repliesOf(ctx.db, thing.activity.id)).map((r) => ({
    id: r.id,
    memberId: r.memberId,
    name: r.memberId === thing.teacherId ? ActivityMsg.TEACHER_NAME : (names.get(r.memberId)?.name ?? ''),
    teacher: r.memberId === thing.teacherId,
    content: r.content,
    at: Number(r.at),
  }));
}

/**
 * Plain text of a reply: control characters other than line breaks go, at most two blank lines in a row. It is
 * kept and shown as text, never as HTML.
 */
export function plainText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A reply to an open discussion, by its teacher or one of its students. */
export async function reply(
  ctx: AppContext,
  actor: MemberActor,
  thing: ActivityThing,
  content: string,
): Promise<ReplyRow> {
  const a = thing.activity;
  if (a.kind !== ActivityKind.DISCUSSION) throw refused(ActivityMsg.NOT_DISCUSSION);
  if (a.state === ActivityState.CLOSED) throw refused(ActivityMsg.ALREADY_CLOSED);
  if (a.state !== ActivityState.OPEN) throw refused(ActivityMsg.NOT_OPEN);
  const text = plainText(content);
  if (!text) throw refused(ActivityMsg.REPLY_REQUIRED);
  // A reply is published to the class at once: it passes the content check first (spec §8), else the writer is
  // told why and keeps the text to change it.
  const problem = await contentAuditProblem(ctx, text);
  if (problem) throw refused(problem);
  const now = activityClock(ctx).now();
  const { id } = await q.insertReply(ctx.db, { activityId: a.id, memberId: actor.memberId, content: text, now });
  const teacher = actor.memberId === thing.teacherId;
  const name = teacher
    ? ActivityMsg.TEACHER_NAME
    : ((await approvedStudents(ctx, thing.classId)).find((s) => s.memberId === actor.memberId)?.name ?? '');
  return { id, memberId: actor.memberId, name, teacher, content: text, at: now };
}

export async function deleteReply(ctx: AppContext, replyId: number): Promise<void> {
  await q.deleteReply(ctx.db, replyId);
}

/** The stored name of a material's file: generated, never the uploader's (nor an image's). */
export function materialKey(): string {
  return `material-${randomUUID()}`;
}

/** A student answers an open quiz (once). */
export function answerQuiz(ctx: AppContext, actor: MemberActor, thing: ActivityThing, body: QuizAnswerBody) {
  if (thing.activity.kind !== ActivityKind.QUIZ) throw refused(ActivityMsg.NOT_QUIZ);
  return quiz.submit(ctx, actor, thing.activity, body, activityClock(ctx).now());
}
