/** Teaching activities' public face: the module, and the clock tests stand on. */
export { activitiesModule } from './routes.js';
export { activityClock } from './service.js';
