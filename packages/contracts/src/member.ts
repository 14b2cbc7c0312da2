import { z } from 'zod';
import { ReportMsg } from './reports.js';

export const roleCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const collegeRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * The personal-centre areas that are menu items (spec §2), in the menu's order. The server says which of them a
 * member may use in the current college (`abilities`, decided by its policies); the menu shows those. The two
 * reports are pages of their own without footer (spec §2 `/teachingReport`, `/textbookReport`) the menu opens.
 */
export const PERSONAL_AREAS = [
  'teachingSpace',
  'teachingReport',
  'questionBank',
  'joinClass',
  'sampleBook',
  'academy',
  'textbookReport',
  'provideBook',
  'studyReport',
  'collect',
  'record',
  'marketing',
  'help',
  'feedback',
  'person',
] as const;
export const personalArea = z.enum(PERSONAL_AREAS);
export type PersonalArea = z.infer<typeof personalArea>;

/** The personal-centre menu's words (spec §2). */
export const PersonalAreaLabel: Record<PersonalArea, string> = {
  teachingSpace: '教学空间',
  teachingReport: ReportMsg.TEACHING_TITLE,
  questionBank: '我的题库',
  joinClass: '已加入班级',
  sampleBook: '样书申请',
  academy: '院校信息',
  textbookReport: ReportMsg.TEXTBOOK_MENU,
  provideBook: '教材发放',
  studyReport: '学习报告',
  collect: '我的收藏',
  record: '购买记录',
  marketing: '营销管理',
  help: '帮助中心',
  feedback: '意见反馈',
  person: '个人资料与安全',
};

/** Member info (spec §3), as `GET /api/getMemberInfo` answers it in `data.member`. */

export const memberInfo = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  avatar: z.string(),
  phonenumber: z.string(),
  studentId: z.string(),
  collegeId: z.number().int().nullable(),
  collegeName: z.string(),
  userId: z.number().int(),
  roleList: z.array(roleCode),
  teacher: z.boolean(),
  hasGrant: z.boolean(),
  canApply: z.boolean(),
  extras: z.object({
    YxMenu: z.boolean(),
    hasCollege: z.boolean(),
    CollegeList: z.array(collegeRef),
  }),
  /** The personal-centre areas this member may use in the current college. */
  abilities: z.array(personalArea),
});
export type MemberInfo = z.infer<typeof memberInfo>;
