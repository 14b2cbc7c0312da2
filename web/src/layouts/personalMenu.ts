import { Role, type MemberInfo } from '@textbook/contracts';

export interface PersonalMenuItem {
  key: string;
  label: string;
  /** Opens the marketing editor (URL from the check-editor-token call) instead of a route. */
  external?: boolean;
}

/** Child routes that belong to a menu item without being one (they open from it). */
export const MENU_PARENT: Record<string, string> = {
  helpDetail: 'help',
  admissionDetails: 'teachingSpace',
  authDetails: 'provideBook',
};

/** The personal-centre menu by role, exactly as spec §2 lists it, for the current college. */
export function personalMenu(member: MemberInfo): PersonalMenuItem[] {
  const roles = member.roleList;
  const items: PersonalMenuItem[] = [];
  if (roles.includes(Role.TEACHER)) {
    items.push({ key: 'teachingSpace', label: '教学空间' }, { key: 'questionBank', label: '我的题库' });
  }
  if (roles.includes(Role.STUDENT)) items.push({ key: 'joinClass', label: '已加入班级' });
  if (member.canApply) items.push({ key: 'sampleBook', label: '样书申请' });
  if (roles.includes(Role.COLLEGE_ADMIN)) items.push({ key: 'academy', label: '院校信息' });
  if (member.hasGrant) items.push({ key: 'provideBook', label: '教材发放' });
  items.push(
    { key: 'studyReport', label: '学习报告' },
    { key: 'collect', label: '我的收藏' },
    { key: 'record', label: '购买记录' },
  );
  if (member.extras.YxMenu) items.push({ key: 'marketing', label: '营销管理', external: true });
  items.push(
    { key: 'help', label: '帮助中心' },
    { key: 'feedback', label: '意见反馈' },
    { key: 'person', label: '个人资料与安全' },
  );
  return items;
}

/** The menu key a child route shows as selected, or null when the route is not in the visible menu. */
export function selectedMenuKey(items: PersonalMenuItem[], child: string): string | null {
  const key = MENU_PARENT[child] ?? child;
  return items.some((item) => item.key === key && !item.external) ? key : null;
}
