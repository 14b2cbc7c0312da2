import { PERSONAL_AREAS, type MemberInfo, type PersonalArea } from '@textbook/contracts';

export interface PersonalMenuItem {
  key: PersonalArea;
  label: string;
  /** Opens the marketing editor (URL from the check-editor-token call) instead of a route. */
  external?: boolean;
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

const LABELS: Record<PersonalArea, string> = {
  teachingSpace: '教学空间',
  questionBank: '我的题库',
  joinClass: '已加入班级',
  sampleBook: '样书申请',
  academy: '院校信息',
  provideBook: '教材发放',
  studyReport: '学习报告',
  collect: '我的收藏',
  record: '购买记录',
  marketing: '营销管理',
  help: '帮助中心',
  feedback: '意见反馈',
  person: '个人资料与安全',
};

/**
 * The personal-centre menu (spec §2, by role) for the current college: the areas the server says the member may
 * use (`abilities`, decided by its policies), in the spec's order.
 */
export function personalMenu(member: MemberInfo): PersonalMenuItem[] {
  const allowed = new Set(member.abilities);
  return PERSONAL_AREAS.filter((key) => allowed.has(key)).map((key) =>
    key === 'marketing' ? { key, label: LABELS[key], external: true } : { key, label: LABELS[key] },
  );
}

/** The menu key a child route shows as selected, or null when the route is not in the visible menu. */
export function selectedMenuKey(items: PersonalMenuItem[], child: string): string | null {
  const keys = [MENU_PARENT[child] ?? child, ...(MENU_ALSO[child] ? [MENU_ALSO[child]] : [])];
  return keys.find((key) => items.some((item) => item.key === key && !item.external)) ?? null;
}

/** A child route a second menu item also opens (authorization details: the college admin's college info). */
const MENU_ALSO: Record<string, string> = { authDetails: 'academy' };
