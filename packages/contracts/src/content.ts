import { z } from 'zod';
import { Limits } from './constants.js';
import { Msg } from './messages.js';
import { sortOrder } from './rules.js';

/** Messages of site content, help, feedback and notices that the spec leaves to us (spec's own ones are in Msg). */
export const SiteMsg = {
  TITLE_REQUIRED: '请输入标题',
  MENU_NAME_REQUIRED: '请输入菜单名称',
  LINK_NAME_REQUIRED: '请输入链接名称',
  URL_REQUIRED: '请输入链接地址',
  URL_UNSAFE: '链接地址须以 http://、https:// 或 / 开头',
  FEEDBACK_REQUIRED: '请输入反馈内容',
  FEEDBACK_TOO_LONG: '反馈内容不能超过500个字',
  CONTACT_TOO_LONG: '联系方式不能超过50个字',
  IMAGES_TOO_MANY: '截图最多上传3张',
  QUOTE_TOO_LONG: '引用内容不能超过500个字',
  REPLY_REQUIRED: '请输入回复内容',
  AUDIT_REASON_REQUIRED: '请填写审核不通过的原因',
  NOTICE_TITLE_REQUIRED: '请输入通知标题',
  IMAGE_REQUIRED: '请上传 PNG、JPEG、GIF 或 WebP 图片',
  MENU_HAS_CHILDREN: '请先删除该菜单的子菜单',
  VERSION_REQUIRED: '请输入版本号',
  TOPIC_REQUIRED: '请选择主题',
  PLATFORM_REQUIRED: '请选择平台',
  FEEDBACK_CLOSED: '该反馈已关闭',
  MENU_UNDER_ITSELF: '菜单不能移到自身或其子菜单之下',
  CONTENT_NOT_FAILED: '只有待修改的内容可以重新提交审核',
  HELP_TOPIC_MISSING: '所选帮助分类不存在，请刷新后重新选择',
  MENU_MISSING: '所选菜单不存在，请刷新后重新选择',
  /** The content check's reason (the {reason} of Msg.AUDIT_FAILED): the word of the list the text holds. */
  AUDIT_WORD: (word: string) => `含有不当用语“${word}”`,
} as const;

/**
 * A link a staff member stores for the site (menus, footer links, content links, notices, pictures, downloads):
 * an http(s) address or a path of this site. Anything else (`javascript:`, `data:`, protocol-relative `//host`)
 * is refused; '' stays allowed where the field is optional.
 */
export function isSafeLink(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (/^https?:\/\/[^\s/?#]+/i.test(v)) return true;
  return v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\');
}
const safeLink = (max: number) => z.string().max(max).refine(isSafeLink, { error: SiteMsg.URL_UNSAFE });
const requiredLink = z
  .string({ error: SiteMsg.URL_REQUIRED })
  .trim()
  .min(1, { error: SiteMsg.URL_REQUIRED })
  .max(Limits.URL_MAX)
  .refine(isSafeLink, { error: SiteMsg.URL_UNSAFE });

export const SiteLimits = {
  MENU_NAME_MAX: 50,
  LINK_NAME_MAX: 100,
  TITLE_MAX: 200,
  /** A help topic's name. */
  TOPIC_NAME_MAX: 50,
  SUMMARY_MAX: 500,
  /** Why a member's writing was refused. */
  REVIEW_REASON_MAX: 500,
  SITE_NAME_MAX: 100,
  COPYRIGHT_MAX: 300,
  ICP_MAX: 100,
  LOGO_ALT_MAX: 100,
  VERSION_MAX: 30,
  NOTES_MAX: 5000,
  REPLY_MAX: 2000,
  FEEDBACK_MAX: 500,
  CONTACT_MAX: 50,
  FEEDBACK_IMAGES_MAX: 3,
  QUOTE_MAX: 500,
  IMAGE_MAX_BYTES: 5 * 1024 * 1024,
} as const;

/** Content audit states (spec §3): 0 pending, 1 passed, 2 failed. */
export const AuditState = { PENDING: 0, PASSED: 1, FAILED: 2 } as const;

/** Kinds of content items. `page` fills a single page (faq, about…); `agreement`/`privacy` back the login dialog. */
export const CONTENT_TYPES = ['news', 'article', 'page', 'imageText', 'agreement', 'privacy'] as const;
export const contentType = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof contentType>;

const idParam = z.coerce.number().int().positive();

/** A content item in a list (no body). */
export const contentSummary = z.object({
  id: z.number().int(),
  menuId: z.number().int().nullable(),
  contentType: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  link: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type ContentSummary = z.infer<typeof contentSummary>;

export const contentItem = contentSummary.extend({ body: z.string(), menuName: z.string().nullable() });
export type ContentItem = z.infer<typeof contentItem>;

/** An item as its author or staff sees it: with the audit state and, for a failed audit, the spec's message. */
export const ownContentItem = contentItem.extend({
  auditState: z.number().int(),
  auditRemark: z.string(),
  /** 因内容审核不通过，建议修改后重新发布（{reason}） when auditState is 2, else ''. */
  auditMessage: z.string(),
  published: z.number().int(),
  sort: z.number().int(),
  authorMemberId: z.number().int().nullable(),
  /** Written in the console by this staff member (who sees the audit's reason), or null. */
  authorStaffId: z.number().int().nullable(),
  authorStaffName: z.string().nullable(),
});
export type OwnContentItem = z.infer<typeof ownContentItem>;

export function auditMessage(state: number, remark: string): string {
  return state === AuditState.FAILED ? Msg.AUDIT_FAILED(remark) : '';
}

export const contentListQuery = z.object({
  menuId: idParam.optional(),
  /** A menu's path instead of its id (faq, about…: the page finds its menu by address). */
  path: safeLink(Limits.URL_MAX).optional(),
  contentType: z.string().max(20).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(999).default(10),
});

const title = z
  .string({ error: SiteMsg.TITLE_REQUIRED })
  .trim()
  .min(1, { error: SiteMsg.TITLE_REQUIRED })
  .max(SiteLimits.TITLE_MAX);

export const contentWrite = z.object({
  menuId: z.number().int().positive().nullable().optional(),
  contentType,
  title,
  summary: z.string().max(SiteLimits.SUMMARY_MAX).optional(),
  body: z.string().max(200_000).optional(),
  cover: safeLink(Limits.URL_MAX).optional(),
  link: safeLink(Limits.URL_MAX).optional(),
  sort: sortOrder.optional(),
  published: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type ContentWrite = z.infer<typeof contentWrite>;

/** A member's own writing (the teaching issues add kinds); it waits for staff audit. */
export const memberContentWrite = z.object({
  title,
  summary: z.string().max(SiteLimits.SUMMARY_MAX).optional(),
  body: z.string().max(200_000).optional(),
});

export const auditBody = z
  .object({ pass: z.boolean(), reason: z.string().trim().max(SiteLimits.REVIEW_REASON_MAX).optional() })
  .refine((b) => b.pass || (b.reason ?? '').length > 0, { message: SiteMsg.AUDIT_REASON_REQUIRED, path: ['reason'] });

export const menuWrite = z.object({
  menuName: z
    .string({ error: SiteMsg.MENU_NAME_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.MENU_NAME_REQUIRED })
    .max(SiteLimits.MENU_NAME_MAX),
  parentId: z.number().int().min(0).optional(),
  path: safeLink(Limits.URL_MAX).optional(),
  contentType: z.string().max(20).optional(),
  sort: sortOrder.optional(),
  visible: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const footerLinkWrite = z.object({
  linkName: z
    .string({ error: SiteMsg.LINK_NAME_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.LINK_NAME_REQUIRED })
    .max(SiteLimits.LINK_NAME_MAX),
  linkPic: safeLink(Limits.URL_MAX).optional(),
  linkUrl: requiredLink,
  sort: sortOrder.optional(),
  visible: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const bottomMenuWrite = z.object({
  name: z
    .string({ error: SiteMsg.MENU_NAME_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.MENU_NAME_REQUIRED })
    .max(SiteLimits.MENU_NAME_MAX),
  url: requiredLink,
  sort: sortOrder.optional(),
  visible: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const siteInfoWrite = z.object({
  siteName: z.string().max(SiteLimits.SITE_NAME_MAX).optional(),
  copyright: z.string().max(SiteLimits.COPYRIGHT_MAX).optional(),
  icp: z.string().max(SiteLimits.ICP_MAX).optional(),
  toolbar: z
    .object({
      logo: safeLink(Limits.URL_MAX).optional(),
      logoAlt: z.string().max(SiteLimits.LOGO_ALT_MAX).optional(),
      footerLogo: z.string().max(Limits.URL_MAX).optional(),
      userAgreementId: z.number().int().nullable().optional(),
      privacyPolicyId: z.number().int().nullable().optional(),
    })
    .optional(),
});

export const sortBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(999) });

// ---- client versions (download page)

export const VERSION_PLATFORMS = ['android', 'ios', 'windows', 'mac'] as const;

export const appVersion = z.object({
  id: z.number().int(),
  platform: z.string(),
  version: z.string(),
  notes: z.string(),
  fileUrl: z.string(),
  storeUrl: z.string(),
  qrCode: z.string(),
  published: z.number().int(),
  createTime: z.number().int(),
});
export type AppVersion = z.infer<typeof appVersion>;

export const versionWrite = z.object({
  platform: z.enum(VERSION_PLATFORMS, { error: SiteMsg.PLATFORM_REQUIRED }),
  version: z
    .string({ error: SiteMsg.VERSION_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.VERSION_REQUIRED })
    .max(SiteLimits.VERSION_MAX),
  notes: z.string().max(SiteLimits.NOTES_MAX).optional(),
  fileUrl: safeLink(Limits.URL_MAX).optional(),
  storeUrl: safeLink(Limits.URL_MAX).optional(),
  qrCode: z.string().max(Limits.URL_MAX).optional(),
  published: z.union([z.literal(0), z.literal(1)]).optional(),
});

// ---- help

export const helpTopic = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int() });
export type HelpTopic = z.infer<typeof helpTopic>;

export const helpContent = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  topicName: z.string(),
  title: z.string(),
  body: z.string(),
  readCount: z.number().int(),
  updateTime: z.number().int(),
});
export type HelpContent = z.infer<typeof helpContent>;

export const helpContentQuery = z.object({
  topicId: idParam.optional(),
  id: idParam.optional(),
  keyword: z.string().trim().max(50).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(999).default(10),
});

export const helpTopicWrite = z.object({
  name: z
    .string({ error: SiteMsg.TITLE_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.TITLE_REQUIRED })
    .max(SiteLimits.TOPIC_NAME_MAX),
  sort: sortOrder.optional(),
});
export const helpContentWrite = z.object({
  topicId: z.number().int().positive(),
  title,
  body: z.string().max(200_000).optional(),
  sort: sortOrder.optional(),
});

// ---- feedback

const feedbackText = z
  .string({ error: SiteMsg.FEEDBACK_REQUIRED })
  .trim()
  .min(1, { error: SiteMsg.FEEDBACK_REQUIRED })
  .max(SiteLimits.FEEDBACK_MAX, { error: SiteMsg.FEEDBACK_TOO_LONG });

export const feedbackAdd = z.object({
  content: feedbackText,
  contact: z.string().trim().max(SiteLimits.CONTACT_MAX, { error: SiteMsg.CONTACT_TOO_LONG }).optional(),
  /** Screenshot URLs answered by the upload route. */
  images: z
    .array(z.string().max(255))
    .max(SiteLimits.FEEDBACK_IMAGES_MAX, { error: SiteMsg.IMAGES_TOO_MANY })
    .optional(),
});

export const errorFeedbackAdd = z.object({
  bookId: z.number().int().positive(),
  chapterId: z.number().int().positive().nullable().optional(),
  quote: z.string().max(SiteLimits.QUOTE_MAX, { error: SiteMsg.QUOTE_TOO_LONG }).optional(),
  content: feedbackText,
});

export const feedbackItem = z.object({
  id: z.number().int(),
  /** general | error */
  kind: z.string(),
  content: z.string(),
  contact: z.string(),
  images: z.array(z.string()),
  bookId: z.number().int().nullable(),
  bookName: z.string().nullable(),
  chapterId: z.number().int().nullable(),
  chapterName: z.string().nullable(),
  quote: z.string(),
  reply: z.string(),
  replyTime: z.number().int().nullable(),
  /** When staff closed it (no further replies), or null. */
  closeTime: z.number().int().nullable(),
  createTime: z.number().int(),
  memberId: z.number().int(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackReply = z.object({
  reply: z
    .string({ error: SiteMsg.REPLY_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.REPLY_REQUIRED })
    .max(SiteLimits.REPLY_MAX),
});

// ---- notices

export const NOTICE_TYPES: Record<string, string> = {
  system: '系统通知',
  class: '班级通知',
  sample: '样书申请',
  homework: '作业通知',
  feedback: '反馈回复',
  audit: '内容审核',
};

export const noticeItem = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  bookId: z.number().int().nullable(),
  bookName: z.string().nullable(),
  link: z.string(),
  read: z.boolean(),
  createTime: z.number().int(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticePageQuery = z.object({
  type: z.string().max(30).optional(),
  bookId: idParam.optional(),
  /** 0 unread only, 1 read only. */
  readState: z.coerce.number().int().min(0).max(1).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(999).default(10),
});

/** `POST /api/msg-notice/read`: one notice by id, or all of the caller's with `all`. */
export const noticeReadBody = z
  .object({ id: z.number().int().positive().optional(), all: z.boolean().optional() })
  .refine((b) => b.id !== undefined || b.all === true, { message: Msg.BAD_REQUEST });

export const noticeCheck = z.object({ unread: z.number().int(), latestId: z.number().int(), hasNew: z.boolean() });

export const noticeBroadcast = z.object({
  title: z
    .string({ error: SiteMsg.NOTICE_TITLE_REQUIRED })
    .trim()
    .min(1, { error: SiteMsg.NOTICE_TITLE_REQUIRED })
    .max(200),
  content: z.string().max(5000).optional(),
  link: safeLink(Limits.URL_MAX).optional(),
  type: z.string().max(30).optional(),
  /** all members, the members of a college, or the members holding a role (optionally within a college). */
  target: z.enum(['all', 'college', 'role']),
  collegeId: z.number().int().positive().optional(),
  role: z.number().int().min(0).max(3).optional(),
});
