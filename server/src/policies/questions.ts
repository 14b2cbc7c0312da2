import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember } from './helpers.js';

/** A teacher of the college they work in now: the one who owns a question bank (spec §6 role 2). */
const keepsBank = (actor: Actor): boolean =>
  isMember(actor) && actor.collegeId !== null && hasRole(actor, Role.TEACHER);

export const questionPolicies = {
  /** The caller's own bank: tree, list, new groups and questions, import, export, template. */
  'question.bank': keepsBank,
  /** One group or question: its owner only, while a teacher (another teacher's bank is never read or changed). */
  'question.manage': (actor: Actor, thing: { ownerId: number }) =>
    keepsBank(actor) && isMember(actor) && actor.memberId === Number(thing.ownerId),
};
