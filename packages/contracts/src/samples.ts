import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';

/** Messages of sample copies (spec §8 sample dialog verbatim; ours where the spec shows none). */
export const SampleMsg = {
  NOT_TEACHER: '需认证为教师后才可申请免费样书',
  OVER: '今年您申请的样书已达上限',
  HAS: '您已有此书，无需申请试用',
  EXIST: '您的试用申请已在审核中，请耐心等待',
  SUCCESS: '可以申请',
  AUDIT_PASS: '申请通过',
  AUDIT_PASS_DETAIL: '已将该书自动加入您的书架',
  AUDITING: '提交成功，等待审核',
  NOT_YOURSELF: '只能为本人在当前学院申请样书',
  VALIDITY_REQUIRED: '请选择试用期限',
  VALIDITY_UNKNOWN: '所选试用期限已不可用，请重新选择',
  BOOK_UNKNOWN: '该教材不存在或未上架',
  ALREADY_DECIDED: '该申请已处理，请刷新后查看',
  REASON_REQUIRED: '请填写驳回原因',
  REASON_MAX: '驳回原因不能超过200个字',
  QUOTA_RANGE: '每年样书数量须为0到999之间的整数',
  TIMES_REQUIRED: '请至少设置一个试用期限',
  TIME_CODE: '试用期限代码须为数字加M（月）或Y（年），如6M、1Y',
  /** The settings form's own words beside the fields. */
  QUOTA_REQUIRED: '请输入数量',
  TIME_CODE_REQUIRED: '请输入代码',
  TIME_CODE_HINT: '数字加M（月）或Y（年），如6M、1Y',
  TIME_NAME_REQUIRED: '请输入名称',
  NOTICE_APPROVED: (book: string) => `您申请的样书《${book}》已审核通过`,
  NOTICE_REJECTED: (book: string) => `您申请的样书《${book}》未通过审核`,
  NOTICE_APPROVED_BODY: (until: string) => `已加入您的书架，可阅读至${until}。`,
  NOTICE_REJECTED_BODY: (reason: string) => `原因：${reason}`,
} as const;

/** Sample-book check result (spec §4), checked in this order. */
export const SampleCheck = {
  NOT_TEACHER: 'NOT_TEACHER',
  OVER: 'OVER',
  HAS: 'HAS',
  EXIST: 'EXIST',
  SUCCESS: 'SUCCESS',
} as const;
export type SampleCheckResult = (typeof SampleCheck)[keyof typeof SampleCheck];

/** Apply result (spec §4). */
export const SampleApplyResult = { AUDIT_PASS: 'AUDIT_PASS', AUDITING: 'AUDITING' } as const;

/** An application's state: waiting for staff, approved (a shelf entry), rejected (with a reason). */
export const SampleState = { AUDITING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const SAMPLE_STATE_LABEL: Record<number, string> = { 0: '审核中', 1: '已通过', 2: '未通过' };

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });

/** A validity code: a number of months (M) or years (Y), e.g. 6M, 1Y (spec §9: a code with Y is in years). */
export const VALIDITY_CODE = /^([1-9]\d?)([MY])$/;

export const sampleCheckBody = z.object({ bookId: id });

export const sampleCheckAnswer = z.object({
  result: z.enum(Object.values(SampleCheck) as [SampleCheckResult, ...SampleCheckResult[]]),
  msg: z.string(),
});
export type SampleCheckAnswer = z.infer<typeof sampleCheckAnswer>;

export const sampleTime = z.object({ code: z.string(), value: z.string() });
export type SampleTime = z.infer<typeof sampleTime>;

/** GET /api/sample-book/days: the yearly quota (amount), what is used and left this year, validity options. */
export const sampleDays = z.object({
  amount: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  year: z.number().int(),
  times: z.array(sampleTime),
});
export type SampleDays = z.infer<typeof sampleDays>;

/** Sample-apply payload (spec §3). userId and collegeId, when sent, must be the caller's own. */
export const sampleApplyBody = z.object({
  bookId: id,
  collegeId: id.optional().nullable(),
  userId: id.optional().nullable(),
  validityPeriod: z
    .string({ error: SampleMsg.VALIDITY_REQUIRED })
    .trim()
    .min(1, { error: SampleMsg.VALIDITY_REQUIRED })
    .max(8, { error: SampleMsg.VALIDITY_UNKNOWN }),
});
export type SampleApplyBody = z.infer<typeof sampleApplyBody>;

export const sampleApplyAnswer = z.object({
  result: z.enum([SampleApplyResult.AUDIT_PASS, SampleApplyResult.AUDITING]),
  msg: z.string(),
  detail: z.string(),
  id: z.number().int(),
  bookId: z.number().int(),
  expiresAt: z.number().int().nullable(),
});
export type SampleApplyAnswer = z.infer<typeof sampleApplyAnswer>;

/** One application as the teacher (and staff) see it. */
export const sampleRow = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  bookTitle: z.string(),
  cover: z.string(),
  collegeId: z.number().int(),
  collegeName: z.string(),
  state: z.number().int(),
  stateLabel: z.string(),
  validityPeriod: z.string(),
  validityLabel: z.string(),
  reason: z.string(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
});
export type SampleRow = z.infer<typeof sampleRow>;

export const sampleStateFilter = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .min(0, { error: Msg.BAD_REQUEST })
  .max(2, { error: Msg.BAD_REQUEST })
  .optional();

export const sampleMyQuery = pageQuery.extend({ state: sampleStateFilter });

/** The staff's list: by state, book, and a keyword (member name or phone, book title). */
export const sampleAdminQuery = pageQuery.extend({
  state: sampleStateFilter,
  bookId: id.optional(),
  keyword: z.string().trim().max(50, { error: Msg.SEARCH_TOO_LONG }).optional(),
});

export const sampleAdminRow = sampleRow.extend({
  memberId: z.number().int(),
  memberName: z.string(),
  phone: z.string(),
});
export type SampleAdminRow = z.infer<typeof sampleAdminRow>;

export const sampleApproveBody = z.object({ id });
export const sampleRejectBody = z.object({
  id,
  reason: z
    .string({ error: SampleMsg.REASON_REQUIRED })
    .trim()
    .min(1, { error: SampleMsg.REASON_REQUIRED })
    .max(200, { error: SampleMsg.REASON_MAX }),
});

/** The yearly quota of sample copies, and a validity option's name. */
export const SampleLimits = { QUOTA: { min: 0, max: 999 }, TIME_NAME_MAX: 20 } as const;

/** The staff's settings (dictionary rows): the yearly quota and the validity options. */
export const sampleSettings = z.object({
  amount: z.coerce
    .number({ error: SampleMsg.QUOTA_RANGE })
    .int({ error: SampleMsg.QUOTA_RANGE })
    .min(SampleLimits.QUOTA.min, { error: SampleMsg.QUOTA_RANGE })
    .max(SampleLimits.QUOTA.max, { error: SampleMsg.QUOTA_RANGE }),
  times: z
    .array(
      z.object({
        code: z.string().trim().regex(VALIDITY_CODE, { error: SampleMsg.TIME_CODE }),
        value: z
          .string()
          .trim()
          .min(1, { error: SampleMsg.TIME_CODE })
          .max(SampleLimits.TIME_NAME_MAX, { error: SampleMsg.TIME_CODE }),
      }),
      { error: SampleMsg.TIMES_REQUIRED },
    )
    .min(1, { error: SampleMsg.TIMES_REQUIRED })
    .max(20, { error: SampleMsg.TIMES_REQUIRED }),
});
export type SampleSettings = z.infer<typeof sampleSettings>;

export const sampleAutoApproveBody = z.object({ bookId: id, autoApprove: z.boolean({ error: Msg.BAD_REQUEST }) });
