import { Role } from '@textbook/contracts';
import type { Actor } from '../../src/http/actor.js';
import { actorOfToken, openSession, openStaffSession } from '../../src/modules/session/service.js';
import { buildCollege, buildMember, buildStaff } from '../factories.js';
import type { TestApp } from '../helpers.js';

/** The kinds of caller every route is tried with. */
export const CALLERS = ['visitor', 'common', 'student', 'teacher', 'collegeAdmin', 'otherCollege', 'staff'] as const;
export type Caller = (typeof CALLERS)[number];

export interface MatrixWorld {
  t: TestApp;
  collegeId: number;
  otherCollegeId: number;
  /**
   * Each caller's token (none for the visitor), the actor the server makes of it, and a fresh session of the same
   * caller (a logout route ends the session it was called with; the next route gets a live one).
   */
  callers: Record<Caller, { token?: string; actor: Actor; memberId?: number; session?: () => Promise<string> }>;
}

/** A college with a student, a teacher and an administrator, a member of no college, one of another college, staff. */
export async function buildMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const db = t.ctx.db;
  const college = await buildCollege(db);
  const other = await buildCollege(db);
  const common = await buildMember(db);
  const student = await buildMember(db, { college, roles: String(Role.STUDENT) });
  const teacher = await buildMember(db, { college, roles: String(Role.TEACHER) });
  const admin = await buildMember(db, { college, roles: String(Role.COLLEGE_ADMIN) });
  const otherTeacher = await buildMember(db, { college: other, roles: `${Role.TEACHER},${Role.STUDENT}` });
  const staff = await buildStaff(db);
  const actorOf = async (token: string) => {
    const actor = await actorOfToken(t.ctx, token);
    if (!actor) throw new Error('a fresh session has no actor');
    return actor;
  };
  const member = async (m: { id: number; token: string }) => ({
    token: m.token,
    memberId: m.id,
    actor: await actorOf(m.token),
    session: () => openSession(db, m.id),
  });
  return {
    t,
    collegeId: college.id,
    otherCollegeId: other.id,
    callers: {
      visitor: { actor: { kind: 'visitor' } },
      common: await member(common),
      student: await member(student),
      teacher: await member(teacher),
      collegeAdmin: await member(admin),
      otherCollege: await member(otherTeacher),
      staff: { token: staff.token, actor: await actorOf(staff.token), session: () => openStaffSession(db, staff.id) },
    },
  };
}

/**
 * One insecure-direct-object-reference case: a caller reaching for a thing that is someone else's. `make` builds
 * the thing (owned by a member who is none of the callers, or in the other college) and answers the request.
 * The route must refuse it (403 or 404) and answer no data.
 */
export interface IdorCase {
  /** `METHOD url` as registered, e.g. `POST /api/class/update`. */
  route: string;
  make: (w: MatrixWorld) => Promise<{ caller: Caller; url: string; payload?: object }>;
}
