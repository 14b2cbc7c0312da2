import type { StaffInfo } from '@textbook/contracts';
import { clearStaffSession } from '../stores/token';
import { encryptPassword } from './auth';
import { staffApi } from './index';

/**
 * Staff sessions are separate from members': the server keeps the staff token in its own HttpOnly cookie
 * (`Staff-Token`, never the member cookie, never readable by page scripts). Calls go through the one API client.
 */
export async function staffLogin(userName: string, password: string): Promise<void> {
  await staffApi.post<{ token: string }>(
    '/api/staff/login',
    { userName, password: await encryptPassword(password) },
    { silent: true },
  );
}

export const staffMe = () => staffApi.get<StaffInfo>('/api/admin/staff/me', undefined, { silent: true });

export async function staffLogout(): Promise<void> {
  await staffApi.post('/api/admin/staff/logout', undefined, { silent: true }).catch(() => undefined);
  clearStaffSession();
}
