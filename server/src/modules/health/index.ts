/** Liveness and readiness of an instance (`/api/health`, `/api/ready`): the module's only public face. */
export { healthModule } from './routes.js';
