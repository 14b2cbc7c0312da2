import type { MemberCollege } from '@textbook/contracts';
import { api } from './index';
import { encryptPassword } from './auth';
import { queryClient } from './queryClient';

const refreshMember = () => queryClient.invalidateQueries({ queryKey: ['member'] });

export const fetchColleges = () => api.get<MemberCollege[]>('/api/college');

export async function updateName(userName: string): Promise<void> {
  await api.post('/api/updateName', { userName });
  await refreshMember();
}

export async function uploadAvatar(file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  await api.post('/api/avatar', form);
  await refreshMember();
}

export const sendChangePwdCode = () => api.get<null>('/api/member/changePwdPhone');

export async function changePassword(input: { code: string; password: string; confirmPassword: string }) {
  await api.post('/api/member/changePwd', {
    code: input.code,
    password: await encryptPassword(input.password),
    confirmPassword: await encryptPassword(input.confirmPassword),
  });
}

export const sendOldPhoneCode = () => api.get<null>('/api/member/changePhoneCode');
export const verifyOldPhone = (code: string) => api.get<null>('/api/member/validChangePhoneCode', { code });
export const sendNewPhoneCode = (phoneNumber: string) =>
  api.get<null>('/api/member/changeNewPhoneCode', { phoneNumber });

export async function changePhone(newPhone: string, code: string): Promise<void> {
  await api.get('/api/member/changePhone', { newPhone, code });
  await refreshMember();
}
