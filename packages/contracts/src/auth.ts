import { z } from 'zod';
import { Limits } from './constants.js';
import { Msg } from './messages.js';
import { phoneSchema } from './rules.js';
import { StaffRoles, staffRolesField } from './admin.js';

/** Messages of the accounts area that the spec leaves to us (the spec's own are in `Msg`). */
export const AuthMsg = {
  CODE_SENT: '验证码已发送',
  CODE_WRONG: '验证码错误',
  CODE_EXPIRED: '验证码已失效，请重新获取',
  SMS_TOO_OFTEN: '验证码发送过于频繁，请60秒后再试',
  SMS_DAILY_PHONE: '该手机号今日获取验证码次数已达上限，请明天再试',
  SMS_DAILY_ADDRESS: '今日获取验证码次数已达上限，请明天再试',
  CAPTCHA_REQUIRED: '请先完成滑块验证',
  CAPTCHA_FAILED: '验证未通过，请重试',
  CAPTCHA_EXPIRED: '验证已过期，请重试',
  CAPTCHA_TOO_MANY: '滑块验证失败次数过多，请1小时后再试',
  LOGIN_FAILED: '手机号或密码错误',
  ACCOUNT_LOCKED: (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`,
  PHONE_NOT_REGISTERED: '该手机号未注册',
  PHONE_TAKEN: '该手机号已被其他账号使用',
  PASSWORD_UNREADABLE: '密码格式不正确，请刷新页面后重试',
  RESET_DONE: '密码重置成功',
  PASSWORD_CHANGED: '密码修改成功',
  PHONE_CHANGED: '手机号修改成功',
  NAME_REQUIRED: '请输入姓名',
  NAME_TOO_LONG: '姓名不能超过50个字',
  AVATAR_TYPE: '请上传 JPG、PNG、GIF 或 WEBP 格式的图片',
  AVATAR_TOO_LARGE: '头像图片不能超过2MB',
  NOT_IN_COLLEGE: '您不是该学院的成员',
  REDIRECT_NOT_ALLOWED: '不允许跳转到该地址',
  /** A cookie-authenticated write without the web client's header (cross-site request forgery). */
  CSRF_REFUSED: '请求来源无法验证，请刷新页面后重试',
  /** After a single sign-on return changed who is logged in. */
  LOGGED_IN_AS: (name: string) => `当前登录账号：${name}`,
  STAFF_LOGIN_FAILED: '用户名或密码错误',
  STAFF_NAME_TAKEN: '用户名已存在',
  OLD_PHONE_FIRST: '请先验证原手机号',
  SAME_PHONE: '新手机号不能与原手机号相同',
  NO_PHONE: '请先绑定手机号',
  EDITOR_MISSING: '营销编辑器未配置',
  NAME_UPDATED: '修改成功',
  BIND_REQUIRED: '首次登录请绑定手机号',
  BIND_EXPIRED: '绑定已过期，请重新登录',
  EXTERNAL_FAILED: '第三方登录失败，请重试',
} as const;

const required = z.string({ error: Msg.INCOMPLETE }).min(1, { error: Msg.INCOMPLETE });

/** Password login (spec §7): `password` is the client-side ciphertext (see `PASSWORD_CIPHER`). */
export const pwdLoginBody = z.object({ phonenumber: phoneSchema, password: required });

/** Code login; a phone without an account registers when the agreement box is ticked. */
export const smsLoginBody = z.object({
  phoneNumber: phoneSchema,
  code: required,
  checked: z.boolean().optional(),
});

export const loginCodeQuery = z.object({ phoneNumber: phoneSchema, ticket: z.string().optional() });

export const forgotPwdBody = z.object({
  phoneNumber: phoneSchema,
  code: required,
  password: required,
  confirmPassword: required,
  checked: z.boolean().optional(),
});

export const tokenAnswer = z.object({ token: z.string() });

/** A token handed over in a single sign-on return address, made the browser's session (once). */
export const adoptTokenBody = z.object({ token: z.string().min(1).max(200) });
export const adoptTokenAnswer = z.object({ id: z.number().int(), name: z.string() });

/** The slider puzzle: a background with a gap and the piece that fits it, both PNG data URLs. */
export const captchaPuzzle = z.object({
  captchaId: z.string(),
  image: z.string(),
  piece: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  y: z.number().int(),
});
export type CaptchaPuzzle = z.infer<typeof captchaPuzzle>;

export const captchaCheckBody = z.object({
  captchaId: z.string().min(1).max(64),
  x: z.number(),
  /** The drag as sampled by the browser: horizontal offset and milliseconds since the press. */
  track: z.array(z.object({ x: z.number(), t: z.number() })).max(2000),
});

/**
 * The fixed symmetric scheme for passwords in transit (spec §9): AES-256-GCM with the key from the
 * server's configuration (`GET /api/auth/cipher`), a random 12-byte IV, and the payload
 * base64(iv ‖ ciphertext ‖ tag). It is obfuscation; the server still hashes with argon2id.
 */
export const PASSWORD_CIPHER = 'AES-256-GCM' as const;
export const cipherInfo = z.object({ algorithm: z.literal(PASSWORD_CIPHER), key: z.string() });

/** A college of the member (`GET /api/college`), with the roles held there. */
export const memberCollege = z.object({
  id: z.number().int(),
  name: z.string(),
  roleList: z.array(z.number().int()),
  current: z.boolean(),
});
export type MemberCollege = z.infer<typeof memberCollege>;

export const updateNameBody = z.object({
  userName: z
    .string({ error: AuthMsg.NAME_REQUIRED })
    .trim()
    .min(1, { error: AuthMsg.NAME_REQUIRED })
    .max(Limits.USER_NAME_MAX, { error: AuthMsg.NAME_TOO_LONG }),
});

/** Change password with a code sent to the current phone (passwords encrypted like login). */
export const changePwdBody = z.object({ code: required, password: required, confirmPassword: required });

export const phoneCodeQuery = z.object({ phoneNumber: phoneSchema.optional(), code: required });
export const newPhoneQuery = z.object({ phoneNumber: phoneSchema });
export const changePhoneQuery = z.object({ newPhone: phoneSchema, code: required });

/** Staff sign-in: user name and the client-encrypted password. */
export const staffLoginBody = z.object({ userName: required, password: required });

export const staffInfo = z.object({
  id: z.number().int(),
  userName: z.string(),
  displayName: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  /** Roles (`super` for an administrator) and the console menus they open. */
  roles: z.array(z.enum(StaffRoles)),
  menus: z.array(z.string()),
});
export type StaffInfo = z.infer<typeof staffInfo>;

export const staffCreateBody = z.object({
  userName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,50}$/, { error: '用户名为3至50位字母、数字或 _ . -' }),
  displayName: z.string().trim().max(50).default(''),
  password: required,
  isAdmin: z.boolean().default(false),
  roles: staffRolesField.default([]),
});

export const staffUpdateBody = z.object({
  id: z.number().int().positive(),
  displayName: z.string().trim().max(50).optional(),
  isAdmin: z.boolean().optional(),
  disabled: z.boolean().optional(),
  password: z.string().min(1).optional(),
  roles: staffRolesField.optional(),
});

/** Binding mode (answer 501 of an external login): the pending login's token, the phone and its code. */
export const bindPhoneBody = z.object({
  bindToken: required,
  phoneNumber: phoneSchema,
  code: required,
  checked: z.boolean().optional(),
});

export const externalCallbackBody = z.object({
  provider: z.string().min(1).max(50),
  code: z.string().min(1).max(2000),
});
