// The homework of the reports' bench data (issue 18): each class gets released homework across the 90 days and
// most of its students submit it, through the homework and question-bank services the routes call (the teacher
// saves two questions, saves and releases each homework; students submit, graded on submit). The homework clock
// is moved to each step's time, as the module's tests do, so the work lies inside the report's range.
import { formatClassTime, homeworkSave, questionSave, type HomeworkAnswers } from '@textbook/contracts';
import type { MemberActor } from '../server/src/http/actor.js';
import type { AppContext } from '../server/src/http/context.js';
import { homeworkClock } from '../server/src/modules/homework/index.js';
import { teacherInfo } from '../server/src/modules/homework/marking.js';
import { loadClass, loadHomework } from '../server/src/modules/homework/records.js';
import { studentSubmit } from '../server/src/modules/homework/student.js';
import { releaseHomework, saveHomework } from '../server/src/modules/homework/teacher.js';
import { saveQuestion } from '../server/src/modules/questionBank/service.js';
import { parseRoles } from '../server/src/modules/session/index.js';

const DAY = 86_400_000;
/** Homework per class (unless the world says), spread over the days; each is open for a week. */
const PER_CLASS = 3;
const OPEN_DAYS = 7;

export interface HomeworkWorld {
  collegeId: number;
  teacherId: number;
  bookId: number;
  /** The book's sections (the homework is set on them), first to last. */
  sectionIds: number[];
  /** Each class and its students (member ids). */
  classes: { id: number; memberIds: number[] }[];
  /** The first day's start (epoch ms) and how many days the data covers. */
  from: number;
  days: number;
  rnd: () => number;
  /** Homework per class; default 3. */
  perClass?: number;
}

const member = (memberId: number, collegeId: number, roles: string): MemberActor => ({
  kind: 'member',
  memberId,
  sessionId: 0,
  collegeId,
  roles: parseRoles(roles),
});

/** Sets and releases the classes' homework and submits most students' answers; answers how many were submitted. */
export async function generateHomework(
  ctx: AppContext,
  w: HomeworkWorld,
): Promise<{ homework: number; submitted: number }> {
  const clock = homeworkClock(ctx);
  const teacher = member(w.teacherId, w.collegeId, '2');
  const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, html: `<p>选项${key}</p>` }));
  const single = await saveQuestion(
    ctx,
    teacher,
    questionSave.parse({ type: 'single', stem: '<p>选出正确的一项</p>', options, answer: 'B', analysis: '选B' }),
  );
  const judge = await saveQuestion(
    ctx,
    teacher,
    questionSave.parse({ type: 'judge', stem: '<p>极限存在则唯一</p>', answer: true, analysis: '对' }),
  );
  const perClass = w.perClass ?? PER_CLASS;
  let homework = 0;
  let submitted = 0;
  try {
    for (const cls of w.classes) {
      const facts = await loadClass(ctx, cls.id);
      for (let k = 0; k < perClass; k++) {
        const openAt = w.from + Math.floor(((k + 0.2) * (w.days - OPEN_DAYS)) / perClass) * DAY + 8 * 3_600_000;
        const dueAt = openAt + OPEN_DAYS * DAY;
        clock.now = () => openAt;
        const section = w.sectionIds[Math.floor((k * w.sectionIds.length) / perClass)]!;
        const draft = await saveHomework(
          ctx,
          teacher,
          facts,
          homeworkSave.parse({
            classId: cls.id,
            sectionId: section,
            title: `第${k + 1}次作业`,
            description: '',
            openTime: formatClassTime(openAt),
            dueTime: formatClassTime(dueAt),
            lateRule: 'none',
            lateDeduct: 0,
            items: [
              { questionId: single.id, score: 6 },
              { questionId: judge.id, score: 4 },
            ],
          }),
        );
        const released = await loadHomework(
          ctx,
          (await releaseHomework(ctx, teacher, await loadHomework(ctx, draft.id))).id,
        );
        homework += 1;
        const items = (await teacherInfo(ctx, released)).questions;
        const itemOf = (type: string) => String(items.find((x) => x.question.type === type)!.itemId);
        for (const memberId of cls.memberIds) {
          if (w.rnd() < 0.2) continue; // a fifth never hand it in
          const at = openAt + Math.floor(w.rnd() * (dueAt - openAt - 3_600_000));
          if (at > Date.now()) continue; // homework still open: not handed in yet
          clock.now = () => at;
          const answers: HomeworkAnswers = {
            [itemOf('single')]: w.rnd() < 0.7 ? 'B' : 'C',
            [itemOf('judge')]: w.rnd() < 0.8,
          };
          await studentSubmit(ctx, member(memberId, w.collegeId, '3'), released, answers);
          submitted += 1;
        }
      }
    }
  } finally {
    clock.now = () => Date.now();
  }
  return { homework, submitted };
}
