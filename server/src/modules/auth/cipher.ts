import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AuthMsg } from '@textbook/contracts';
import { refused } from '../../http/errors.js';

/**
 * The spec's client-side password encryption (§9), AES-256-GCM: base64(iv(12) ‖ ciphertext ‖ tag(16)).
 * Transport obfuscation only; the server hashes every password with argon2id.
 */
export function decryptPassword(keyBase64: string, payload: string): string {
  try {
    const raw = Buffer.from(payload, 'base64');
    if (raw.length < 12 + 16 + 1) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw refused(AuthMsg.PASSWORD_UNREADABLE);
  }
}

/** What the browser does (tests and tools use it). */
export function encryptPassword(keyBase64: string, password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}
