import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';
import { adminMemberRow } from './admin.js';
import { CollegeLimits } from './college.js';
import { phoneSchema } from './rules.js';

/**
 * The admin console's people (issue 19): colleges as the publisher's staff manage them (create, edit, appoint
 * college administrators, their books, seats and orders), members (memberships, shelf sources, disable and
 * enable, reset the phone), teacher certifications (a member applies, staff approve or reject) and the app's
 * scheduled jobs. Our words: the spec shows none of these screens, except NOT_TEACHER's 需认证为教师后才可申请免费样书.
 */
export const PeopleMsg = {
  COLLEGE_CREATED: '学校已创建',
  COLLEGE_SAVED: '保存成功',
  COLLEGE_NAME_REQUIRED: '请输入学校名称',
  COLLEGE_NAME_TAKEN: '已有同名学校',
  PHONE_NOT_REGISTERED: '该手机号尚未注册，请先让对方注册账号',
  APPOINTED: '已任命为学院管理员',
  ALREADY_ADMIN: '该用户已是本校管理员',
  NOT_ADMIN: '该用户不是本校管理员',
  DISMISSED: '已撤销管理员身份',
  MEMBER_DISABLED: '账号已停用，其登录会话已全部结束',
  MEMBER_ENABLED: '账号已启用',
  /** What a disabled member is told when logging in. */
  ACCOUNT_DISABLED: '您的账号已被停用，如有疑问请联系客服',
  PHONE_RESET: '手机号已重置，该会员需用新手机号登录',
  PHONE_TAKEN: '该手机号已被其他账号使用',
  PHONE_SAME: '新手机号与原手机号相同',
  CERT_SUBMITTED: '认证申请已提交，请等待审核',
  CERT_PENDING: '您的教师认证申请正在审核中，请耐心等待',
  CERT_ALREADY: '您已是该学院的认证教师',
  CERT_NAME: '请输入真实姓名',
  CERT_COLLEGE: '请选择所在学校',
  CERT_PROOF: '请填写认证说明或上传证明图片',
  CERT_IMAGE: '请上传图片格式的证明材料',
  CERT_APPROVED: '已通过，该会员已成为教师',
  CERT_REJECTED: '已驳回',
  CERT_DECIDED: '该申请已处理',
  CERT_REASON: '请填写驳回原因',
  CERT_NOTICE_APPROVED: '教师认证已通过',
  CERT_NOTICE_APPROVED_BODY: (college: string) => `您已成为${college}的认证教师，现在可以申请免费样书了。`,
  CERT_NOTICE_REJECTED: '教师认证未通过',
  CERT_NOTICE_REJECTED_BODY: (reason: string) => `您的教师认证申请未通过（${reason}），可修改后重新提交。`,
  JOB_RAN: '已执行',
  JOB_PAUSED: '已暂停',
  JOB_RESUMED: '已恢复',
  JOB_BUSY: '该任务正在运行，请稍后再试',
  NO_SUCH_JOB: '没有这个任务',
} as const;

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });
const text = (max: number) => z.string({ error: Msg.BAD_REQUEST }).trim().max(max, { error: Msg.BAD_REQUEST });
const keyword = text(50).optional();

// ---- colleges (staff) ----

export const adminCollegeQuery = pageQuery.extend({ keyword });
export type AdminCollegeQuery = z.infer<typeof adminCollegeQuery>;
export const adminCollegeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  introduction: z.string(),
  memberCount: z.number().int(),
  bookCount: z.number().int(),
  /** Orders waiting for the publisher. */
  waitingOrders: z.number().int(),
  /** The college's administrators' names. */
  admins: z.array(z.string()),
  createdAt: z.number(),
});
export type AdminCollegeRow = z.infer<typeof adminCollegeRow>;
const collegeFields = {
  name: text(CollegeLimits.NAME_MAX).pipe(z.string().min(1, { error: PeopleMsg.COLLEGE_NAME_REQUIRED })),
  contact: text(CollegeLimits.CONTACT_MAX).default(''),
  phone: text(CollegeLimits.PHONE_MAX).default(''),
  address: text(CollegeLimits.ADDRESS_MAX).default(''),
  introduction: text(CollegeLimits.INTRODUCTION_MAX).default(''),
};
export const adminCollegeSave = z.object(collegeFields);
export const adminCollegeUpdate = z.object({ id, ...collegeFields });
export const staffCollegeBooksQuery = pageQuery.extend({ collegeId: id, bookName: keyword });
export const collegeOnlyQuery = z.object({ collegeId: id });
export const collegeAppoint = z.object({ collegeId: id, phone: phoneSchema });
export const collegeDismiss = z.object({ collegeId: id, memberId: id });
export const staffOrderPageQuery = pageQuery.extend({
  collegeId: id.optional(),
  status: z.coerce.number({ error: Msg.BAD_REQUEST }).int().min(0).max(2).optional(),
});

// ---- members (staff) ----

export const memberIdBody = z.object({ id });
export const memberPhoneReset = z.object({ id, phone: phoneSchema });
/** A member as the console's search lists them, with where they belong and what their shelf holds. */
export const adminMemberDetail = adminMemberRow.extend({
  memberships: z.array(
    z.object({
      collegeId: z.number().int(),
      collegeName: z.string(),
      roles: z.array(z.number().int()),
      realName: z.string(),
      studentId: z.string(),
      current: z.boolean(),
    }),
  ),
  shelf: z.array(
    z.object({
      bookId: z.number().int(),
      title: z.string(),
      /** purchase, sample, authorization, class, free (contracts' `ShelfSourceLabel`). */
      source: z.string(),
      expiresAt: z.number().nullable(),
      createdAt: z.number(),
    }),
  ),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

// ---- teacher certifications ----

/** 0 waiting, 1 approved, 2 rejected. */
export const CertState = { AUDITING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const CertStateLabel: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

/** A certification's fields (teacher_certs.*), and its one proof picture. */
export const CertLimits = { NAME_MAX: 50, PROOF_MAX: 500, IMAGE_MAX: 300, IMAGES_MAX: 1 } as const;

export const certApply = z
  .object({
    realName: text(CertLimits.NAME_MAX).pipe(z.string().min(1, { error: PeopleMsg.CERT_NAME })),
    collegeId: z.coerce.number({ error: PeopleMsg.CERT_COLLEGE }).int({ error: PeopleMsg.CERT_COLLEGE }).positive({
      error: PeopleMsg.CERT_COLLEGE,
    }),
    proof: text(CertLimits.PROOF_MAX).default(''),
    /** A picture uploaded through `/api/teacherCert/image` first (its address), or none. */
    proofImage: text(CertLimits.IMAGE_MAX).default(''),
  })
  .refine((b) => b.proof !== '' || b.proofImage !== '', { error: PeopleMsg.CERT_PROOF });
export type CertApply = z.infer<typeof certApply>;

export const certRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  collegeId: z.number().int(),
  collegeName: z.string(),
  proof: z.string(),
  proofImage: z.string(),
  state: z.number().int(),
  stateLabel: z.string(),
  reason: z.string(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type CertRow = z.infer<typeof certRow>;
export const certQuery = pageQuery.extend({
  keyword,
  state: z.coerce.number({ error: Msg.BAD_REQUEST }).int().min(0).max(2).optional(),
});
export const certDecide = z.object({ id });
export const certReject = z.object({
  id,
  reason: text(200).pipe(z.string().min(1, { error: PeopleMsg.CERT_REASON })),
});
export const collegeChoiceQuery = z.object({ keyword });
export const collegeChoice = z.object({ id: z.number().int(), name: z.string() });

// ---- scheduled jobs ----

export const JobLabels = {
  'orders.close': '关闭超时未支付订单',
  'homework.remind': '作业截止提醒',
  'operate.probe': '数据库与缓存健康探测',
  'operate.backup': '数据备份',
} as const;
export type JobName = keyof typeof JobLabels;

export const jobRow = z.object({
  name: z.string(),
  label: z.string(),
  everyMs: z.number(),
  paused: z.boolean(),
  running: z.boolean(),
  lastStartedAt: z.number().nullable(),
  lastFinishedAt: z.number().nullable(),
  lastMs: z.number().nullable(),
  lastResult: z.enum(['ok', 'error']).nullable(),
  lastMessage: z.string(),
  runs: z.number().int(),
  failures: z.number().int(),
  nextRunAt: z.number().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;
export const jobNameBody = z.object({ name: text(50).pipe(z.string().min(1, { error: Msg.BAD_REQUEST })) });
