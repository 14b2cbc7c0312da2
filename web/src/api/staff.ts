import type { Envelope, StaffInfo } from '@textbook/contracts';
import { encryptPassword } from './auth';

/** Staff sessions are separate from members': their token lives in its own storage key, never the member cookie. */
const KEY = 'Staff-Token';

export const getStaffToken = () => localStorage.getItem(KEY) ?? undefined;

async function staffCall<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getStaffToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(envelope.msg);
  return envelope.data;
}

export async function staffLogin(userName: string, password: string): Promise<void> {
  const { token } = await staffCall<{ token: string }>('/api/staff/login', {
    userName,
    password: await encryptPassword(password),
  });
  localStorage.setItem(KEY, token);
}

export const staffMe = () => staffCall<StaffInfo>('/api/admin/staff/me');

export async function staffLogout(): Promise<void> {
  await staffCall('/api/admin/staff/logout', {}).catch(() => undefined);
  localStorage.removeItem(KEY);
}
