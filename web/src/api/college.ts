import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AuthorizeMember,
  CodeRow,
  CollegeBookRow,
  CollegeDetail,
  CollegeOrderRow,
  CollegeUserRow,
  ImportResult,
  MemberInfo,
  Paged,
  ProvideOptions,
  ProvideStudent,
} from '@textbook/contracts';
import type { ListSource } from '../kit/ListTable';
import type { Params } from './client';
import { collegeShown } from './collegeShown';
import { api } from './index';
import { memberKeys } from './member';

/**
 * After a college switch: everything cached was read for the previous college (classes, books, roles, menu),
 * so all of it goes and no screen can show, or act on, the old college's data.
 */
export async function dropCollegeData(client: QueryClient): Promise<void> {
  await client.cancelQueries();
  // Who the member is there first: the screens follow the new roles, and a page the new college does not
  // allow closes (its queries must not be asked again there): wait until the screens have drawn that member.
  await client.invalidateQueries({ queryKey: ['member'] });
  const member = client.getQueryData<MemberInfo>(memberKeys.info);
  if (member) await collegeShown(member.collegeId);
  // Then the rest, reset rather than invalidated: a reset query shows no data until it loads again, so no
  // screen keeps the previous college's rows meanwhile.
  await client.resetQueries({ predicate: (query) => query.queryKey[0] !== 'member' });
}

/** Changes the current college; what is on screen loads again for the new one. */
export function useSwitchCollege(): (collegeId: number) => Promise<void> {
  const client = useQueryClient();
  return async (collegeId) => {
    await api.post('/api/college/switch', { collegeId });
    await dropCollegeData(client);
  };
}

// ---- college administration (issue 16) ----

export const collegeKeys = {
  all: ['college'] as const,
  detail: ['college', 'detail'] as const,
  users: (params: object) => ['college', 'users', params] as const,
  book: (id: number) => ['college', 'book', id] as const,
  classes: (id: number) => ['college', 'classes', id] as const,
  mine: ['college', 'mine'] as const,
  provide: ['college', 'provide'] as const,
  provideStudents: (id: number, classId: number) => ['college', 'provide', id, classId] as const,
};

/** The college's paged lists as the kit's `ListTable` reads them (under `collegeKeys.all`: reloaded with the rest). */
export const collegeLists = {
  users: {
    key: ['college', 'users'],
    fetch: (query: Params) => api.get<Paged<CollegeUserRow>>('/api/collegeUser/page', query),
  } satisfies ListSource<CollegeUserRow>,
  books: {
    key: ['college', 'books'],
    fetch: (query: Params) => api.get<Paged<CollegeBookRow>>('/api/collegeBook/page', query),
  } satisfies ListSource<CollegeBookRow>,
  orders: {
    key: ['college', 'orders'],
    fetch: (query: Params) => api.get<Paged<CollegeOrderRow>>('/api/collegeOrder/page', query),
  } satisfies ListSource<CollegeOrderRow>,
  /** Who holds seats of one book (`id` in the parameters). */
  holders: {
    key: ['college', 'holders'],
    fetch: (query: Params) => api.get<Paged<AuthorizeMember>>('/api/collegeBook/getAuthorizeMember', query),
  } satisfies ListSource<AuthorizeMember>,
  /** One book's activation codes (`id` in the parameters). */
  codes: {
    key: ['college', 'codes'],
    fetch: (query: Params) => api.get<Paged<CodeRow>>('/api/collegeBookActiveCode/page', query),
  } satisfies ListSource<CodeRow>,
};

export function useCollegeDetail() {
  return useQuery({ queryKey: collegeKeys.detail, queryFn: () => api.get<CollegeDetail>('/api/college/detail') });
}

export function useCollegeUsers(params: { pageNum: number; pageSize: number; keyword?: string; role?: number }) {
  return useQuery({
    queryKey: collegeKeys.users(params),
    queryFn: () => api.get<Paged<CollegeUserRow>>('/api/collegeUser/page', params),
  });
}

export function useCollegeBook(id: number) {
  return useQuery({
    queryKey: collegeKeys.book(id),
    queryFn: () => api.get<CollegeBookRow>('/api/collegeBook/detail', { id }),
    enabled: id > 0,
  });
}

export function useBookClasses(id: number, enabled: boolean) {
  return useQuery({
    queryKey: collegeKeys.classes(id),
    queryFn: () =>
      api.get<{ id: number; name: string; teacherName: string; studentCount: number }[]>('/api/collegeBook/classes', {
        id,
      }),
    enabled: enabled && id > 0,
  });
}

export function useMyAuthorizations(enabled = true) {
  return useQuery({
    queryKey: collegeKeys.mine,
    queryFn: () =>
      api.get<
        {
          bookId: number;
          bookName: string;
          cover: string;
          collegeName: string;
          via: string;
          expiresAt: number | null;
        }[]
      >('/api/collegeBook/myBookAuthorize'),
    enabled,
  });
}

/** Textbook distribution: the college's books with their seats and the distributor's classes. */
export function useProvideOptions() {
  return useQuery({
    queryKey: collegeKeys.provide,
    queryFn: () => api.get<ProvideOptions>('/api/provideBook/options'),
  });
}

/** The approved students of one of the distributor's classes, each with whether they hold a seat of the book. */
export function useProvideStudents(id: number | undefined, classId: number | undefined) {
  return useQuery({
    queryKey: collegeKeys.provideStudents(id ?? 0, classId ?? 0),
    queryFn: () => api.get<ProvideStudent[]>('/api/provideBook/students', { id, classId }),
    enabled: Boolean(id && classId),
  });
}

export function useInvalidateCollege() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: collegeKeys.all });
}

export const collegeApi = {
  saveDetail: (body: Omit<CollegeDetail, 'id' | 'memberCount'>) => api.post<CollegeDetail>('/api/college/update', body),
  addBook: (bookId: number) => api.post<CollegeBookRow>('/api/collegeBook/save', { bookId }),
  authorize: (body: { id: number; memberIds?: number[]; classId?: number }) =>
    api.post<{ granted: number; already: number }>('/api/collegeBook/bookAuthorize', body),
  revoke: (id: number, memberIds: number[]) => api.post('/api/collegeBook/revokeAuthorize', { id, memberIds }),
  generate: (id: number, count: number, days: number) =>
    api.post<{ batch: number; count: number; codes: string[] }>('/api/collegeBookActiveCode/generate', {
      id,
      count,
      days,
    }),
  revokeCode: (id: number) => api.post('/api/collegeBookActiveCode/revoke', { id }),
  redeem: (code: string) =>
    api.post<{ bookId: number; bookName: string; collegeName: string }>('/api/collegeBookActiveCode/redeem', { code }),
  order: (body: { bookId: number; quantity: number; termMonths: number; remark?: string }) =>
    api.post<CollegeOrderRow>('/api/collegeOrder/orderBook', body),
  nameByPhone: (phone: string) =>
    api.get<{ exists: boolean; name: string; inCollege: boolean }>('/api/collegeUser/getNameByPhone', { phone }),
  provide: (body: { id: number; classId: number; memberIds?: number[] }) =>
    api.post<{ granted: number; already: number }>('/api/provideBook/provide', body),
  addUser: (body: { phone: string; realName: string; studentId: string; roles: number[]; hasGrant?: boolean }) =>
    api.post<CollegeUserRow>('/api/collegeUser/save', body),
  updateUser: (body: { id: number; realName: string; studentId: string; roles: number[]; hasGrant?: boolean }) =>
    api.post<CollegeUserRow>('/api/collegeUser/update', body),
  importUsers: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ImportResult>('/api/collegeUser/import', form);
  },
  removeUser: (id: number) => api.get('/api/collegeUser/delete', { id }),
  download: (url: string, params: Record<string, number | undefined>) => api.download('GET', url, { params }),
};
