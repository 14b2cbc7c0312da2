import {
  formatClassTime,
  HOMEWORK_NOTICE_TYPE,
  HOMEWORK_REMIND_HOURS,
  HomeworkMsg,
  JobLabels,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { classRoster } from '../classes/index.js';
import { notify } from '../notice/index.js';
import * as q from './queries.js';
import { nowOf, num } from './records.js';

/** The reminder job: the students who have not submitted are told some hours before the deadline. */

/** Reminds, once per homework, the students who have not submitted it some hours before its deadline. */
export async function remindDue(ctx: AppContext, now = nowOf(ctx)): Promise<number> {
  let told = 0;
  for (const hw of await q.dueForReminder(ctx.db, now, HOMEWORK_REMIND_HOURS * 3_600_000)) {
    if (now < num(hw.openAt)) continue;
    if (!(await q.claimReminder(ctx.db, hw.id, now))) continue;
    const done = new Set((await q.submittedMembers(ctx.db, hw.id)).map((s) => Number(s.memberId)));
    const waiting = (await classRoster(ctx, hw.classId)).filter((s) => !done.has(Number(s.memberId)));
    await notify(
      ctx,
      waiting.map((s) => ({
        member_id: Number(s.memberId),
        type: HOMEWORK_NOTICE_TYPE,
        title: HomeworkMsg.NOTICE_EXPIRE(hw.title),
        content: HomeworkMsg.NOTICE_EXPIRE_BODY(formatClassTime(num(hw.dueAt))),
        book_id: hw.bookId,
        link: `/my/homeworkAnswer?id=${hw.id}`,
      })),
      now,
    );
    told += waiting.length;
  }
  return told;
}

/** Starts the reminder job with the app (every minute); `close` stops it (called when the app closes). */
export function startReminderJob(
  ctx: AppContext,
  log: { warn: (obj: object, msg: string) => void },
  everyMs = 60_000,
): { close: () => void } {
  return ctx.jobs.add(
    { name: 'homework.remind', label: JobLabels['homework.remind'], everyMs },
    () => remindDue(ctx),
    (err) => log.warn({ err }, 'homework reminders failed'),
  );
}
