/** The classes module's public face: its routes and the services other parts of the server call. */
export { classesModule } from './routes.js';
export { classBooks, classesWhere, classRosters, createClass, loadClass } from './service.js';
export type { ClassRecord } from './queries.js';
export { joinClass } from './joiner.js';
export { decide, loadStudents, pending } from './students.js';
export { approvedStudents, isApprovedStudent } from './roster.js';
export { classRoster, findClassFacts, studentClasses, teacherClasses } from './roster.js';
export { collegeBookClasses } from './roster.js';
export { NO_SEATS, provideSeatPool, type SeatPool } from './seat-pool.js';
