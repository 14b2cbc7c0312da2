/** The member module's public face: its routes and the member services other modules call. */
export { memberModule } from './routes.js';
export {
  addToNewCollege,
  createMember,
  enrolStudent,
  getMemberInfo,
  isMemberOfCollege,
  memberProfile,
  phoneInUse,
  updateMemberFields,
  memberExists,
  memberships,
  searchMembers,
  setCurrentCollege,
} from './service.js';
