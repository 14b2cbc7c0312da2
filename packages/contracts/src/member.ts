import { z } from 'zod';

export const roleCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const collegeRef = z.object({ id: z.number().int(), name: z.string() });

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
});
export type MemberInfo = z.infer<typeof memberInfo>;
