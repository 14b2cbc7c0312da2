/** The member module's public face: its routes and the member services other modules call. */
export { memberModule } from './routes.js';
export {
  addMembership,
  addToCollege,
  createMember,
  enrolStudent,
  getMemberInfo,
  isMemberOfCollege,
  memberProfile,
  phoneInUse,
  updateMemberFields,
  memberExists,
  memberships,
  memberRecord,
  giveRole,
  takeRole,
  setMemberDisabled,
  removeMembership,
  updateMembership,
  searchMembers,
  setCurrentCollege,
  settleOnlyCollege,
} from './service.js';
