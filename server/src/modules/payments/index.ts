/** Payments' public face: the module (provider notifications, the sandbox pay page, the notification log). */
export { paymentsModule } from './routes.js';
export { receiveNotification } from './service.js';
