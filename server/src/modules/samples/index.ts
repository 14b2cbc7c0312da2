/** Sample copies' public face: the member and staff modules, and the clock tests stand on. */
export { samplesModule, sampleAdminModule } from './routes.js';
export { sampleClock } from './service.js';
