import { z } from 'zod';
import { formatClassTime, parseClassTime } from './dates.js';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';
import { QUESTION_TYPES } from './questions.js';

/** Messages of homework (issue 17; the spec shows none, so these are ours). */
export const HomeworkMsg = {
  CLASS_REQUIRED: '请选择班级',
  SECTION_REQUIRED: '请选择章节',
  TIMES_REQUIRED: '请选择开放与截止时间',
  DEDUCT_REQUIRED: '请填写扣分比例',
  SECTION_UNKNOWN: '所选章节不属于该班级的教材',
  TITLE_REQUIRED: '请填写作业名称',
  TITLE_MAX: '作业名称不能超过50个字',
  DESCRIPTION_MAX: '作业说明不能超过500个字',
  TIME_FORMAT: '时间格式应为yyyy-MM-dd HH:mm（北京时间）',
  DUE_AFTER_OPEN: '截止时间须晚于开放时间',
  DEDUCT_RANGE: '迟交扣分比例须为1到100之间的整数',
  QUESTIONS_REQUIRED: '请至少添加一道题目',
  QUESTIONS_MAX: '一份作业最多100道题目',
  QUESTION_TWICE: '同一道题目不能重复添加',
  SCORE_RANGE: '每题分值须为0.5到100之间，最多一位小数',
  DRAW_COUNT: '抽题数量须为1到50之间的整数',
  QUESTION_UNKNOWN: '题目不存在或不在您的题库中',
  RELEASED_LOCKED: '作业已发布，题目和分值不能再修改',
  ALREADY_RELEASED: '作业已发布',
  DELETE_CONFIRM: '已有学生提交该作业，删除后提交记录将一并删除，确定删除吗？',
  NOT_OPEN: '作业尚未开放',
  CLOSED: '作业已截止，不接受迟交',
  SUBMITTED: '作业已提交，不能再修改',
  SUBMIT_OK: '提交成功',
  SAVED: '已保存',
  ANSWER_TOO_LONG: '答案过长',
  NOT_SUBMITTED: '该学生尚未提交作业',
  REVIEW_ITEM_UNKNOWN: '批阅的题目不属于该作业',
  REVIEW_SCORE_RANGE: '得分须在0到该题分值之间',
  COMMENT_MAX: '评语不能超过500个字',
  LATE_RULE_NONE: '不接受迟交',
  LATE_RULE_DEDUCT: '允许迟交，按比例扣分',
  NOTICE_RELEASED: (title: string) => `新作业：${title}`,
  NOTICE_RELEASED_BODY: (className: string, due: string) =>
    `班级「${className}」布置了新作业，截止时间${due}（北京时间），请按时完成。`,
  NOTICE_EXPIRE: (title: string) => `作业即将截止：${title}`,
  NOTICE_EXPIRE_BODY: (due: string) => `该作业将于${due}（北京时间）截止，您还没有提交，请尽快完成。`,
  NOTICE_REVIEWED: (title: string) => `作业已批阅：${title}`,
  NOTICE_REVIEWED_BODY: (score: string) => `您的得分：${score}分。`,
} as const;

/** The notice type homework notices carry in the notice centre. */
export const HOMEWORK_NOTICE_TYPE = 'homework';

/** A homework's state: a draft only the teacher sees, or released to the class. */
export const HomeworkStatus = { DRAFT: 0, RELEASED: 1 } as const;
/** A student's submission: answers being written (a draft), submitted, reviewed by the teacher. */
export const SubmissionStatus = { DRAFT: 0, SUBMITTED: 1, REVIEWED: 2 } as const;
export const SUBMISSION_STATUS_LABEL: Record<number, string> = { 0: '未提交', 1: '已提交', 2: '已批阅' };

/** What happens to work handed in after the deadline. */
export const LATE_RULES = ['none', 'deduct'] as const;
export type LateRule = (typeof LATE_RULES)[number];

/** How many hours before the deadline students who have not submitted are reminded (once). */
export const HOMEWORK_REMIND_HOURS = 24;

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });
const optionalId = id.optional();

/** A China wall-clock time `yyyy-MM-dd HH:mm`, read as epoch milliseconds. */
const chinaTime = z
  .string({ error: HomeworkMsg.TIME_FORMAT })
  .refine((text) => parseClassTime(text) !== null, { error: HomeworkMsg.TIME_FORMAT });

/** Limits of a homework's form and answers (issue 17). */
export const HomeworkLimits = {
  TITLE_MAX: 50,
  DESCRIPTION_MAX: 500,
  /** A teacher's comment on one answer, and on the whole submission. */
  COMMENT_MAX: 500,
  /** A written answer, one blank's answer, and how many blanks (or choices) one answer lists. */
  ANSWER_MAX: 5000,
  BLANK_MAX: 1000,
  ANSWER_LIST_MAX: 50,
  /** A question's score in the homework (halves allowed). */
  SCORE: { min: 0.5, max: 100 },
  /** Questions drawn at random from one group. */
  DRAW_COUNT: { min: 1, max: 50 },
  /** The percent a late submission loses, when the teacher sets one (0, the default, is no deduction). */
  LATE_DEDUCT: { min: 1, max: 100 },
} as const;

const score = z
  .number({ error: HomeworkMsg.SCORE_RANGE })
  .min(HomeworkLimits.SCORE.min, { error: HomeworkMsg.SCORE_RANGE })
  .max(HomeworkLimits.SCORE.max, { error: HomeworkMsg.SCORE_RANGE })
  .refine((n) => Number.isInteger(n * 10), { error: HomeworkMsg.SCORE_RANGE });

export const homeworkItemInput = z.object({ questionId: id, score });
export const homeworkDrawInput = z.object({
  /** The group (with its subgroups); null or absent: the whole bank. */
  groupId: id.nullable().optional(),
  type: z.enum(QUESTION_TYPES, { error: Msg.BAD_REQUEST }),
  count: z.coerce
    .number({ error: HomeworkMsg.DRAW_COUNT })
    .int({ error: HomeworkMsg.DRAW_COUNT })
    .min(HomeworkLimits.DRAW_COUNT.min, { error: HomeworkMsg.DRAW_COUNT })
    .max(HomeworkLimits.DRAW_COUNT.max, { error: HomeworkMsg.DRAW_COUNT }),
  score,
});

const homeworkFields = {
  sectionId: z.coerce
    .number({ error: HomeworkMsg.SECTION_REQUIRED })
    .int({ error: HomeworkMsg.SECTION_REQUIRED })
    .positive({
      error: HomeworkMsg.SECTION_REQUIRED,
    }),
  title: z
    .string({ error: HomeworkMsg.TITLE_REQUIRED })
    .trim()
    .min(1, { error: HomeworkMsg.TITLE_REQUIRED })
    .max(HomeworkLimits.TITLE_MAX, { error: HomeworkMsg.TITLE_MAX }),
  description: z
    .string({ error: Msg.BAD_REQUEST })
    .max(HomeworkLimits.DESCRIPTION_MAX, { error: HomeworkMsg.DESCRIPTION_MAX })
    .default(''),
  openTime: chinaTime,
  dueTime: chinaTime,
  lateRule: z.enum(LATE_RULES, { error: Msg.BAD_REQUEST }).default('none'),
  /** Percent taken off a late submission's score (lateRule 'deduct'). */
  lateDeduct: z.coerce
    .number({ error: HomeworkMsg.DEDUCT_RANGE })
    .int({ error: HomeworkMsg.DEDUCT_RANGE })
    .min(0, { error: HomeworkMsg.DEDUCT_RANGE })
    .max(HomeworkLimits.LATE_DEDUCT.max, { error: HomeworkMsg.DEDUCT_RANGE })
    .default(0),
  /** Questions picked from the bank, each with its score. */
  items: z
    .array(homeworkItemInput, { error: Msg.BAD_REQUEST })
    .max(100, { error: HomeworkMsg.QUESTIONS_MAX })
    .default([]),
  /** Questions drawn at random when saved: `count` questions of `type` from the group, each worth `score`. */
  draws: z.array(homeworkDrawInput, { error: Msg.BAD_REQUEST }).max(20, { error: Msg.BAD_REQUEST }).default([]),
};

function timesInOrder(v: { openTime: string; dueTime: string; lateRule: LateRule; lateDeduct: number }) {
  return (parseClassTime(v.dueTime) ?? 0) > (parseClassTime(v.openTime) ?? 0);
}
const deductGiven = (v: { lateRule: LateRule; lateDeduct: number }) => v.lateRule === 'none' || v.lateDeduct >= 1;

export const homeworkSave = z
  .object({
    classId: z.coerce
      .number({ error: HomeworkMsg.CLASS_REQUIRED })
      .int({ error: HomeworkMsg.CLASS_REQUIRED })
      .positive({ error: HomeworkMsg.CLASS_REQUIRED }),
    ...homeworkFields,
  })
  .refine(timesInOrder, { error: HomeworkMsg.DUE_AFTER_OPEN, path: ['dueTime'] })
  .refine(deductGiven, { error: HomeworkMsg.DEDUCT_RANGE, path: ['lateDeduct'] });
export type HomeworkSave = z.infer<typeof homeworkSave>;

/** An edit: a draft changes anything; released homework only its title, description, times and late rule. */
export const homeworkUpdate = z
  .object({ id, ...homeworkFields, items: homeworkFields.items.optional(), draws: homeworkFields.draws.optional() })
  .refine(timesInOrder, { error: HomeworkMsg.DUE_AFTER_OPEN, path: ['dueTime'] })
  .refine(deductGiven, { error: HomeworkMsg.DEDUCT_RANGE, path: ['lateDeduct'] });
export type HomeworkUpdate = z.infer<typeof homeworkUpdate>;

export const homeworkIdQuery = z.object({ id });
export const homeworkIdParams = z.object({ id });
export const homeworkDeleteQuery = z.object({
  /** 1: delete released homework although students have submitted it (after the 601 question). */
  confirm: z.enum(['0', '1'], { error: Msg.BAD_REQUEST }).optional(),
});
export const homeworkReleaseBody = z.object({ id });

export const teacherChapterQuery = z.object({ classId: id, sectionId: optionalId });
export const teacherTimeQuery = pageQuery.extend({
  classId: optionalId,
  from: chinaTime.optional(),
  to: chinaTime.optional(),
});
export const sectionTreeQuery = z.object({ bookId: id, classId: optionalId });
export const studentChapterQuery = z.object({ bookId: id, sectionId: optionalId });
export const studentListQuery = pageQuery.extend({
  /** todo: not submitted and still open; done: submitted. */
  state: z.enum(['todo', 'done'], { error: Msg.BAD_REQUEST }).optional(),
});

/** One answer: a choice letter or text, or a list (choices, blanks). */
export const answerValue = z.union([
  z.string({ error: Msg.BAD_REQUEST }).max(HomeworkLimits.ANSWER_MAX, { error: HomeworkMsg.ANSWER_TOO_LONG }),
  z
    .array(z.string({ error: Msg.BAD_REQUEST }).max(HomeworkLimits.BLANK_MAX, { error: HomeworkMsg.ANSWER_TOO_LONG }), {
      error: Msg.BAD_REQUEST,
    })
    .max(HomeworkLimits.ANSWER_LIST_MAX, { error: HomeworkMsg.ANSWER_TOO_LONG }),
  z.boolean({ error: Msg.BAD_REQUEST }),
]);
export type AnswerValue = z.infer<typeof answerValue>;
/** The answers by item id. */
export const homeworkAnswers = z.record(z.string().regex(/^\d{1,12}$/, { error: Msg.BAD_REQUEST }), answerValue, {
  error: Msg.BAD_REQUEST,
});
export type HomeworkAnswers = z.infer<typeof homeworkAnswers>;
export const studentSaveBody = z.object({ id, answers: homeworkAnswers });
export const studentSubmitBody = z.object({ id, answers: homeworkAnswers.optional() });

export const reviewBody = z.object({
  items: z
    .array(
      z.object({
        itemId: id,
        score: z.number({ error: HomeworkMsg.REVIEW_SCORE_RANGE }).min(0, { error: HomeworkMsg.REVIEW_SCORE_RANGE }),
        comment: z
          .string({ error: Msg.BAD_REQUEST })
          .max(HomeworkLimits.COMMENT_MAX, { error: HomeworkMsg.COMMENT_MAX })
          .default(''),
      }),
      { error: Msg.BAD_REQUEST },
    )
    .min(1, { error: Msg.BAD_REQUEST })
    .max(100, { error: Msg.BAD_REQUEST }),
  /** An overall comment on the submission. */
  comment: z
    .string({ error: Msg.BAD_REQUEST })
    .max(HomeworkLimits.COMMENT_MAX, { error: HomeworkMsg.COMMENT_MAX })
    .default(''),
});

// ---- answers ----

export const homeworkClass = z.object({
  id: z.number().int(),
  name: z.string(),
  bookId: z.number().int(),
  bookName: z.string(),
  studentCount: z.number().int(),
  homeworkCount: z.number().int(),
});
export type HomeworkClass = z.infer<typeof homeworkClass>;

export const homeworkRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  bookId: z.number().int(),
  sectionId: z.number().int(),
  sectionTitle: z.string(),
  title: z.string(),
  status: z.number().int(),
  openTime: z.string(),
  dueTime: z.string(),
  lateRule: z.enum(LATE_RULES),
  lateDeduct: z.number().int(),
  totalScore: z.number(),
  questionCount: z.number().int(),
  studentCount: z.number().int(),
  submittedCount: z.number().int(),
  toReviewCount: z.number().int(),
  createTime: z.number().int(),
});
export type HomeworkRow = z.infer<typeof homeworkRow>;

/** A question as the homework shows it; `answer`/`analysis` are null while they must stay hidden. */
export const homeworkQuestion = z.object({
  itemId: z.number().int(),
  questionId: z.number().int(),
  position: z.number().int(),
  score: z.number(),
  question: z.record(z.string(), z.unknown()),
});
export type HomeworkQuestion = z.infer<typeof homeworkQuestion>;

export const itemResult = z.object({
  itemId: z.number().int(),
  score: z.number(),
  full: z.number(),
  correct: z.boolean(),
  /** Waits for the teacher (short answers; a blank the grader could not decide). */
  needsReview: z.boolean(),
  comment: z.string(),
});
export type ItemResult = z.infer<typeof itemResult>;

export const submissionView = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  name: z.string(),
  studentId: z.string(),
  status: z.number().int(),
  submitTime: z.number().int().nullable(),
  late: z.boolean(),
  score: z.number().nullable(),
  answers: homeworkAnswers,
  results: z.array(itemResult),
  comment: z.string(),
});
export type SubmissionView = z.infer<typeof submissionView>;

export const itemStat = z.object({
  itemId: z.number().int(),
  answered: z.number().int(),
  /** Share of submissions with full marks on the item, 0..1 (null with no submission). */
  correctRate: z.number().nullable(),
  averageScore: z.number().nullable(),
  /** The wrong answer given most often, with how many gave it. */
  commonWrong: z.object({ answer: answerValue, count: z.number().int() }).nullable(),
});
export type ItemStat = z.infer<typeof itemStat>;

export const teacherHomeworkInfo = homeworkRow.extend({
  description: z.string(),
  questions: z.array(homeworkQuestion),
  submissions: z.array(submissionView),
  stats: z.array(itemStat),
});
export type TeacherHomeworkInfo = z.infer<typeof teacherHomeworkInfo>;

export const studentHomeworkRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  bookId: z.number().int(),
  bookName: z.string(),
  sectionId: z.number().int(),
  sectionTitle: z.string(),
  title: z.string(),
  openTime: z.string(),
  dueTime: z.string(),
  /** Milliseconds until the deadline (negative when past), from the server's clock. */
  timeLeft: z.number().int(),
  open: z.boolean(),
  lateRule: z.enum(LATE_RULES),
  lateDeduct: z.number().int(),
  totalScore: z.number(),
  questionCount: z.number().int(),
  status: z.number().int(),
  submitTime: z.number().int().nullable(),
  late: z.boolean(),
  /** The score, once results may be shown (after the deadline). */
  score: z.number().nullable(),
  resultsVisible: z.boolean(),
});
export type StudentHomeworkRow = z.infer<typeof studentHomeworkRow>;

export const studentHomeworkInfo = studentHomeworkRow.extend({
  description: z.string(),
  questions: z.array(homeworkQuestion),
  answers: homeworkAnswers,
  savedTime: z.number().int().nullable(),
  results: z.array(itemResult),
  comment: z.string(),
  /** May the student still save and submit (open, not submitted, before the deadline or late allowed). */
  canSubmit: z.boolean(),
});
export type StudentHomeworkInfo = z.infer<typeof studentHomeworkInfo>;

export const studentSaveAnswer = z.object({ savedTime: z.number().int() });
export const studentSubmitAnswer = z.object({
  status: z.number().int(),
  submitTime: z.number().int(),
  late: z.boolean(),
});

export const homeworkConfig = z.object({
  /** The configuration's id: 1, the platform's defaults (a college's own may come later). */
  id: z.number().int(),
  lateRules: z.array(z.object({ value: z.enum(LATE_RULES), label: z.string() })),
  defaultLateRule: z.enum(LATE_RULES),
  defaultLateDeduct: z.number().int(),
  /** Deadline proposed by the form: this many days after the opening time. */
  defaultDays: z.number().int(),
  remindHours: z.number().int(),
  /** Proposed score per question type. */
  defaultScores: z.record(z.string(), z.number()),
});
export type HomeworkConfig = z.infer<typeof homeworkConfig>;

export const homeworkExpireRow = z.object({
  id: z.number().int(),
  title: z.string(),
  className: z.string(),
  dueTime: z.string(),
  timeLeft: z.number().int(),
});

export interface HomeworkSectionNode {
  id: number;
  title: string;
  chapterId: number | null;
  level: number;
  homeworkCount: number;
  children: HomeworkSectionNode[];
}
export const homeworkSectionNode: z.ZodType<HomeworkSectionNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    chapterId: z.number().int().nullable(),
    level: z.number().int(),
    homeworkCount: z.number().int(),
    children: z.array(homeworkSectionNode),
  }),
);

/** Time left as words: 2天3小时, 5小时12分, 8分钟; 已截止 when past. */
export function timeLeftText(ms: number): string {
  if (ms <= 0) return '已截止';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}天${hours}小时`;
  if (hours > 0) return `${hours}小时${minutes % 60}分`;
  return `${Math.max(1, minutes)}分钟`;
}

export { formatClassTime as formatHomeworkTime };
