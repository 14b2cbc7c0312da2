import { z } from 'zod';

export const siteToolbar = z.object({
  logo: z.string(),
  logoAlt: z.string(),
  footerLogo: z.string(),
  /** Content id of the user agreement (site content). */
  userAgreementId: z.number().int().nullable(),
  /** Content id of the privacy policy (site content). */
  privacyPolicyId: z.number().int().nullable(),
});

export const siteInfo = z.object({
  siteName: z.string(),
  copyright: z.string(),
  icp: z.string(),
  maintenance: z.boolean(),
  toolbar: siteToolbar,
});
export type SiteInfo = z.infer<typeof siteInfo>;

export const bottomMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
});
export type BottomMenu = z.infer<typeof bottomMenu>;

export const footerLink = z.object({
  id: z.number().int(),
  linkName: z.string(),
  linkPic: z.string(),
  linkUrl: z.string(),
});
export type FooterLink = z.infer<typeof footerLink>;

export interface NavMenu {
  menuId: number;
  menuName: string;
  parentId: number;
  path: string;
  contentType: string;
  children: NavMenu[];
}

export const navMenu: z.ZodType<NavMenu> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    menuName: z.string(),
    parentId: z.number().int(),
    path: z.string(),
    contentType: z.string(),
    children: z.array(navMenu),
  }),
);

/** `POST /api/router`: the page address the browser just showed. */
export const routerRecordBody = z.object({
  path: z.string().min(1).max(512),
});

export const unreadCount = z.number().int().nonnegative();

/**
 * The events of the live unread count (`GET /api/msg-notice/stream`, server-sent events): `count` carries the
 * unread number; `reconnect` says the instance is closing (a restart, a deployment) and carries the milliseconds
 * to wait before opening the stream again (through the proxy, on another instance); the stream ends after it.
 */
export const NoticeStreamEvent = { COUNT: 'count', RECONNECT: 'reconnect' } as const;
