import { PERSONAL_AREAS, Role, type PersonalArea } from '@textbook/contracts';
import type { MemberActor } from '../http/actor.js';
import { hasRole, isMember } from './helpers.js';
import { can } from './index.js';

/** What the areas decide on besides the member's roles in the college: the flags of its member info. */
export interface AreaFacts {
  hasGrant: boolean;
  canApply: boolean;
  yxMenu: boolean;
}

/**
 * Which personal-centre area a member may use (spec §2 menu by role, §6 roles), each by the policy of what the
 * area does where there is one: the web shows the menu the server computes from these (`abilities`).
 */
const areaRules: Record<PersonalArea, (actor: MemberActor, facts: AreaFacts) => boolean> = {
  teachingSpace: (actor) => can(actor, 'class.teach'),
  // The teacher's classes side by side (its page asks `/api/classReport/teaching`).
  teachingReport: (actor) => can(actor, 'report.teach'),
  questionBank: (actor) => can(actor, 'question.bank'),
  // A student's classes; and for a member of no college, the way in: joining a class makes them a student.
  joinClass: (actor) => hasRole(actor, Role.STUDENT) || (isMember(actor) && actor.collegeId === null),
  sampleBook: (actor, facts) => isMember(actor) && facts.canApply,
  academy: (actor) => hasRole(actor, Role.COLLEGE_ADMIN),
  // A book's use in the administrator's college (its page asks `/api/classReport/textbook`).
  textbookReport: (actor) => can(actor, 'report.college'),
  provideBook: (actor, facts) => isMember(actor) && facts.hasGrant,
  studyReport: isMember,
  collect: isMember,
  record: isMember,
  marketing: (actor, facts) => can(actor, 'account.editor', { yxMenu: facts.yxMenu }),
  help: isMember,
  feedback: isMember,
  person: (actor) => can(actor, 'account.self'),
};

/** The areas the member may use, in the menu's order. */
export function personalAreas(actor: MemberActor, facts: AreaFacts): PersonalArea[] {
  return PERSONAL_AREAS.filter((area) => areaRules[area](actor, facts));
}
