/**
 * The question bank's public face (issue 17): what homework and teaching activities call. They keep the
 * snapshots they get at release time; a later edit bumps the bank question's version and never changes them.
 */
export { questionSnapshots, drawQuestions } from './snapshots.js';
export { gradeAnswer, type Grade } from './grade.js';
export { questionGroupModule, questionModule } from './routes.js';
