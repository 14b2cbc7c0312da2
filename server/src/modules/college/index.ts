/**
 * College administration's public face (issue 16): its modules (college books and seats with one ledger,
 * authorizations, activation codes, orders, the college's details and members).
 */
export { collegeAdminModule, collegeModule } from './routes.js';
export { seedCollegeSeats } from './seats.js';
export { addCollege, collegeChoices, collegeName } from './staff.js';
