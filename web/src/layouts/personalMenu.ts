import { PERSONAL_AREAS, PersonalAreaLabel, type MemberInfo, type PersonalArea } from '@textbook/contracts';

export interface PersonalMenuItem {
  key: PersonalArea;
  label: string;
  /** Opens the marketing editor (URL from the check-editor-token call) instead of a route. */
  external?: boolean;
  /** A page of its own outside the personal centre this item opens (otherwise `/my/<key>`). */
  to?: string;
}

/** Child routes that belong to a menu item without being one (they open from it). */
export const MENU_PARENT: Record<string, string> = {
  helpDetail: 'help',
  admissionDetails: 'teachingSpace',
  teachActivity: 'teachingSpace',
  classActivity: 'joinClass',
  authDetails: 'provideBook',
  homework: 'joinClass',
  homeworkAnswer: 'joinClass',
  teachingHomework: 'teachingSpace',
  teacherCert: 'person',
};

/** Areas that are pages of their own outside the personal centre (the reports, without footer: spec §2). */
const OWN_PAGES: Partial<Record<PersonalArea, string>> = {
  teachingReport: '/teachingReport',
  textbookReport: '/textbookReport',
};

/**
 * The personal-centre menu (spec §2, by role) for the current college: the areas the server says the member may
 * use (`abilities`, decided by its policies), in the spec's order.
 */
export function personalMenu(member: MemberInfo): PersonalMenuItem[] {
  const allowed = new Set(member.abilities);
  return PERSONAL_AREAS.filter((key) => allowed.has(key)).map((key) => {
    const label = PersonalAreaLabel[key];
    if (key === 'marketing') return { key, label, external: true };
    const to = OWN_PAGES[key];
    return to ? { key, label, to } : { key, label };
  });
}

/** Whether the item is a page of the personal centre (`/my/<key>`): the items a child route may select. */
export const insideCentre = (item: PersonalMenuItem): boolean => !item.external && !item.to;

/** The menu key a child route shows as selected, or null when the route is not in the visible menu. */
export function selectedMenuKey(items: PersonalMenuItem[], child: string): string | null {
  const keys = [MENU_PARENT[child] ?? child, ...(MENU_ALSO[child] ? [MENU_ALSO[child]] : [])];
  return keys.find((key) => items.some((item) => item.key === key && insideCentre(item))) ?? null;
}

/** A child route a second menu item also opens (authorization details: the college admin's college info). */
const MENU_ALSO: Record<string, string> = { authDetails: 'academy' };
