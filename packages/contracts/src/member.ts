import { z } from 'zod';

export const roleCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const collegeRef = z.object({ id: z.number().int(), name: z.string() });

/** Member info (spec §3), as `GET /api/getMemberInfo` answers it in `data.member`. */
/**
 * The personal-centre areas that are menu items (spec §2), in the menu's order. The server says which of them a
 * member may use in the current college (`abilities`, decided by its policies); the menu shows those.
 */
export const PERSONAL_AREAS = [
  'teachingSpace',
  'questionBank',
  'joinClass',
  'sampleBook',
  'academy',
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
