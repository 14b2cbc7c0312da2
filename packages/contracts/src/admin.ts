import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';

/**
 * The publisher's admin console (issue 19): staff roles, the console's menus and which roles open each, the audit
 * log of staff changes, and the operating screens (online users, members, monitor, caches).
 */

/** Staff roles. `super` (the staff administrator, `staff.is_admin`) may do everything. */
export const StaffRoles = ['super', 'editor', 'reviewer', 'finance'] as const;
export type StaffRole = (typeof StaffRoles)[number];
export const StaffRoleLabel: Record<StaffRole, string> = {
  super: '超级管理员',
  editor: '编辑',
  reviewer: '审核员',
  finance: '财务',
};

/**
 * The console's menus and the roles that open each (the super administrator opens all). The server's staff
 * policies map every admin action to one of these menus (`server/src/policies/staff-access.ts`), so a menu shown
 * is a menu whose routes answer.
 */
export const StaffMenus = {
  books: { label: '图书管理', roles: ['editor'] },
  site: { label: '站点管理', roles: ['editor'] },
  review: { label: '审核', roles: ['reviewer'] },
  orders: { label: '订单与支付', roles: ['finance'] },
  colleges: { label: '院校与订单', roles: ['finance'] },
  staff: { label: '员工与权限', roles: [] },
  audit: { label: '审计日志', roles: [] },
  operate: { label: '运维', roles: [] },
} as const satisfies Record<string, { label: string; roles: readonly StaffRole[] }>;
export type StaffMenu = keyof typeof StaffMenus;
export const StaffMenuKeys = Object.keys(StaffMenus) as StaffMenu[];

/** The menus a staff member with these roles opens. */
export function menusOfRoles(roles: readonly StaffRole[]): StaffMenu[] {
  if (roles.includes('super')) return StaffMenuKeys;
  return StaffMenuKeys.filter((menu) =>
    (StaffMenus[menu].roles as readonly StaffRole[]).some((role) => roles.includes(role)),
  );
}

/** The console's review buttons and reject dialog (teacher certifications, sample applications, content audit). */
export const ReviewText = {
  APPROVE: '通过',
  REJECT: '驳回',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  REASON: '驳回原因',
  REASON_REQUIRED: '请填写驳回原因',
} as const;

/** The console lists' bar: the filter form's buttons and the published filter. */
export const TableText = {
  SEARCH: '查询',
  RESET: '重置',
  STATUS: '状态',
  PUBLISHED: '已发布',
  UNPUBLISHED: '未发布',
} as const;

export const AdminMsg = {
  CONFIRM_DELETE: '确定删除吗？',
  FORCED_OFFLINE: '已强制下线',
  CACHE_CLEARED: '缓存已清除',
  NO_SUCH_CACHE: '没有这个缓存',
  NOT_OWN_ROLES: '不能修改自己的角色',
  USER_NAME_REQUIRED: '请输入用户名',
  PASSWORD_REQUIRED: '请输入密码',
  ROLES_REQUIRED: '请至少选择一个角色',
  PHONE_REQUIRED: '请输入手机号',
  AUDIT_FILE: '审计日志',
  AUDIT_HEADERS: ['时间', '员工', '操作', '方法', '地址', '对象', '修改前', '修改后'],
} as const;

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });
const time = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .nonnegative({ error: Msg.BAD_REQUEST });

export const staffRolesField = z.array(z.enum(StaffRoles, { error: Msg.BAD_REQUEST })).max(4);

/** The audit log: every staff write under /api/admin, who, what, before and after. */
export const auditQuery = pageQuery.extend({
  staffId: id.optional(),
  /** The action (policy) or words of the address. */
  keyword: z.string().trim().max(50).optional(),
  from: time.optional(),
  to: time.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditRow = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  action: z.string(),
  method: z.string(),
  url: z.string(),
  summary: z.string(),
  target: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  createdAt: z.number(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** Online users: members' open sessions. */
export const onlineQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type OnlineQuery = z.infer<typeof onlineQuery>;
export const onlineRow = z.object({
  sessionId: z.number().int(),
  memberId: z.number().int(),
  phone: z.string().nullable(),
  name: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  expiresAt: z.number(),
});
export type OnlineRow = z.infer<typeof onlineRow>;
export const forceLogoutBody = z
  .object({ sessionId: id.optional(), memberId: id.optional() })
  .refine((b) => b.sessionId !== undefined || b.memberId !== undefined, { error: Msg.BAD_REQUEST });

/** Members: search by phone or name. */
export const adminMemberQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type AdminMemberQuery = z.infer<typeof adminMemberQuery>;
export const adminMemberRow = z.object({
  id: z.number().int(),
  phone: z.string().nullable(),
  userName: z.string(),
  realName: z.string(),
  disabled: z.boolean(),
  createdAt: z.number(),
  sessions: z.number().int(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRow>;

/** Server monitor. */
export const monitorAnswer = z.object({
  uptimeSeconds: z.number(),
  memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), external: z.number() }),
  cpu: z.object({ userMs: z.number(), systemMs: z.number(), percent: z.number() }),
  eventLoop: z.object({ meanMs: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  database: z.object({ dialect: z.string(), ok: z.boolean(), ms: z.number() }),
  redis: z.object({ configured: z.boolean(), ok: z.boolean(), ms: z.number() }),
  workers: z.array(z.object({ name: z.string(), threads: z.number(), busy: z.number(), queued: z.number() })),
  /** The numbers of `GET /metrics` (Prometheus), read from the same registry; histograms as `_sum` and `_count`. */
  metrics: z.array(
    z.object({
      name: z.string(),
      help: z.string(),
      type: z.enum(['counter', 'gauge', 'histogram']),
      values: z.array(
        z.object({
          labels: z.record(z.string(), z.string()),
          value: z.number(),
          metricName: z.string().optional(),
        }),
      ),
    }),
  ),
});
export type MonitorMetric = MonitorAnswer['metrics'][number];
export type MonitorAnswer = z.infer<typeof monitorAnswer>;

/** The read caches of this instance. */
export const cacheRow = z.object({
  name: z.string(),
  entries: z.number().int(),
  ttlMs: z.number(),
  maxEntries: z.number(),
});
export type CacheRow = z.infer<typeof cacheRow>;
export const cacheClearBody = z.object({ name: z.string().trim().min(1, { error: Msg.BAD_REQUEST }).max(100) });

/** Staff's book list: every book, published or not. */
export const AdminBookSorts = ['newest', 'title', 'updated'] as const;
export const adminBookQuery = pageQuery.extend({
  /** Words of the title, authors or ISBN. */
  keyword: z.string().trim().max(100).optional(),
  published: z.enum(['0', '1']).optional(),
  /** A subject and every subject below it. */
  subjectId: id.optional(),
  sort: z.enum(AdminBookSorts).default('newest'),
});
export type AdminBookQuery = z.infer<typeof adminBookQuery>;
export const adminBookRow = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  authors: z.string(),
  isbn: z.string(),
  publisher: z.string(),
  description: z.string(),
  /** Yuan. */
  price: z.number(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string(),
  collectionId: z.number().int().nullable(),
  collectionName: z.string(),
  published: z.boolean(),
  recommended: z.boolean(),
  sampleAutoApprove: z.boolean(),
  edition: z.number().int(),
  updatedAt: z.number(),
});
export type AdminBookRow = z.infer<typeof adminBookRow>;
