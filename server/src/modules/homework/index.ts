/**
 * Homework's public face: its module, the clock tests move, the reminder run, and the scores reports read
 * (`homeworkScores`: per student and homework, the score and submission time; `releasedHomework`: what a class
 * was set, submitted or not).
 */
export { homeworkModule } from './routes.js';
export { homeworkClock } from './records.js';
export { remindDue } from './reminders.js';
export { homeworkScores, releasedHomework, type HomeworkScoreRow } from './scores.js';
