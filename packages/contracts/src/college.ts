import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { Limits } from './constants.js';
import { Msg } from './messages.js';
import { phoneSchema } from './rules.js';

/** Limits of the member import (the template's upload). */
export const CollegeLimits = {
  IMPORT_MAX_MB: 2,
  IMPORT_ROWS_MAX: 2000,
  /** The college's own details (colleges.*). */
  NAME_MAX: 100,
  LOGO_MAX: 255,
  CONTACT_MAX: 50,
  PHONE_MAX: 30,
  ADDRESS_MAX: 200,
  INTRODUCTION_MAX: 2000,
  /** An activation code as typed (dashes and spaces included). */
  CODE_MAX: 40,
  /** How many codes one generation makes, and for how many days they hold. */
  CODE_COUNT: { min: 1, max: 1000 },
  CODE_DAYS: { min: 1, max: 730 },
  /** A college order: seats and months. */
  ORDER_QUANTITY: { min: 1, max: 100_000 },
  ORDER_TERM: { min: 1, max: 60 },
  /** An order's remark, and the publisher's reason for refusing it. */
  REMARK_MAX: 200,
} as const;

/** Messages of college administration (issue 16): ours, the spec shows none. */
export const CollegeMsg = {
  BOOK_MISSING: '该教材不存在或未上架',
  BOOK_ALREADY: '该教材已在本校教材中',
  BOOK_HAS_SEATS: '该教材已有授权记录，不能删除',
  NO_MEMBERS: '请选择授权对象',
  NOT_COLLEGE_MEMBERS: '所选用户不是本校成员',
  CLASS_MISSING: '班级不存在',
  SEATS_SHORT: (left: number) => `剩余授权数量不足（剩余${left}个）`,
  SEATS_BELOW_GIVEN: '减少后的购买数量不能少于已授权数量',
  NOT_HELD: '所选用户未持有该教材的授权',
  AUTHORIZED: (n: number) => `授权成功（新增${n}人）`,
  REVOKED: '已收回授权',
  CODE_COUNT: '生成数量须为1至1000',
  CODE_DAYS: '有效天数须为1至730',
  CODE_REQUIRED: '请输入激活码',
  CODE_WRONG: '激活码不正确，请核对后重新输入',
  CODE_USED: '该激活码已被使用',
  CODE_EXPIRED: '该激活码已过期',
  CODE_REVOKED: '该激活码已作废',
  CODE_TOO_OFTEN: '激活码尝试过于频繁，请1分钟后再试',
  CODE_OTHER_COLLEGE: (college: string) => `该激活码属于${college}，您不是该校成员，无法激活`,
  CODE_ALREADY_HELD: '您已拥有该教材的授权，无需激活',
  CODE_NOT_REVOCABLE: '只能作废未使用的激活码',
  CODE_OK: (book: string) => `激活成功，《${book}》已加入您的书架`,
  NOTHING_TO_EXPORT: '暂无可导出的数据',
  ORDER_QUANTITY: '订购数量须为1至100000',
  ORDER_TERM: '使用期限须为1至60个月',
  ORDER_SUBMITTED: '订单已提交，等待出版社确认',
  ORDER_DECIDED: '该订单已处理',
  NAME_REQUIRED: '请输入学校名称',
  SAVED: '保存成功',
  USER_EXISTS: '该用户已是本校成员',
  USER_ADDED: '添加成功',
  USER_REMOVED: '已移出本校',
  SELF_ADMIN: '不能取消或移除自己的管理员身份',
  ROLES_REQUIRED: '请选择角色',
  COUNT_REQUIRED: '请输入数量',
  DAYS_REQUIRED: '请输入有效天数',
  TERM_REQUIRED: '请输入期限',
  IMPORT_FILE: '请上传按模板填写的xlsx文件',
  IMPORT_TOO_LARGE: `文件不能超过${CollegeLimits.IMPORT_MAX_MB}MB`,
  IMPORT_TOO_MANY: `一次最多导入${CollegeLimits.IMPORT_ROWS_MAX}行`,
  IMPORT_ROLE: '角色须为教师、学生或管理员',
  IMPORT_DUPLICATE: '文件中手机号重复',
  IMPORT_FIELD_MAX: '姓名和学号不能超过50个字',
  IMPORT_SUMMARY: (added: number, updated: number, refused: number, examples = 0) =>
    `导入完成：新增${added}人，更新${updated}人，未导入${refused}行${examples ? `，跳过模板示例${examples}行` : ''}`,
  /** The template's own example row, left in the file: reported, never imported. */
  IMPORT_EXAMPLE_ROW: '模板中的示例行，不导入',
  IMPORT_ONLY_EXAMPLES: '文件中只有模板的示例行，请在示例下方填写成员（示例行不会导入）',
  IMPORT_ALL_DONE: '全部导入成功，没有未导入的行',
  /** A class join that needs a seat of the college's book when none is left (the student is told; so is the teacher). */
  JOIN_NO_SEATS: (book: string) => `本校《${book}》的授权名额已用完，暂时无法加入班级，请联系任课教师或学校管理员`,
  /** The teacher approves students of a college book whose seats are used up. */
  APPROVE_NO_SEATS: (book: string) => `本校《${book}》的授权名额不足，无法通过这些申请，请联系学校管理员`,
  PROVIDED: (n: number) => `发放成功（新增${n}人）`,
  PROVIDE_NOT_STUDENTS: '所选学生不在您的班级中',
} as const;

/** The college's user-facing words the server writes (SMS, notices, ledger reasons, export titles and headers). */
export const CollegeText = {
  SITE: '高校数字教材平台',
  NEW_ACCOUNT_SMS: (college: string) => `【高校数字教材平台】${college}已为您开通账号，请使用本手机号验证码登录。`,
  NEW_USER_NAME: (phone: string) => `用户${phone.slice(-4)}`,
  REASON_GRANT: '管理员授权',
  REASON_GRANT_CLASS: (classId: number) => `按班级授权（班级${classId}）`,
  REASON_REVOKE: '管理员收回授权',
  REASON_REDEEM: '激活码激活',
  REASON_ORDER: (orderId: number) => `订单${orderId}确认`,
  REASON_JOIN: (className: string) => `加入班级“${className}”`,
  REASON_PROVIDE: '教材发放',
  STAFF_BY: (name: string) => `出版社：${name}`,
  FOREVER: '长期',
  VIA: { grant: '管理员授权', code: '激活码', class: '加入班级' } as Record<string, string>,
  KIND: { order: '订购', adjust: '调整', grant: '授权', revoke: '收回', redeem: '激活码' } as Record<string, string>,
  ROLE_NAMES: { 0: '普通用户', 1: '院校管理员', 2: '教师', 3: '学生' } as Record<number, string>,
  /** The words an import row may name its role with. */
  ROLE_WORDS: { 管理员: 1, 院校管理员: 1, 教师: 2, 老师: 2, 学生: 3, '1': 1, '2': 2, '3': 3 } as Record<string, number>,
  DEFAULT_ROLE_WORD: '学生',
  HOLDERS_TITLE: (book: string) => `${book}-授权明细`,
  HOLDERS_HEADERS: { name: '姓名', phone: '手机号', studentId: '学号', via: '方式', time: '授权时间', end: '到期时间' },
  LEDGER_TITLE: (book: string) => `${book}-授权台账`,
  LEDGER_HEADERS: {
    time: '时间',
    kind: '类型',
    bought: '购买变化',
    given: '授权变化',
    member: '对象',
    by: '操作人',
    reason: '原因',
  },
  CODES_TITLE: (book: string) => `${book}-激活码`,
  CODES_HEADERS: { code: '激活码', state: '状态', end: '有效期至', by: '使用人', at: '使用时间' },
  USERS_TITLE: '本校成员',
  USERS_HEADERS: { name: '姓名', phone: '手机号', studentId: '学号', roles: '角色' },
  TEMPLATE_TITLE: '成员导入模板',
  TEMPLATE_HEADERS: { phone: '手机号', name: '姓名', studentId: '学号', role: '角色' },
  /**
   * The template's example row: its name says it is one, and the import skips a row with its phone and name
   * (`isTemplateExample`), so a template filled in below the example imports only the members written in.
   */
  TEMPLATE_EXAMPLE: { phone: '13800000000', name: '张三（示例行，不会导入）', studentId: '2026001', role: '学生' },
  /** Told to the teacher when a student's join finds no seat of the class's book left. */
  NO_SEATS_NOTICE: (className: string, book: string) => `班级“${className}”的教材《${book}》授权名额已用完`,
  NO_SEATS_NOTICE_BODY: (student: string) =>
    `学生${student}因本校授权名额不足未能加入班级，请联系学校管理员订购或调配授权。`,
} as const;

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });
const text = (max: number) =>
  z
    .string({ error: Msg.BAD_REQUEST })
    .trim()
    .max(max, { error: Msg.BAD_REQUEST })
    .transform((s) => s.replaceAll('\0', ''));

/** Export types (spec §9): 0 spreadsheet, 1 text, 2 pdf. */
export const exportType = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .min(0, { error: Msg.BAD_REQUEST })
  .max(2, { error: Msg.BAD_REQUEST })
  .default(0);

// ---- college books and seats ----

export const collegeBookRow = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  bookName: z.string(),
  cover: z.string(),
  boughtCount: z.number().int(),
  givenCount: z.number().int(),
  residueAuthorizeCount: z.number().int(),
  expiresAt: z.number().nullable(),
  createTime: z.number(),
});
export type CollegeBookRow = z.infer<typeof collegeBookRow>;

export const collegeBookPageQuery = pageQuery.extend({ bookName: text(Limits.SEARCH_MAX).optional() });
export const collegeBookSave = z.object({ bookId: id });
export const collegeBookUpdate = z.object({
  id,
  /** The end of the college's right to the book (epoch ms), or null for none. */
  expiresAt: z.number({ error: Msg.BAD_REQUEST }).int({ error: Msg.BAD_REQUEST }).positive().nullable(),
});
export const collegeBookIdQuery = z.object({ id });
export const collegeBookExportQuery = z.object({ id, type: exportType });

export const seatCounts = z.object({
  boughtCount: z.number().int(),
  givenCount: z.number().int(),
  residueAuthorizeCount: z.number().int(),
});

export const seatAdjust = z.object({
  collegeId: id,
  bookId: id,
  delta: z.coerce
    .number({ error: Msg.BAD_REQUEST })
    .int({ error: Msg.BAD_REQUEST })
    .min(-100_000, { error: Msg.BAD_REQUEST })
    .max(100_000, { error: Msg.BAD_REQUEST })
    .refine((n) => n !== 0, { error: Msg.BAD_REQUEST }),
  reason: text(200).pipe(z.string().min(1, { error: Msg.BAD_REQUEST })),
});

export const bookAuthorize = z
  .object({
    id,
    memberIds: z.array(id, { error: Msg.BAD_REQUEST }).max(999, { error: Msg.BAD_REQUEST }).optional(),
    classId: id.optional(),
  })
  .refine((v) => (v.memberIds?.length ?? 0) > 0 || v.classId !== undefined, { error: CollegeMsg.NO_MEMBERS });
export const revokeAuthorize = z.object({
  id,
  memberIds: z
    .array(id, { error: Msg.BAD_REQUEST })
    .min(1, { error: CollegeMsg.NO_MEMBERS })
    .max(999, { error: Msg.BAD_REQUEST }),
});
export const authorizeResult = z.object({ granted: z.number().int(), already: z.number().int() });

export const authorizeMemberQuery = pageQuery.extend({ id, keyword: text(Limits.SEARCH_MAX).optional() });
export const authorizeMember = z.object({
  memberId: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  studentId: z.string(),
  via: z.string(),
  expiresAt: z.number().nullable(),
  createTime: z.number(),
});
export type AuthorizeMember = z.infer<typeof authorizeMember>;

export const myAuthorize = z.object({
  bookId: z.number().int(),
  bookName: z.string(),
  cover: z.string(),
  collegeName: z.string(),
  via: z.string(),
  expiresAt: z.number().nullable(),
  createTime: z.number(),
});

export const collegeClass = z.object({
  id: z.number().int(),
  name: z.string(),
  teacherName: z.string(),
  studentCount: z.number().int(),
});

export const ledgerRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  boughtDelta: z.number().int(),
  givenDelta: z.number().int(),
  memberName: z.string(),
  byName: z.string(),
  reason: z.string(),
  createTime: z.number(),
});

// ---- activation codes ----

export const CodeState = { UNUSED: 'unused', REDEEMED: 'redeemed', EXPIRED: 'expired', REVOKED: 'revoked' } as const;
export const codeStateText: Record<string, string> = {
  unused: '未使用',
  redeemed: '已使用',
  expired: '已过期',
  revoked: '已作废',
};

export const codeGenerate = z.object({
  id,
  count: z.coerce
    .number({ error: CollegeMsg.CODE_COUNT })
    .int({ error: CollegeMsg.CODE_COUNT })
    .min(CollegeLimits.CODE_COUNT.min, { error: CollegeMsg.CODE_COUNT })
    .max(CollegeLimits.CODE_COUNT.max, { error: CollegeMsg.CODE_COUNT }),
  days: z.coerce
    .number({ error: CollegeMsg.CODE_DAYS })
    .int({ error: CollegeMsg.CODE_DAYS })
    .min(CollegeLimits.CODE_DAYS.min, { error: CollegeMsg.CODE_DAYS })
    .max(CollegeLimits.CODE_DAYS.max, { error: CollegeMsg.CODE_DAYS }),
});
export const codeBatch = z.object({ batch: z.number().int(), count: z.number().int(), codes: z.array(z.string()) });

export const codePageQuery = pageQuery.extend({
  id,
  state: z.enum(['unused', 'redeemed', 'expired', 'revoked'], { error: Msg.BAD_REQUEST }).optional(),
});
export const codeExportQuery = z.object({ id, type: exportType, batch: id.optional() });
export const codeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  batch: z.number().int(),
  state: z.string(),
  redeemedBy: z.string(),
  redeemedAt: z.number().nullable(),
  expiresAt: z.number(),
  createTime: z.number(),
});
export type CodeRow = z.infer<typeof codeRow>;
export const codeRevoke = z.object({ id });
export const codeRedeem = z.object({
  code: z
    .string({ error: CollegeMsg.CODE_REQUIRED })
    .trim()
    .min(1, { error: CollegeMsg.CODE_REQUIRED })
    .max(CollegeLimits.CODE_MAX, { error: CollegeMsg.CODE_WRONG }),
});
export const redeemResult = z.object({ bookId: z.number().int(), bookName: z.string(), collegeName: z.string() });

/** Shows a code in groups of four (ABCD-EFGH-JKMN); redemption ignores the dashes, spaces and case. */
export function formatActiveCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

// ---- college orders ----

export const orderBook = z.object({
  bookId: id,
  quantity: z.coerce
    .number({ error: CollegeMsg.ORDER_QUANTITY })
    .int({ error: CollegeMsg.ORDER_QUANTITY })
    .min(CollegeLimits.ORDER_QUANTITY.min, { error: CollegeMsg.ORDER_QUANTITY })
    .max(CollegeLimits.ORDER_QUANTITY.max, { error: CollegeMsg.ORDER_QUANTITY }),
  termMonths: z.coerce
    .number({ error: CollegeMsg.ORDER_TERM })
    .int({ error: CollegeMsg.ORDER_TERM })
    .min(CollegeLimits.ORDER_TERM.min, { error: CollegeMsg.ORDER_TERM })
    .max(CollegeLimits.ORDER_TERM.max, { error: CollegeMsg.ORDER_TERM }),
  remark: text(CollegeLimits.REMARK_MAX).optional(),
});
export const orderPageQuery = pageQuery.extend({
  status: z.coerce.number({ error: Msg.BAD_REQUEST }).int().min(0).max(2).optional(),
});
export const collegeOrderRow = z.object({
  id: z.number().int(),
  collegeId: z.number().int(),
  collegeName: z.string(),
  bookId: z.number().int(),
  bookName: z.string(),
  quantity: z.number().int(),
  termMonths: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  createTime: z.number(),
  decidedAt: z.number().nullable(),
});
export type CollegeOrderRow = z.infer<typeof collegeOrderRow>;
export const orderDecide = z.object({ id, remark: text(CollegeLimits.REMARK_MAX).optional() });

// ---- college details ----

export const collegeDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  introduction: z.string(),
  memberCount: z.number().int(),
});
export type CollegeDetail = z.infer<typeof collegeDetail>;
export const collegeEdit = z.object({
  name: text(CollegeLimits.NAME_MAX).pipe(z.string().min(1, { error: CollegeMsg.NAME_REQUIRED })),
  logo: text(CollegeLimits.LOGO_MAX).default(''),
  contact: text(CollegeLimits.CONTACT_MAX).default(''),
  phone: text(CollegeLimits.PHONE_MAX).default(''),
  address: text(CollegeLimits.ADDRESS_MAX).default(''),
  introduction: text(CollegeLimits.INTRODUCTION_MAX).default(''),
});

export const collegeUserQuery = pageQuery.extend({
  keyword: text(Limits.SEARCH_MAX).optional(),
  role: z.coerce.number({ error: Msg.BAD_REQUEST }).int().min(0).max(3).optional(),
});
export const collegeUserRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  studentId: z.string(),
  roles: z.array(z.number().int()),
  /** May hand seats to the students of their classes (textbook distribution, /my/provideBook). */
  hasGrant: z.boolean(),
  createTime: z.number(),
});
export type CollegeUserRow = z.infer<typeof collegeUserRow>;

const roleList = z
  .array(z.coerce.number({ error: Msg.BAD_REQUEST }).int().min(0).max(3), { error: CollegeMsg.ROLES_REQUIRED })
  .min(1, { error: CollegeMsg.ROLES_REQUIRED })
  .max(4, { error: Msg.BAD_REQUEST });
const userFields = {
  realName: text(Limits.STUDENT_NAME_MAX).default(''),
  studentId: text(Limits.STUDENT_ID_MAX).default(''),
  roles: roleList,
  hasGrant: z.boolean({ error: Msg.BAD_REQUEST }).optional(),
};
export const collegeUserSave = z.object({ phone: phoneSchema, ...userFields });
export const collegeUserUpdate = z.object({ id, ...userFields });
export const collegeUserIdQuery = z.object({ id });
export const phoneQuery = z.object({ phone: phoneSchema });
export const nameByPhone = z.object({ exists: z.boolean(), name: z.string(), inCollege: z.boolean() });
export const collegeUserExportQuery = z.object({ type: exportType });

// ---- textbook distribution (/my/provideBook) ----

export const provideClass = z.object({
  id: z.number().int(),
  name: z.string(),
  bookId: z.number().int(),
  bookName: z.string(),
  studentCount: z.number().int(),
});
export type ProvideClass = z.infer<typeof provideClass>;
/** What a distributor may hand out: the college's books with their seats, and the classes they teach. */
export const provideOptions = z.object({ books: z.array(collegeBookRow), classes: z.array(provideClass) });
export type ProvideOptions = z.infer<typeof provideOptions>;
export const provideStudent = z.object({
  memberId: z.number().int(),
  name: z.string(),
  studentId: z.string(),
  /** Holds a seat of the book asked about already. */
  held: z.boolean(),
});
export type ProvideStudent = z.infer<typeof provideStudent>;
export const provideStudentsQuery = z.object({ id, classId: id });
/** Hands a seat of the college book to the class's students (all of them, or those chosen). */
export const provideBody = z.object({
  id,
  classId: id,
  memberIds: z.array(id, { error: Msg.BAD_REQUEST }).max(999, { error: Msg.BAD_REQUEST }).optional(),
});
export type ProvideBody = z.infer<typeof provideBody>;

export const importRow = z.object({
  row: z.number().int(),
  phone: z.string(),
  /** `example`: the template's own example row, left out (its reason says so). */
  result: z.enum(['added', 'updated', 'refused', 'example']),
  reason: z.string(),
});
export const importResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  refused: z.number().int(),
  /** The template's example rows found in the file and skipped. */
  examples: z.number().int(),
  rows: z.array(importRow),
});
export type ImportResult = z.infer<typeof importResult>;
