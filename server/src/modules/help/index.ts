/** Help topics and contents, member feedback and error reports: the module's only public face. */
export { feedbackModule, helpModule } from './routes.js';
