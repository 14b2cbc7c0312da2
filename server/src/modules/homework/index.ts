/**
 * Homework's public face: its module, the clock tests move, the reminder run, and the scores reports read
 * (`homeworkScores`: per student and homework, the score and submission time).
 */
export { homeworkModule } from './routes.js';
export { homeworkClock, homeworkScores, remindDue, type HomeworkScoreRow } from './service.js';
