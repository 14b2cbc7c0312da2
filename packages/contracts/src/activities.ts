import { z } from 'zod';
import { Msg } from './messages.js';

/**
 * Teaching activities (issue 17, spec §7 /teachActivity): a teacher plans check-ins, discussions, in-class
 * quizzes and shared material per class and chapter; the class's approved students take part.
 */
export const ActivityKind = {
  CHECKIN: 'checkin',
  DISCUSSION: 'discussion',
  QUIZ: 'quiz',
  MATERIAL: 'material',
} as const;
export type ActivityKindValue = (typeof ActivityKind)[keyof typeof ActivityKind];
export const ACTIVITY_KINDS = Object.values(ActivityKind) as [ActivityKindValue, ...ActivityKindValue[]];
export const ACTIVITY_KIND_LABEL: Record<ActivityKindValue, string> = {
  checkin: '签到',
  discussion: '讨论',
  quiz: '随堂测验',
  material: '资料分享',
};

/** draft: only the teacher sees it; open: students take part; closed: over (quiz answers shown). */
export const ActivityState = { DRAFT: 'draft', OPEN: 'open', CLOSED: 'closed' } as const;
export type ActivityStateValue = (typeof ActivityState)[keyof typeof ActivityState];
export const ACTIVITY_STATE_LABEL: Record<ActivityStateValue, string> = {
  draft: '未开始',
  open: '进行中',
  closed: '已结束',
};

/** A check-in: on time within its minutes, late within the grace minutes after them. */
export const CheckinStatus = { ON_TIME: 'ontime', LATE: 'late' } as const;
export type CheckinStatusValue = (typeof CheckinStatus)[keyof typeof CheckinStatus];
export const CHECKIN_STATUS_LABEL: Record<CheckinStatusValue, string> = { ontime: '已签到', late: '迟到' };

export const ActivityLimits = {
  TITLE_MAX: 100,
  CONTENT_MAX: 5000,
  REPLY_MAX: 1000,
  MINUTES_MIN: 1,
  MINUTES_MAX: 180,
  LATE_MAX: 60,
  LINK_MAX: 500,
  QUESTIONS_MAX: 50,
  /** A material file: 20 MB. */
  FILE_MAX_BYTES: 20 * 1024 * 1024,
  /** Check-in codes: 4 digits, easy to read out in class and to type on a phone. */
  CODE_LENGTH: 4,
  /** What the check-in box takes: room for a mistyped code, which is then told wrong. */
  CODE_TYPED_MAX: 8,
} as const;

/** Messages of teaching activities (ours: the spec shows none). */
export const ActivityMsg = {
  KIND_REQUIRED: '请选择活动类型',
  TITLE_REQUIRED: '请输入活动标题',
  TITLE_MAX: `活动标题不能超过${ActivityLimits.TITLE_MAX}个字`,
  CONTENT_MAX: `活动内容不能超过${ActivityLimits.CONTENT_MAX}个字`,
  MINUTES_RANGE: `签到有效时长须为${ActivityLimits.MINUTES_MIN}到${ActivityLimits.MINUTES_MAX}分钟`,
  LATE_RANGE: `迟到时长须为0到${ActivityLimits.LATE_MAX}分钟`,
  LINK_INVALID: '请输入以 http:// 或 https:// 开头的资料链接',
  MATERIAL_REQUIRED: '请填写资料链接或上传资料文件',
  QUESTIONS_REQUIRED: '请从题库选择题目',
  QUESTIONS_MAX: `一次测验最多${ActivityLimits.QUESTIONS_MAX}道题`,
  SECTION_UNKNOWN: '所选章节不属于该班级的教材',
  NOT_DRAFT: '活动已开始，不能再编辑',
  NOT_OPENABLE: '活动已开始或已结束',
  NOT_OPEN: '活动未在进行中',
  ALREADY_CLOSED: '活动已结束',
  COPY_SAME_CLASS: '请选择另一个班级',
  COPY_DONE: (className: string) => `已复制到“${className}”`,
  FILE_REQUIRED: '请选择要上传的资料文件',
  FILE_TOO_LARGE: '资料文件不能超过20MB',
  FILE_NOT_MATERIAL: '只有资料分享活动可以上传文件',
  NO_FILE: '该活动没有资料文件',
  // check-in
  CODE_REQUIRED: '请输入签到码',
  TOPIC_REQUIRED: '请输入讨论话题',
  CODE_WRONG: '签到码错误，请核对后重新输入',
  CODE_EXPIRED: '签到码已过期，签到已截止',
  CHECKIN_CLOSED: '签到已结束',
  CHECKIN_NOT_STARTED: '签到尚未开始',
  CHECKIN_OK: '签到成功',
  CHECKIN_LATE: '签到成功（迟到）',
  ALREADY_CHECKED_IN: '您已签到，无需重复签到',
  CHECKIN_TOO_OFTEN: '签到码尝试过于频繁，请1分钟后再试',
  // discussion
  REPLY_REQUIRED: '请输入回复内容',
  REPLY_MAX: `回复不能超过${ActivityLimits.REPLY_MAX}个字`,
  NOT_DISCUSSION: '该活动不是讨论',
  // quiz
  NOT_QUIZ: '该活动不是随堂测验',
  ANSWERS_REQUIRED: '请作答后再提交',
  ALREADY_SUBMITTED: '您已提交，不能重复提交',
  QUIZ_OBJECTIVE_ONLY: '随堂测验只能选择客观题（单选、多选、判断、填空）',
  TEACHER_NAME: '教师',
  // notices
  NOTICE_OPENED: (className: string, kind: string, title: string) => `“${className}”发布了${kind}：${title}`,
  NOTICE_OPENED_BODY: '请到“已加入班级”的课堂活动中参与。',
} as const;

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });

const clean = (s: string) => s.replaceAll('\0', '');

const title = z
  .string({ error: ActivityMsg.TITLE_REQUIRED })
  .trim()
  .min(1, { error: ActivityMsg.TITLE_REQUIRED })
  .max(ActivityLimits.TITLE_MAX, { error: ActivityMsg.TITLE_MAX })
  .transform(clean);

const content = z
  .string({ error: ActivityMsg.CONTENT_MAX })
  .max(ActivityLimits.CONTENT_MAX, { error: ActivityMsg.CONTENT_MAX })
  .transform(clean);

const minutes = z.coerce
  .number({ error: ActivityMsg.MINUTES_RANGE })
  .int({ error: ActivityMsg.MINUTES_RANGE })
  .min(ActivityLimits.MINUTES_MIN, { error: ActivityMsg.MINUTES_RANGE })
  .max(ActivityLimits.MINUTES_MAX, { error: ActivityMsg.MINUTES_RANGE });

const lateMinutes = z.coerce
  .number({ error: ActivityMsg.LATE_RANGE })
  .int({ error: ActivityMsg.LATE_RANGE })
  .min(0, { error: ActivityMsg.LATE_RANGE })
  .max(ActivityLimits.LATE_MAX, { error: ActivityMsg.LATE_RANGE });

/** A material link: http or https only (never javascript: or data:). */
const link = z
  .string({ error: ActivityMsg.LINK_INVALID })
  .trim()
  .max(ActivityLimits.LINK_MAX, { error: ActivityMsg.LINK_INVALID })
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: ActivityMsg.LINK_INVALID });

const sectionId = z.coerce
  .number({ error: ActivityMsg.SECTION_UNKNOWN })
  .int({ error: ActivityMsg.SECTION_UNKNOWN })
  .positive({ error: ActivityMsg.SECTION_UNKNOWN })
  .nullable();

const questionIds = z
  .array(id, { error: ActivityMsg.QUESTIONS_REQUIRED })
  .max(ActivityLimits.QUESTIONS_MAX, { error: ActivityMsg.QUESTIONS_MAX });

/** What a teacher edits on any kind; the fields of other kinds are ignored. */
const activityFields = {
  sectionId: sectionId.optional(),
  title,
  content: content.optional(),
  minutes: minutes.optional(),
  lateMinutes: lateMinutes.optional(),
  link: link.optional(),
  questionIds: questionIds.optional(),
};

export const activityCreate = z.object({
  classId: id,
  kind: z.enum(ACTIVITY_KINDS, { error: ActivityMsg.KIND_REQUIRED }),
  ...activityFields,
});
export type ActivityCreate = z.infer<typeof activityCreate>;

export const activityUpdate = z.object({ id, ...activityFields });
export type ActivityUpdate = z.infer<typeof activityUpdate>;

export const activityListQuery = z.object({ classId: id, sectionId: id.optional() });
export const activityIdBody = z.object({ id });
export const activityIdQuery = z.object({ id });
export const activityCopyBody = z.object({ id, classId: id });

export const checkinBody = z.object({
  id,
  code: z
    .string({ error: ActivityMsg.CODE_REQUIRED })
    .trim()
    .min(1, { error: ActivityMsg.CODE_REQUIRED })
    .max(ActivityLimits.CODE_TYPED_MAX, { error: ActivityMsg.CODE_WRONG }),
});

export const replyBody = z.object({
  id,
  content: z
    .string({ error: ActivityMsg.REPLY_REQUIRED })
    .trim()
    .min(1, { error: ActivityMsg.REPLY_REQUIRED })
    .max(ActivityLimits.REPLY_MAX, { error: ActivityMsg.REPLY_MAX })
    .transform(clean),
});
export const replyIdBody = z.object({ replyId: id });

/** One activity as a list shows it; `code` only for the teacher. */
export const activityRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  sectionId: z.number().int().nullable(),
  sectionTitle: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  content: z.string(),
  state: z.enum(['draft', 'open', 'closed']),
  minutes: z.number().int().nullable(),
  lateMinutes: z.number().int(),
  link: z.string(),
  fileName: z.string(),
  questionCount: z.number().int(),
  /** A quiz's bank question ids (the teacher's view; empty for students). */
  questionIds: z.array(z.number().int()),
  /** Epoch ms. */
  openedAt: z.number().nullable(),
  closedAt: z.number().nullable(),
  /** A check-in's on-time end, and its late end (epoch ms). */
  endsAt: z.number().nullable(),
  lateUntil: z.number().nullable(),
  code: z.string().nullable(),
  /** Check-ins, replies or quiz submissions so far. */
  taken: z.number().int(),
  createdAt: z.number(),
});
export type ActivityRow = z.infer<typeof activityRow>;

/** A student's own part in an activity. */
export const activityMine = z.object({
  checkin: z.enum(['ontime', 'late']).nullable(),
  submitted: z.boolean(),
  score: z.number().nullable(),
});
export const studentActivityRow = activityRow.extend({ mine: activityMine });
export type StudentActivityRow = z.infer<typeof studentActivityRow>;

export const checkinRow = z.object({
  memberId: z.number().int(),
  name: z.string(),
  studentId: z.string(),
  status: z.enum(['ontime', 'late']),
  at: z.number(),
});
export type CheckinRow = z.infer<typeof checkinRow>;

export const replyRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  name: z.string(),
  teacher: z.boolean(),
  content: z.string(),
  at: z.number(),
});
export type ReplyRow = z.infer<typeof replyRow>;

/** The live view: who checked in (and who not yet), replies, the quiz's results. */
export const activityLive = z.object({
  activity: activityRow,
  studentCount: z.number().int(),
  checkins: z.array(checkinRow),
  absent: z.array(z.object({ memberId: z.number().int(), name: z.string(), studentId: z.string() })),
  replies: z.array(replyRow),
  quiz: z.lazy(() => quizResults).nullable(),
});
export type ActivityLive = z.infer<typeof activityLive>;

export const checkinAnswer = z.object({ status: z.enum(['ontime', 'late']), at: z.number() });

/** What a student sees of one activity. */
export const studentActivityDetail = z.object({
  activity: studentActivityRow,
  replies: z.array(replyRow),
  quiz: z.lazy(() => quizForStudent).nullable(),
});
export type StudentActivityDetail = z.infer<typeof studentActivityDetail>;

export const classActivitiesQuery = z.object({ classId: id });

// ---- in-class quiz

/** A student's answer to one question: a key, keys, true/false, or one text per blank. */
const studentAnswer = z.union([
  z.string().max(2000, { error: ActivityMsg.ANSWERS_REQUIRED }),
  z.boolean(),
  z
    .array(z.string().max(500, { error: ActivityMsg.ANSWERS_REQUIRED }))
    .max(20, { error: ActivityMsg.ANSWERS_REQUIRED }),
]);

export const quizAnswerBody = z.object({
  id,
  answers: z
    .array(z.object({ questionId: id, answer: studentAnswer }), { error: ActivityMsg.ANSWERS_REQUIRED })
    .min(1, { error: ActivityMsg.ANSWERS_REQUIRED })
    .max(ActivityLimits.QUESTIONS_MAX, { error: ActivityMsg.ANSWERS_REQUIRED }),
});
export type QuizAnswerBody = z.infer<typeof quizAnswerBody>;

/** Each quiz question is worth this many points (partial credit by the bank's grading rules). */
export const QUIZ_POINTS_PER_QUESTION = 1;

const quizOption = z.object({ key: z.string(), html: z.string() });

/** A question as a student sees it: the answer and analysis only once the quiz is closed. */
export const quizQuestionView = z.object({
  id: z.number().int(),
  type: z.string(),
  stem: z.string(),
  options: z.array(quizOption),
  /** How many blanks (fill in the blanks). */
  blanks: z.number().int(),
  answer: z.unknown().nullable(),
  analysis: z.string().nullable(),
});

export const quizGrade = z.object({ questionId: z.number().int(), score: z.number(), correct: z.boolean().nullable() });

export const quizForStudent = z.object({
  questions: z.array(quizQuestionView),
  fullScore: z.number(),
  submitted: z.boolean(),
  myAnswers: z.record(z.string(), z.unknown()).nullable(),
  /** Only once the quiz is closed. */
  grading: z.array(quizGrade).nullable(),
  score: z.number().nullable(),
});
export type QuizForStudent = z.infer<typeof quizForStudent>;

/** The teacher's live results: answers per option, correct rate per question, each student's score. */
export const quizResults = z.object({
  submissions: z.number().int(),
  fullScore: z.number(),
  average: z.number().nullable(),
  questions: z.array(
    quizQuestionView.extend({
      options: z.array(quizOption.extend({ count: z.number().int() })),
      /** true/false answers for a judge question. */
      judge: z.object({ yes: z.number().int(), no: z.number().int() }).nullable(),
      correct: z.number().int(),
      correctRate: z.number().nullable(),
    }),
  ),
  scores: z.array(z.object({ memberId: z.number().int(), name: z.string(), score: z.number(), at: z.number() })),
});
export type QuizResults = z.infer<typeof quizResults>;

export const quizSubmitAnswer = z.object({ submitted: z.literal(true), at: z.number() });
