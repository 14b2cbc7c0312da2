// The main reads of the teaching domains (issue 21: "a bench figure for each new domain's main read"), against
// hello as every API row (DESIGN.md §8: ≥ 0.5×, p99 ≤ 50 ms), on a world of realistic size written into the bench
// server's database before they run:
// - the teacher's homework list of a class (GET /api/homework/teacher/listByChapter, every chapter): 30 released
//   homework in a class of 50 students, most of it handed in (report-homework.ts, through the homework services);
// - a student's homework list (GET /api/homework/student/list, first page of 10) in that class;
// - the college administrator's college books (GET /api/collegeBook/page, first page of 10) of a college with
//   200 books whose seats were bought and partly given (through the college's seat service).
// `npm run bench -- --only homework` (or `--only "college books"`) runs only these, plus hello.
import path from 'node:path';
import { appContext, buildApp } from '../server/src/app.js';
import { openDatabase } from '../server/src/db/connection.js';
import { seedCollegeSeats } from '../server/src/modules/college/index.js';
import { openSession } from '../server/src/modules/session/index.js';
import { buildCollege, buildMember } from '../server/test/factories.js';
import {
  benchAppConfig,
  judge,
  type BenchContext,
  type EndpointSpec,
  type Measurement,
  type MeasurementResult,
} from './lib.js';
import { insertAll, insertBenchBook, random } from './report-data.js';
import { generateHomework } from './report-homework.js';

const STUDENTS = 50;
const HOMEWORK = 30;
const COLLEGE_BOOKS = 200;
const DAY = 86_400_000;
const BUDGET = { minRatio: 0.5, maxP99Ms: 50 };

interface TeachingWorld {
  classId: number;
  teacherToken: string;
  studentToken: string;
  adminToken: string;
  submitted: number;
}

let prepared: Promise<TeachingWorld> | undefined;

/**
 * The world, written once per run into the bench server's SQLite file by an app of this process built on the same
 * file (the services need an app's context). The server caches nothing of it yet: new members, a new college.
 */
function prepare(ctx: Pick<BenchContext, 'dataDir'>): Promise<TeachingWorld> {
  prepared ??= (async () => {
    const database = openDatabase(path.join(ctx.dataDir, 'platform.db'));
    const config = benchAppConfig({ DATA_DIR: ctx.dataDir });
    const app = await buildApp({ config, database });
    try {
      const appCtx = appContext(app);
      const db = database.db;
      const now = Date.now();
      const college = await buildCollege(db, '基准教学学院');
      const teacher = await buildMember(db, { college, roles: '2' });
      const admin = await buildMember(db, { college, roles: '1' });
      const students = [];
      for (let i = 0; i < STUDENTS; i += 1) students.push(await buildMember(db, { college, roles: '3' }));
      const { bookId, sectionIds } = await insertBenchBook(db, `urn:bench:teaching:${now}`, '作业基准教材');
      // Term started 60 days ago; the last homework is still open (or not yet), the rest past their deadline.
      const from = now - 60 * DAY;
      const { id: classId } = await db
        .insertInto('classes')
        .values({
          college_id: college.id,
          teacher_id: teacher.id,
          book_id: bookId,
          name: '作业基准班',
          code: `BH${now % 1_000_000}`,
          is_review: '1',
          start_time: from,
          end_time: now + 60 * DAY,
          created_at: from,
          updated_at: from,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertAll(
        db,
        'class_students',
        students.map((s, i) => ({
          class_id: classId,
          member_id: s.id,
          student_id: `H${String(i).padStart(4, '0')}`,
          name: `作业学生${i}`,
          status: 1,
          created_at: from,
          reviewed_at: from,
        })),
      );
      const { submitted } = await generateHomework(appCtx, {
        collegeId: college.id,
        teacherId: teacher.id,
        bookId,
        sectionIds,
        classes: [{ id: classId, memberIds: students.map((s) => s.id) }],
        from,
        days: 70,
        rnd: random(21),
        perClass: HOMEWORK,
      });

      // The college's books: each bought (60 to 260 seats), a few of its students holding one.
      const rnd = random(16);
      await insertAll(
        db,
        'books',
        Array.from({ length: COLLEGE_BOOKS }, (_, i) => ({
          identifier: `urn:bench:college-books:${now}:${i}`,
          title: `院校基准教材${String(i + 1).padStart(3, '0')}`,
          published: 1,
          created_at: now,
          updated_at: now,
        })),
      );
      const books = await db
        .selectFrom('books')
        .select('id')
        .where('identifier', 'like', `urn:bench:college-books:${now}:%`)
        .execute();
      for (const book of books) {
        const holders = students.filter(() => rnd() < 0.1).map((s) => s.id);
        await seedCollegeSeats(appCtx, {
          collegeId: college.id,
          bookId: book.id,
          seats: 60 + Math.floor(rnd() * 200),
          memberIds: holders,
          reason: '基准采购',
        });
      }
      return {
        classId,
        teacherToken: await openSession(db, teacher.id),
        studentToken: await openSession(db, students[0]!.id),
        adminToken: await openSession(db, admin.id),
        submitted,
      };
    } finally {
      await app.close();
      await database.close();
    }
  })();
  return prepared;
}

/**
 * One row pair (× the bare route, p99) for an endpoint, after checking that it answers the world it was given. The
 * bare route is hello, or a bare route sending the same answer when that is slower (an answer of kilobytes: moving
 * its bytes sets the pace, as for the chapter API in reader.ts). Hello is measured just before and just after the
 * row (their mean): on a machine shared with other work the pace drifts within a run, and one hello at the start of
 * the run is no yardstick for rows a minute later.
 */
async function measure(
  ctx: BenchContext,
  spec: EndpointSpec & { name: string },
  check: (data: unknown) => boolean,
): Promise<MeasurementResult[]> {
  const text = await (await fetch(ctx.baseURL + spec.url, { headers: spec.headers })).text();
  const probe = JSON.parse(text) as { code: number; data: unknown };
  if (probe.code !== 200 || !check(probe.data)) {
    throw new Error(`${spec.name} answered ${JSON.stringify(probe).slice(0, 300)}`);
  }
  const hello = () => ctx.measureEndpoint({ name: 'hello', url: '/bench/hello', budget: false });
  const before = await hello();
  const r = await ctx.measureEndpoint({ ...spec, budget: BUDGET });
  const same = await ctx.measureEndpoint({
    name: 'the same answer, bare',
    url: `/bench/same?path=${encodeURIComponent(spec.url)}`,
    headers: spec.headers,
    budget: false,
  });
  const after = await hello();
  const helloRps = (before.reqPerSec + after.reqPerSec) / 2;
  // The yardstick: hello, or a bare route sending the same bytes when moving them is slower than that.
  const bare = Math.min(helloRps, same.reqPerSec);
  const ratio = Math.round((r.reqPerSec / bare) * 100) / 100;
  const clean = r.notes.length === 0;
  const detail = {
    reqPerSec: r.reqPerSec,
    p50Ms: r.p50Ms,
    bytes: Buffer.byteLength(text),
    helloRps: [before.reqPerSec, after.reqPerSec],
    sameAnswerRps: same.reqPerSec,
    notes: r.notes,
  };
  return [
    {
      name: `${spec.name}: bare route sending the same ${Buffer.byteLength(text)} bytes × hello`,
      value: Math.round((same.reqPerSec / helloRps) * 100) / 100,
      unit: 'ratio',
      budget: 0,
      limit: 'min',
      pass: true,
      detail: { reqPerSec: same.reqPerSec, p99Ms: same.p99Ms },
    },
    {
      name: `${spec.name}: × bare route`,
      value: ratio,
      unit: 'ratio',
      budget: BUDGET.minRatio,
      limit: 'min',
      pass: clean && judge(ratio, BUDGET.minRatio, 'min'),
      detail,
    },
    {
      name: `${spec.name}: p99`,
      value: r.p99Ms,
      unit: 'ms',
      budget: BUDGET.maxP99Ms,
      limit: 'max',
      pass: clean && judge(r.p99Ms, BUDGET.maxP99Ms, 'max'),
    },
  ];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const measurements: Measurement[] = [
  {
    name: 'teaching reads: homework lists, college books',
    async run(ctx) {
      const world = await prepare(ctx);
      const list = (data: unknown) => data as unknown[];
      const page = (data: unknown) => data as { rows: unknown[]; total: number };
      return [
        ...(await measure(
          ctx,
          {
            name: `homework: the teacher's list of a class (${HOMEWORK} homework, ${STUDENTS} students, ${world.submitted} handed in)`,
            url: `/api/homework/teacher/listByChapter?classId=${world.classId}`,
            headers: bearer(world.teacherToken),
          },
          (data) => list(data).length === HOMEWORK,
        )),
        ...(await measure(
          ctx,
          {
            name: `homework: a student's list (first page of ${HOMEWORK})`,
            url: '/api/homework/student/list?pageNum=1&pageSize=10',
            headers: bearer(world.studentToken),
          },
          (data) => page(data).total === HOMEWORK && page(data).rows.length === 10,
        )),
        ...(await measure(
          ctx,
          {
            name: `college books: the administrator's page (first of ${COLLEGE_BOOKS} books)`,
            url: '/api/collegeBook/page?pageNum=1&pageSize=10',
            headers: bearer(world.adminToken),
          },
          (data) => page(data).total === COLLEGE_BOOKS && page(data).rows.length === 10,
        )),
      ];
    },
  },
];
