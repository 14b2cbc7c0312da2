import { refreshingAfter } from './mutations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassBook,
  ClassCreate,
  ClassRow,
  ClassStudentRow,
  ClassUpdate,
  CodeCheckResult,
  JoinForm,
  JoinResult,
  MyClassRow,
  OwnBookResult,
  Paged,
} from '@textbook/contracts';
import { Code, Limits } from '@textbook/contracts';
import { api, ApiError } from './index';
import { saveFile } from '../kit/download';
import type { ListSource } from '../kit/ListTable';
import type { Params } from './client';

export const classKeys = {
  all: ['classes'] as const,
  books: ['classes', 'books'] as const,
  everyBook: ['classes', 'everyBook'] as const,
  page: (bookId: number | undefined, pageNum: number) => ['classes', 'page', bookId ?? 0, pageNum] as const,
  detail: (id: number) => ['classes', 'detail', id] as const,
  pending: (classId: number) => ['classes', 'pending', classId] as const,
  mine: ['classes', 'mine'] as const,
};

export function useClassBooks() {
  return useQuery({ queryKey: classKeys.books, queryFn: () => api.get<ClassBook[]>('/api/class/getClassBooks') });
}

export function useClassPage(bookId: number | undefined, pageNum: number, pageSize = 10) {
  return useQuery({
    queryKey: classKeys.page(bookId, pageNum),
    queryFn: () => api.get<Paged<ClassRow>>('/api/class/page', { bookId, pageNum, pageSize }),
    enabled: bookId !== undefined,
  });
}

/** Every class of the teacher in the current college, of any book (the copy dialog's targets). */
export function useAllClasses() {
  return useQuery({
    queryKey: classKeys.everyBook,
    queryFn: () => api.get<Paged<ClassRow>>('/api/class/page', { pageNum: 1, pageSize: Limits.PAGE_SIZE_MAX }),
  });
}

export function useClassDetail(id: number | undefined) {
  return useQuery({
    queryKey: classKeys.detail(id ?? 0),
    queryFn: () => api.get<ClassRow>('/api/class/detail', { id }),
    enabled: Boolean(id),
  });
}

/** The own-book check before confirming the class dialog: the answer, or the 601 warning's data. */
export async function checkOwnBook(
  bookId: number,
  endTime?: string,
): Promise<{ warning: boolean; result: OwnBookResult }> {
  try {
    const result = await api.get<OwnBookResult>('/api/class/isOwnBook2', endTime ? { bookId, endTime } : { bookId });
    return { warning: false, result };
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.WARNING) {
      return { warning: true, result: error.data as OwnBookResult };
    }
    throw error;
  }
}

/** The own-book check of a book the teaching space was opened on (`?bookId=`), before any dialog. */
export function useOwnBook(bookId: number | undefined) {
  return useQuery({
    queryKey: [...classKeys.all, 'own', bookId ?? 0] as const,
    queryFn: () => checkOwnBook(bookId!),
    enabled: Boolean(bookId),
  });
}

/** Every class list and count is stale after a change. */
function useInvalidateClasses() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: classKeys.all });
}

export function useSaveClass() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: (body: ClassCreate | ClassUpdate) =>
      'id' in body ? api.post<ClassRow>('/api/class/update', body) : api.post<ClassRow>('/api/class/save', body),
    onSuccess: invalidate,
  });
}

export function useClassActions() {
  const invalidate = useInvalidateClasses();
  const run =
    <A>(fn: (arg: A) => Promise<unknown>) =>
    async (arg: A) => {
      await fn(arg);
      await invalidate();
    };
  return {
    remove: run((id: number) => api.get('/api/class/delete', { id })),
    resetCode: run((id: number) => api.post('/api/class/resetCode', { id })),
    setOpen: run(({ id, open }: { id: number; open: boolean }) => api.post('/api/class/closeCode', { id, open })),
  };
}

/** A class's students (`classId` in the parameters), as the kit's `ListTable` reads them (under `classKeys.all`). */
export const studentList = {
  key: ['classes', 'students'],
  fetch: (query: Params) => api.get<Paged<ClassStudentRow>>('/api/class/student/page', query),
} satisfies ListSource<ClassStudentRow>;

export function usePending(classId: number) {
  return useQuery({
    queryKey: classKeys.pending(classId),
    queryFn: () => api.get<ClassStudentRow[]>('/api/class/student/getApprove', { classId }),
  });
}

export function useStudentActions() {
  const invalidate = useInvalidateClasses();
  const run = refreshingAfter(invalidate);
  return {
    decide: run(({ ids, status }: { ids: number[]; status: 1 | 2 }) =>
      api.post<number>('/api/class/student/updateBatch', { ids, status }),
    ),
    update: run((body: { id: number; studentId: string; name: string }) => api.post('/api/class/student/update', body)),
    remove: run((ids: number[]) => api.post('/api/class/student/remove', { ids })),
  };
}

/** Downloads the class's students as xlsx; a failure shows the server's msg (the client does it). */
export async function exportStudents(classId: number): Promise<void> {
  saveFile(await api.download('POST', '/api/class/student/export', { body: { classId } }));
}

export function checkCode(activationCode: string): Promise<CodeCheckResult> {
  return api.get<CodeCheckResult>('/api/class/checkCode', { activationCode }, { silent: true });
}

export function joinClass(form: JoinForm): Promise<JoinResult> {
  return api.post<JoinResult>('/api/class/student/join', form);
}

export function useMyClasses() {
  return useQuery({
    queryKey: classKeys.mine,
    // A read through POST (spec §7): refetches are not user submits, so the duplicate-submit guard stays out.
    queryFn: () =>
      api.post<Paged<MyClassRow>>('/api/class/student/myClass', { pageNum: 1, pageSize: 100 }, { silent: 'toasts' }),
  });
}

export function useExitClass() {
  const invalidate = useInvalidateClasses();
  return async (classId: number) => {
    await api.get('/api/class/student/exit', { classId });
    await invalidate();
  };
}
