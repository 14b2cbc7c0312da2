import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import { prepared } from '../../db/prepared.js';
import type { ClassesTable } from '../../db/tables/classes.js';

export type ClassRecord = NonNullable<Awaited<ReturnType<typeof findClass>>>;

function classesFrom(db: Db) {
  return db.selectFrom('classes as c');
}

/** A class with its book and college; `counts` adds the student and pending counts (lists, detail). */
function classColumns(query: ReturnType<typeof classesFrom>, counts = true) {
  return query
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .innerJoin('colleges as col', 'col.id', 'c.college_id')
    .select((eb) => [
      'c.id',
      'c.college_id as collegeId',
      'c.teacher_id as teacherId',
      'c.book_id as bookId',
      'b.title as bookName',
      'b.cover',
      'b.published as bookPublished',
      'c.name',
      'c.remark',
      'c.code',
      'c.code_open as codeOpen',
      'c.is_review as isReview',
      'c.start_time as startTime',
      'c.end_time as endTime',
      'c.created_at as createdAt',
      'col.name as collegeName',
      counts
        ? eb
            .selectFrom('class_students as s')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('s.class_id', '=', 'c.id')
            .where('s.status', '=', sql.lit(1))
            .as('studentCount')
        : sql<number>`0`.as('studentCount'),
      counts
        ? eb
            .selectFrom('class_students as s')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('s.class_id', '=', 'c.id')
            .where('s.status', '=', sql.lit(0))
            .as('pendingCount')
        : sql<number>`0`.as('pendingCount'),
    ]);
}

function classQuery(db: Db, counts = true) {
  return classColumns(classesFrom(db), counts);
}

/** A class by id, its SQL compiled once (`prepared`): every route about one class loads it first. */
const classById = prepared((db: Db, id: number) => classQuery(db).where('c.id', '=', id));

export async function findClass(db: Db, id: number) {
  return (await classById(db, id))[0];
}

/** The class of a code, without counts (the join path: cheap under a crowd of joins). */
export function findClassByCode(db: Db, code: string) {
  return classQuery(db, false).where('c.code', '=', code).executeTakeFirst();
}

export function insertClass(db: Db, row: Insertable<ClassesTable>) {
  return db.insertInto('classes').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateClass(db: Db, id: number, set: Updateable<ClassesTable>) {
  return db.updateTable('classes').set(set).where('id', '=', id).execute();
}

export function deleteClass(db: Db, id: number) {
  return db.deleteFrom('classes').where('id', '=', id).execute();
}

export interface ClassFilter {
  teacherId: number;
  collegeId: number;
  bookId?: number;
  name?: string;
}

/** The teacher's classes in the college (of a book, by name), without their columns. */
function filtered(db: Db, f: ClassFilter) {
  let q = classesFrom(db).where('c.teacher_id', '=', f.teacherId).where('c.college_id', '=', f.collegeId);
  if (f.bookId) q = q.where('c.book_id', '=', f.bookId);
  if (f.name) q = q.where('c.name', 'like', `%${f.name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  return q;
}

export function classPage(db: Db, f: ClassFilter, window: { offset: number; limit: number }) {
  return paged(filtered(db, f), window, (q) => classColumns(q).orderBy('c.id', 'desc'));
}

export function classesOf(db: Db, f: ClassFilter) {
  return classColumns(filtered(db, f)).orderBy('c.id', 'desc').execute();
}

/** A college's classes of a book (any teacher's), with the teacher's name and the approved students' count. */
export function classesOfCollegeBook(db: Db, collegeId: number, bookId: number) {
  return db
    .selectFrom('classes as c')
    .innerJoin('members as t', 't.id', 'c.teacher_id')
    .select((eb) => [
      'c.id',
      'c.name',
      eb.fn
        .coalesce(eb.fn<string | null>('nullif', [eb.ref('t.real_name'), eb.val('')]), 't.user_name')
        .as('teacherName'),
      eb
        .selectFrom('class_students as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.class_id', '=', 'c.id')
        .where('s.status', '=', 1)
        .as('studentCount'),
    ])
    .where('c.college_id', '=', collegeId)
    .where('c.book_id', '=', bookId)
    .orderBy('c.id', 'desc')
    .execute();
}

/** Books the teacher holds through a grant other than a class (sample, authorization, purchase, free). */
export function ownedBooks(db: Db, memberId: number, collegeId: number | null, now: number) {
  return db
    .selectFrom('shelf_entries as e')
    .innerJoin('books as b', 'b.id', 'e.book_id')
    .select(['b.id as bookId', 'b.title as bookName', 'b.cover'])
    .distinct()
    .where('e.member_id', '=', memberId)
    .where('e.source', '!=', 'class')
    .where('b.published', '=', 1)
    .where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)]))
    .where((eb) =>
      collegeId === null
        ? eb('e.college_id', 'is', null)
        : eb.or([eb('e.college_id', 'is', null), eb('e.college_id', '=', collegeId)]),
    )
    .execute();
}

export function classBookCounts(db: Db, teacherId: number, collegeId: number) {
  return db
    .selectFrom('classes as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select((eb) => ['b.id as bookId', 'b.title as bookName', 'b.cover', eb.fn.countAll<number>().as('classCount')])
    .where('c.teacher_id', '=', teacherId)
    .where('c.college_id', '=', collegeId)
    .groupBy(['b.id', 'b.title', 'b.cover'])
    .execute();
}

export function findBook(db: Db, id: number) {
  return db.selectFrom('books').select(['id', 'title', 'published']).where('id', '=', id).executeTakeFirst();
}

export function codeTaken(db: Db, code: string) {
  return db.selectFrom('classes').select('id').where('code', '=', code).executeTakeFirst();
}

// ---- students ----

export function findMembership(db: Db, classId: number, memberId: number) {
  return db
    .selectFrom('class_students')
    .selectAll()
    .where('class_id', '=', classId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/**
 * Adds students once each (a batch of joins): a student already in the class is left as they are (the unique
 * pair decides). Answers the rows made.
 */
export function insertMembershipsOnce(
  db: Db,
  classId: number,
  rows: { memberId: number; studentId: string; name: string; status: number }[],
  now: number,
) {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insertInto('class_students')
    .values(
      rows.map((r) => ({
        class_id: classId,
        member_id: r.memberId,
        student_id: r.studentId,
        name: r.name,
        status: r.status,
        created_at: now,
        reviewed_at: r.status === 1 ? now : null,
      })),
    )
    .onConflict((oc) => oc.columns(['class_id', 'member_id']).doNothing())
    .returning(['id', 'member_id as memberId'])
    .execute();
}

/** A rejected student asks again: back to the new status. Only a rejected row changes. */
export function reapply(db: Db, id: number, row: { studentId: string; name: string; status: number; now: number }) {
  return db
    .updateTable('class_students')
    .set({
      student_id: row.studentId,
      name: row.name,
      status: row.status,
      created_at: row.now,
      reviewed_at: row.status === 1 ? row.now : null,
    })
    .where('id', '=', id)
    .where('status', '=', 2)
    .executeTakeFirst();
}

export function findStudentRows(db: Db, ids: number[]) {
  return db
    .selectFrom('class_students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select([
      's.id',
      's.class_id as classId',
      's.member_id as memberId',
      's.status',
      'c.teacher_id as teacherId',
      'c.college_id as collegeId',
      'c.book_id as bookId',
      'c.name as className',
    ])
    .where('s.id', 'in', ids)
    .execute();
}

export interface StudentFilter {
  classId: number;
  status?: number;
  keyword?: string;
}

function studentsQuery(db: Db, f: StudentFilter) {
  let q = db.selectFrom('class_students as s').where('s.class_id', '=', f.classId);
  if (f.status !== undefined) q = q.where('s.status', '=', f.status);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) => eb.or([eb('s.student_id', 'like', like), eb('s.name', 'like', like)]));
  }
  return q;
}

const studentColumns = [
  's.id',
  's.class_id as classId',
  's.member_id as memberId',
  's.student_id as studentId',
  's.name',
  's.status',
  's.created_at as joinTime',
  's.reviewed_at as reviewTime',
] as const;

export function studentPage(db: Db, f: StudentFilter, window: { offset: number; limit: number }) {
  return paged(studentsQuery(db, f), window, (q) => q.select([...studentColumns]).orderBy('s.id', 'asc'));
}

export function allStudents(db: Db, f: StudentFilter) {
  return studentsQuery(db, f)
    .select([...studentColumns])
    .orderBy('s.id', 'asc')
    .execute();
}

export function updateStudent(db: Db, id: number, set: { student_id: string; name: string }) {
  return db.updateTable('class_students').set(set).where('id', '=', id).execute();
}

/** Decides pending rows only, so a row approved twice is approved (and notified) once. */
export function decidePending(db: Db, ids: number[], status: number, now: number) {
  return db
    .updateTable('class_students')
    .set({ status, reviewed_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 0)
    .returning(['id', 'member_id as memberId'])
    .execute();
}

export function deleteStudents(db: Db, ids: number[]) {
  return db.deleteFrom('class_students').where('id', 'in', ids).execute();
}

export function membersOfClass(db: Db, classId: number) {
  return db
    .selectFrom('class_students')
    .select(['member_id as memberId', 'status'])
    .where('class_id', '=', classId)
    .execute();
}

export function myClasses(db: Db, memberId: number, window: { offset: number; limit: number }) {
  const base = db
    .selectFrom('class_students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .innerJoin('colleges as col', 'col.id', 'c.college_id')
    .innerJoin('members as t', 't.id', 'c.teacher_id')
    .where('s.member_id', '=', memberId);
  return paged(base, window, (q) =>
    q
      .select([
        's.id',
        'c.id as classId',
        'c.name as className',
        'c.book_id as bookId',
        'b.title as bookName',
        'b.cover',
        sql<string>`case when t.real_name <> '' then t.real_name else t.user_name end`.as('teacherName'),
        'col.name as collegeName',
        'c.college_id as collegeId',
        'c.teacher_id as teacherId',
        's.status',
        'c.start_time as startTime',
        'c.end_time as endTime',
        's.created_at as joinTime',
      ])
      .orderBy('s.id', 'desc'),
  );
}

/** The member's classes of a book, as student (any status given) or as teacher. */
export function studentClassesOfBook(db: Db, memberId: number, bookId: number, statuses: number[]) {
  return db
    .selectFrom('class_students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['c.id', 'c.name', 'c.book_id as bookId'])
    .where('s.member_id', '=', memberId)
    .where('c.book_id', '=', bookId)
    .where('s.status', 'in', statuses)
    .orderBy('c.id', 'desc')
    .execute();
}

export function collegeMembership(db: Db, memberId: number, collegeId: number) {
  return db
    .selectFrom('college_members')
    .select(['id', 'student_id as studentId', 'real_name as realName', 'roles'])
    .where('member_id', '=', memberId)
    .where('college_id', '=', collegeId)
    .executeTakeFirst();
}

/**
 * What a join needs to know of the member, in one read: the names the platform and the class's college know them
 * by, and their row in the class (if any).
 */
function joinFactsSelect(db: Db, collegeId: number, classId: number) {
  return db
    .selectFrom('members as m')
    .leftJoin('college_members as cm', (join) =>
      join.onRef('cm.member_id', '=', 'm.id').on('cm.college_id', '=', collegeId),
    )
    .leftJoin('class_students as s', (join) => join.onRef('s.member_id', '=', 'm.id').on('s.class_id', '=', classId))
    .select([
      'm.id as memberId',
      'm.student_id as memberStudentId',
      'm.real_name as memberName',
      'cm.id as membershipId',
      'cm.student_id as membershipStudentId',
      'cm.real_name as membershipName',
      's.id as rowId',
      's.status as rowStatus',
    ]);
}

/** One member's: the usual case, its SQL compiled once (`prepared`). */
const joinFactsOfOne = prepared((db: Db, memberId: number, collegeId: number, classId: number) =>
  joinFactsSelect(db, collegeId, classId).where('m.id', '=', memberId),
);

/** The facts of many members joining one class at the same moment, by member id. */
export async function joinFacts(db: Db, memberIds: number[], collegeId: number, classId: number) {
  const rows =
    memberIds.length === 1
      ? await joinFactsOfOne(db, memberIds[0]!, collegeId, classId)
      : await joinFactsSelect(db, collegeId, classId).where('m.id', 'in', memberIds).execute();
  return new Map(rows.map((r) => [r.memberId, r]));
}

/**
 * Sets the college's student id and name of some memberships (a batch of joins), in one statement: the rows
 * joined from a list of values. (A `case id when … then …` per column took SQLite about 50 ms to prepare for a
 * batch of 500, and was evaluated branch by branch for every row.)
 */
export async function setMembershipIdentities(db: Db, rows: { id: number; studentId: string; name: string }[]) {
  if (!rows.length) return;
  const values = sql.join(
    rows.map((r) => sql`(cast(${r.id} as bigint), cast(${r.studentId} as text), cast(${r.name} as text))`),
  );
  await sql`with v (id, student_id, real_name) as (values ${values})
    update college_members set student_id = v.student_id, real_name = v.real_name
    from v where college_members.id = v.id`.execute(db);
}

/** Approved students of some classes, with the names they joined under (reports). */
export function rosters(db: Db, classIds: number[]) {
  if (!classIds.length) return Promise.resolve([]);
  return db
    .selectFrom('class_students')
    .select(['class_id as classId', 'member_id as memberId', 'name', 'student_id as studentId'])
    .where('class_id', 'in', classIds)
    .where('status', '=', 1)
    .orderBy('class_id')
    .orderBy('student_id')
    .orderBy('id')
    .execute();
}

// ---- rosters (for homework and reports) ----

/** A class's approved students with the name and student number they joined with. */
export function approvedStudents(db: Db, classId: number) {
  return db
    .selectFrom('class_students')
    .select(['member_id as memberId', 'name', 'student_id as studentId'])
    .where('class_id', '=', classId)
    .where('status', '=', 1)
    .orderBy('student_id')
    .orderBy('id')
    .execute();
}

/** Classes by teacher, college and book, without counts (reports). */
export function classesWhere(db: Db, f: { teacherId?: number; collegeId?: number; bookId?: number }) {
  return classQuery(db, false)
    .$if(f.teacherId !== undefined, (q) => q.where('c.teacher_id', '=', f.teacherId!))
    .$if(f.collegeId !== undefined, (q) => q.where('c.college_id', '=', f.collegeId!))
    .$if(f.bookId !== undefined, (q) => q.where('c.book_id', '=', f.bookId!))
    .orderBy('c.id')
    .execute();
}

/** The classes a member studies in (approved), with their book. */
/** The classes a member is an approved student of, its SQL compiled once (`prepared`: a student's lists). */
export const approvedClassesOf = prepared((db: Db, memberId: number) =>
  db
    .selectFrom('class_students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.id', 'c.name', 'c.book_id as bookId', 'b.title as bookName', 'c.teacher_id as teacherId'])
    .where('s.member_id', '=', memberId)
    .where('s.status', '=', sql.lit(1)),
);
