import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import type { CaptchaPuzzle } from '@textbook/contracts';
import { sessionChanged } from '../stores/session';
import { api } from './index';
import { queryClient } from './queryClient';

let cipherKey: Promise<Uint8Array> | undefined;

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/**
 * The spec's client-side password encryption (§9): AES-256-GCM with the server's configured key,
 * base64(iv ‖ ciphertext ‖ tag). Pure JS (works on plain-http origins where WebCrypto is absent).
 */
export async function encryptPassword(password: string): Promise<string> {
  cipherKey ??= api
    .get<{ key: string }>('/api/auth/cipher')
    .then((c) => fromBase64(c.key))
    .catch((error: unknown) => {
      cipherKey = undefined;
      throw error;
    });
  const key = await cipherKey;
  const iv = randomBytes(12);
  const sealed = gcm(key, iv).encrypt(new TextEncoder().encode(password));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

export const fetchPuzzle = () => api.get<CaptchaPuzzle>('/api/captcha');

export const checkPuzzle = (body: { captchaId: string; x: number; track: { x: number; t: number }[] }) =>
  api.post<{ ticket: string }>('/api/captcha/check', body).then((d) => d.ticket);

export const sendLoginCode = (phoneNumber: string, ticket: string) =>
  api.get<null>('/api/loginCode', { phoneNumber, ticket });

/**
 * After a login answered: the server has set the HttpOnly session cookie (the token in the answer is for API
 * clients and is not kept); reloads everything that depends on who is logged in.
 */
export async function acceptLogin(): Promise<void> {
  sessionChanged();
  await queryClient.invalidateQueries({ queryKey: ['member'] });
}

export async function smsLogin(body: { phoneNumber: string; code: string; checked: boolean }): Promise<void> {
  await api.post<{ token: string }>('/api/smsLogin', body);
  await acceptLogin();
}

export async function pwdLogin(phonenumber: string, password: string): Promise<void> {
  await api.post<{ token: string }>('/api/pwdLogin', {
    phonenumber,
    password: await encryptPassword(password),
  });
  await acceptLogin();
}

export async function forgotPwd(input: {
  phoneNumber: string;
  code: string;
  password: string;
  confirmPassword: string;
  checked: boolean;
}): Promise<void> {
  await api.post('/api/forgotPwd', {
    ...input,
    password: await encryptPassword(input.password),
    confirmPassword: await encryptPassword(input.confirmPassword),
  });
}

export async function bindPhone(body: {
  phoneNumber: string;
  code: string;
  checked: boolean;
  bindToken: string;
}): Promise<void> {
  await api.post<{ token: string }>('/api/bindPhone', body);
  await acceptLogin();
}

export const fetchAgreement = (id: number) =>
  api.get<{ id: number; title: string; body: string }>(`/api/agreement/${id}`, undefined, { silent: true });
