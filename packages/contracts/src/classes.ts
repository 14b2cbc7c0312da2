import { z } from 'zod';
import { Limits } from './constants.js';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';
import { currentMinute, MINUTE, parseClassTime } from './dates.js';

/** Messages of classes (spec §5, §8): the spec's texts verbatim, ours where the spec shows none. */
export const ClassMsg = {
  BOOK_REQUIRED: '请选择教材',
  NAME_REQUIRED: '请输入班级',
  NAME_MAX: '班级名称不能超过50个字',
  REMARK_MAX: '备注不能超过500个字',
  REVIEW_REQUIRED: '请选择是否需要教师审核',
  VALIDITY_REQUIRED: '请选择班级码有效期',
  VALIDITY_PAST: '班级码有效期不得早于当前时间!',
  VALIDITY_ORDER: '班级码有效期的结束时间须晚于开始时间',
  BOOK_LOCKED: '编辑班级时不能更换教材',
  NOT_OWN_BOOK: '您暂无该教材的使用权限，无法使用该教材创建班级',
  /** The own-book check's goApply (spec §5): the hint offering a teacher trial, and its button. */
  GO_APPLY_HINT: '您可以先申请该教材的教师试用。',
  GO_APPLY: '申请教师试用',
  OWN_BOOK_EXPIRING: (date: string) => `您对该教材的使用权限将于${date}到期，到期后班级学生将无法继续阅读，是否继续？`,
  // join form
  CODE_REQUIRED: '请输入班级码',
  STUDENT_ID_REQUIRED: '请输入学号',
  STUDENT_ID_MAX: '学号不能超过50个字',
  STUDENT_NAME_REQUIRED: '请输入姓名',
  STUDENT_NAME_MAX: '姓名不能超过50个字',
  STUDENT_ID_LOCKED: '学号已设置，不能修改',
  STUDENT_NAME_LOCKED: '姓名已设置，不能修改',
  // code check and join results (spec §8)
  CODE_UNKNOWN: '班级码不存在，请核对后重新输入',
  CODE_TOO_OFTEN: '班级码尝试过于频繁，请1分钟后再试',
  CODE_CLOSED: '该班级已停止加入',
  CODE_OK: (className: string, bookName: string) => `班级：${className}（教材：${bookName}）`,
  ALREADY_JOINED: '您已加入该班级',
  ALREADY_PENDING: '您已申请加入该班级，请等待教师审核',
  NOT_IN_COLLEGE: (college: string) => `该班级属于${college}，您不是该校成员，无法加入`,
  JOIN_PENDING: '提交成功，待审核',
  JOIN_SUCCESS: '加入成功',
  JOIN_OUTSIDE: (start: string, end: string) => `不在班级码有效期内，有效期为${start}至${end}`,
  TEACHER_OWN_CLASS: '您是该班级的教师，无需加入',
  // teacher side
  NO_STUDENTS: '请选择学生',
  NOTHING_TO_EXPORT: '该班级暂无学生，无法导出',
  NOT_IN_CLASS: '您不在该班级中',
} as const;

/** isReview: '0' students wait for the teacher's approval, '1' students join directly (spec §3). */
export const Review = { NEEDS_APPROVAL: '0', DIRECT: '1' } as const;
export type ReviewValue = (typeof Review)[keyof typeof Review];

/** Join result status (spec §3, §4). */
export const JoinStatus = { PENDING: 0, SUCCESS: 1, OUTSIDE_VALIDITY: 2 } as const;

/** A student's place in a class: pending review, approved, rejected. */
export const MemberStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;

/** Words of classes the server writes for people (notices, the roster workbook): ours, the spec shows none. */
export const ClassText = {
  JOIN_REQUEST_NOTICE: (student: string, className: string) => `${student}申请加入班级“${className}”`,
  JOIN_REQUEST_NOTICE_BODY: (studentId: string) => `学号 ${studentId}，请在教学空间的学生管理中审核。`,
  DISSOLVED_NOTICE: (className: string) => `班级“${className}”已解散`,
  DISSOLVED_NOTICE_BODY: (className: string) => `教师已删除班级“${className}”，您已退出该班级。`,
  APPROVED_NOTICE: (className: string) => `您已成功加入班级“${className}”`,
  APPROVED_NOTICE_BODY: '教师已通过您的加入申请，教材已加入您的书架，可以开始阅读了。',
  REJECTED_NOTICE: (className: string) => `您加入班级“${className}”的申请未通过`,
  REJECTED_NOTICE_BODY: '教师未通过您的加入申请，如有疑问请联系任课教师。',
  /** A student's place in a class, by MemberStatus. */
  STATUS: { 0: '待审核', 1: '已加入', 2: '未通过' } as Record<number, string>,
  ROSTER_SHEET: '学生名单',
  ROSTER_FILE: (className: string) => `${className}-学生名单.xlsx`,
  ROSTER_HEADERS: { no: '序号', studentId: '学号', name: '姓名', status: '状态', joinTime: '加入时间' },
  CREATOR: '高校数字教材平台',
} as const;

/**
 * Class-code check status (spec §3: '1' and '3' block joining). '0' joinable, '1' no such code or joining
 * closed, '2' outside the validity period (joining answers status 2 with the range), '3' already in the class
 * or not a member of the class's college.
 */
export const CodeStatus = { OK: '0', INVALID: '1', OUTSIDE: '2', BLOCKED: '3' } as const;
export const BLOCKING_CODE_STATUSES: readonly string[] = [CodeStatus.INVALID, CodeStatus.BLOCKED];

/** The first rule a validity range breaks, or null (spec §5). `checkPast` is off when an edit keeps the start. */
export function validityProblem(
  startTime: string | undefined,
  endTime: string | undefined,
  options: { now?: number; checkPast?: boolean } = {},
): string | null {
  if (!startTime || !endTime) return ClassMsg.VALIDITY_REQUIRED;
  const start = parseClassTime(startTime);
  const end = parseClassTime(endTime);
  if (start === null || end === null) return ClassMsg.VALIDITY_REQUIRED;
  // The minute that has just ended still counts: a form filled in at 10:22 and sent at 10:23:01 is not "past".
  if ((options.checkPast ?? true) && start < currentMinute(options.now) - MINUTE) return ClassMsg.VALIDITY_PAST;
  if (end <= start) return ClassMsg.VALIDITY_ORDER;
  return null;
}

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });

const classFields = {
  bookId: z.coerce
    .number({ error: ClassMsg.BOOK_REQUIRED })
    .int({ error: ClassMsg.BOOK_REQUIRED })
    .positive({ error: ClassMsg.BOOK_REQUIRED }),
  name: z
    .string({ error: ClassMsg.NAME_REQUIRED })
    .trim()
    .min(1, { error: ClassMsg.NAME_REQUIRED })
    .max(Limits.CLASS_NAME_MAX, { error: ClassMsg.NAME_MAX }),
  remark: z.string().trim().max(Limits.REMARK_MAX, { error: ClassMsg.REMARK_MAX }).default(''),
  isReview: z.enum([Review.NEEDS_APPROVAL, Review.DIRECT], { error: ClassMsg.REVIEW_REQUIRED }),
  startTime: z.string({ error: ClassMsg.VALIDITY_REQUIRED }).min(1, { error: ClassMsg.VALIDITY_REQUIRED }),
  endTime: z.string({ error: ClassMsg.VALIDITY_REQUIRED }).min(1, { error: ClassMsg.VALIDITY_REQUIRED }),
};

/** The teacher's class dialog, create mode (spec §5): every rule with its message. */
export const classCreate = z.object(classFields).superRefine((v, ctx) => {
  const problem = validityProblem(v.startTime, v.endTime);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['startTime'] });
});
export type ClassCreate = z.input<typeof classCreate>;

/**
 * Edit mode: the book is locked (it may be sent, but must be the class's own); a start in the past is only
 * refused when it changes (the service checks that against the stored start).
 */
export const classUpdate = z
  .object({ id, ...classFields, bookId: classFields.bookId.optional() })
  .superRefine((v, ctx) => {
    const problem = validityProblem(v.startTime, v.endTime, { checkPast: false });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['startTime'] });
  });
export type ClassUpdate = z.input<typeof classUpdate>;

export const classRow = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  bookName: z.string(),
  cover: z.string(),
  name: z.string(),
  code: z.string(),
  codeOpen: z.boolean(),
  isReview: z.enum([Review.NEEDS_APPROVAL, Review.DIRECT]),
  remark: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  studentCount: z.number().int(),
  pendingCount: z.number().int(),
  collegeName: z.string(),
  createTime: z.number(),
});
export type ClassRow = z.infer<typeof classRow>;

/** A name filter: a NUL character (which PostgreSQL text cannot hold, so no name has one) is dropped. */
export const classPageQuery = pageQuery.extend({
  bookId: id.optional(),
  name: z
    .string()
    .trim()
    .max(Limits.SEARCH_MAX)
    .transform((s) => s.replaceAll('\0', ''))
    .optional(),
});

export const classBook = z.object({
  bookId: z.number().int(),
  bookName: z.string(),
  cover: z.string(),
  classCount: z.number().int(),
  own: z.boolean(),
});
export type ClassBook = z.infer<typeof classBook>;

export const bookIdQuery = z.object({ bookId: id });
export const idQuery = z.object({ id });
export const classIdQuery = z.object({ classId: id });

/** Own-book check answer (spec §7: msg, tag, goApply). */
export const ownBookResult = z.object({ msg: z.string(), tag: z.string(), goApply: z.boolean() });
export type OwnBookResult = z.infer<typeof ownBookResult>;
export const ownBook2Query = z.object({ bookId: id, endTime: z.string().optional() });

export const classCodeAction = z.object({ id, open: z.boolean().optional() });

// ---- students ----

const codeField = z
  .string({ error: ClassMsg.CODE_REQUIRED })
  .trim()
  .min(1, { error: ClassMsg.CODE_REQUIRED })
  .max(Limits.CLASS_CODE_MAX, { error: ClassMsg.CODE_UNKNOWN })
  // No code holds a NUL character (PostgreSQL text cannot): such a code is unknown.
  .refine((s) => !s.includes('\0'), { error: ClassMsg.CODE_UNKNOWN })
  .transform((s) => s.toUpperCase());
const studentIdField = z
  .string({ error: ClassMsg.STUDENT_ID_REQUIRED })
  .trim()
  .min(1, { error: ClassMsg.STUDENT_ID_REQUIRED })
  .max(Limits.STUDENT_ID_MAX, { error: ClassMsg.STUDENT_ID_MAX });
const studentNameField = z
  .string({ error: ClassMsg.STUDENT_NAME_REQUIRED })
  .trim()
  .min(1, { error: ClassMsg.STUDENT_NAME_REQUIRED })
  .max(Limits.STUDENT_NAME_MAX, { error: ClassMsg.STUDENT_NAME_MAX });

/** Join-class form (spec §3: activationCode, studentId, name). */
export const joinForm = z.object({ activationCode: codeField, studentId: studentIdField, name: studentNameField });
export type JoinForm = z.input<typeof joinForm>;

export const codeQuery = z.object({ activationCode: codeField });

/** Join result (spec §3). */
export const joinResult = z.object({
  status: z.number().int(),
  msg: z.string(),
  bookName: z.string(),
  className: z.string(),
  collegeName: z.string(),
  bookId: z.number().int(),
  joinShelf: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
});
export type JoinResult = z.infer<typeof joinResult>;

/** Class-code check result (spec §3). */
export const codeCheckResult = z.object({
  status: z.enum([CodeStatus.OK, CodeStatus.INVALID, CodeStatus.OUTSIDE, CodeStatus.BLOCKED]),
  msg: z.string(),
  className: z.string(),
  bookName: z.string(),
  collegeName: z.string(),
  isReview: z.string(),
});
export type CodeCheckResult = z.infer<typeof codeCheckResult>;

/** verifyCollege: 0 the class is of the current college; 1 of another college of the member; 2 not the member's. */
export const verifyCollegeResult = z.object({
  status: z.number().int(),
  msg: z.string(),
  collegeId: z.number().int(),
  collegeName: z.string(),
});
export type VerifyCollegeResult = z.infer<typeof verifyCollegeResult>;

export const classStudentRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  memberId: z.number().int(),
  studentId: z.string(),
  name: z.string(),
  status: z.number().int(),
  joinTime: z.number(),
  reviewTime: z.number().nullable(),
});
export type ClassStudentRow = z.infer<typeof classStudentRow>;

export const studentPageQuery = pageQuery.extend({
  classId: id,
  status: z.coerce.number().int().min(0).max(2).optional(),
  keyword: z.string().trim().max(Limits.SEARCH_MAX).optional(),
});

export const studentUpdate = z.object({ id, studentId: studentIdField, name: studentNameField });
export const approveBatch = z.object({
  ids: z.array(id, { error: ClassMsg.NO_STUDENTS }).min(1, { error: ClassMsg.NO_STUDENTS }).max(1000),
  status: z.union([z.literal(MemberStatus.APPROVED), z.literal(MemberStatus.REJECTED)]),
});
export const studentIds = z.object({
  ids: z.array(id, { error: ClassMsg.NO_STUDENTS }).min(1, { error: ClassMsg.NO_STUDENTS }).max(1000),
});
export const exportBody = z.object({ classId: id, status: z.coerce.number().int().min(0).max(2).optional() });

export const myClassRow = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  bookId: z.number().int(),
  bookName: z.string(),
  cover: z.string(),
  teacherName: z.string(),
  collegeName: z.string(),
  status: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  joinTime: z.number(),
});
export type MyClassRow = z.infer<typeof myClassRow>;

export const classRole = z.object({
  teacher: z.boolean(),
  student: z.boolean(),
  teacherClassIds: z.array(z.number().int()),
  studentClassIds: z.array(z.number().int()),
});
export type ClassRole = z.infer<typeof classRole>;

export const classOption = z.object({ id: z.number().int(), name: z.string(), bookId: z.number().int() });

/** A placeholder guest name may be replaced on joining; a real name, once set, is locked (spec §5). */
export function isPlaceholderName(name: string): boolean {
  return name.trim() === '' || /^(用户|游客)\d*$/.test(name.trim()) || /^guest/i.test(name.trim());
}
