import { describe, expect, it } from 'vitest';
import type { MemberInfo, PersonalArea } from '@textbook/contracts';
import { insideCentre, personalMenu, selectedMenuKey } from './personalMenu';

const common: PersonalArea[] = ['studyReport', 'collect', 'record', 'help', 'feedback', 'person'];

const base: MemberInfo = {
  id: 1,
  userName: 'u',
  realName: '',
  avatar: '',
  phonenumber: '13800000000',
  studentId: '',
  collegeId: null,
  collegeName: '',
  userId: 1,
  roleList: [0],
  teacher: false,
  hasGrant: false,
  canApply: false,
  extras: { YxMenu: false, hasCollege: false, CollegeList: [] },
  abilities: common,
};

const menu = (abilities: PersonalArea[]) => personalMenu({ ...base, abilities });
const keys = (abilities: PersonalArea[]) => menu(abilities).map((i) => i.key);

/** Which areas a member may use is the server's (policies/areas.ts, tested in member.test.ts); the menu shows them. */
describe('personal-centre menu from the areas the server allows (spec §2)', () => {
  it('shows the allowed areas with the spec’s labels, in the spec’s order', () => {
    expect(menu(common).map((i) => i.label)).toEqual([
      '学习报告',
      '我的收藏',
      '购买记录',
      '帮助中心',
      '意见反馈',
      '个人资料与安全',
    ]);
    expect(keys(['person', 'sampleBook', 'questionBank', 'teachingSpace'])).toEqual([
      'teachingSpace',
      'questionBank',
      'sampleBook',
      'person',
    ]);
  });
  it('shows nothing the server does not allow, whatever the roles say', () => {
    expect(personalMenu({ ...base, roleList: [2], teacher: true, canApply: true }).map((i) => i.key)).toEqual(common);
  });
  it('opens marketing outside the app', () => {
    const marketing = menu([...common, 'marketing']).find((i) => i.key === 'marketing');
    expect(marketing).toEqual({ key: 'marketing', label: '营销管理', external: true });
  });
  it('opens the reports as pages of their own, outside the personal centre', () => {
    const teacher = menu(['teachingSpace', 'teachingReport', ...common]);
    expect(teacher.slice(0, 2)).toEqual([
      { key: 'teachingSpace', label: '教学空间' },
      { key: 'teachingReport', label: '教学报告', to: '/teachingReport' },
    ]);
    expect(menu(['academy', 'textbookReport', ...common]).find((i) => i.key === 'textbookReport')).toEqual({
      key: 'textbookReport',
      label: '教材报告',
      to: '/textbookReport',
    });
    // Never the page the personal centre opens first, nor selected by a child route of /my.
    expect(menu(['teachingReport', ...common]).find(insideCentre)?.key).toBe('studyReport');
    expect(selectedMenuKey(teacher, 'teachingReport')).toBeNull();
  });
  it('selects the parent item for detail routes and nothing for hidden routes', () => {
    const teacher = menu(['teachingSpace', 'questionBank', ...common]);
    expect(selectedMenuKey(teacher, 'admissionDetails')).toBe('teachingSpace');
    expect(selectedMenuKey(teacher, 'helpDetail')).toBe('help');
    expect(selectedMenuKey(menu(common), 'teachingSpace')).toBeNull();
  });
});
