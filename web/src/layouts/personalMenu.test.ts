import { describe, expect, it } from 'vitest';
import type { MemberInfo } from '@textbook/contracts';
import { personalMenu, selectedMenuKey } from './personalMenu';

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
};

const keys = (m: Partial<MemberInfo>) => personalMenu({ ...base, ...m }).map((i) => i.key);

describe('personal-centre menu by role (spec §2)', () => {
  it('gives a common member the shared menu only', () => {
    expect(keys({})).toEqual(['studyReport', 'collect', 'record', 'help', 'feedback', 'person']);
  });
  it('adds teaching space and question bank for a teacher, sample application with canApply', () => {
    expect(keys({ roleList: [2], canApply: true }).slice(0, 3)).toEqual([
      'teachingSpace',
      'questionBank',
      'sampleBook',
    ]);
  });
  it('adds joined classes for a student and college info for a college admin', () => {
    expect(keys({ roleList: [3] })[0]).toBe('joinClass');
    expect(keys({ roleList: [1] })).toContain('academy');
    expect(keys({ roleList: [3] })).not.toContain('academy');
  });
  it('shows textbook distribution only with hasGrant, marketing only with the extras flag', () => {
    expect(keys({})).not.toContain('provideBook');
    expect(keys({ hasGrant: true })).toContain('provideBook');
    expect(keys({ extras: { ...base.extras, YxMenu: true } })).toContain('marketing');
  });
  it('selects the parent item for detail routes and nothing for hidden routes', () => {
    const teacher = personalMenu({ ...base, roleList: [2] });
    expect(selectedMenuKey(teacher, 'admissionDetails')).toBe('teachingSpace');
    expect(selectedMenuKey(teacher, 'helpDetail')).toBe('help');
    expect(selectedMenuKey(personalMenu(base), 'teachingSpace')).toBeNull();
  });
});
