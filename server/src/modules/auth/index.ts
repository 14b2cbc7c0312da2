/** The auth module's public face: its routes and what other modules use (codes, passwords, the cipher). */
export { authModule } from './routes.js';
export { sendCode, consumeCode, type CodePurpose } from './codes.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { decryptPassword } from './cipher.js';
export { readNewPassword } from './service.js';
export { setMemberPassword } from './member-password.js';
export { puzzleAnswer } from './captcha.js';
export { addExternalProvider, type ExternalIdentity, type ExternalProvider } from './external.js';
export { reserveLoginTry, rightPassword, wrongPassword } from './lockout.js';
