import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassReport, StudyReport, TeachingReport, TextbookReport } from '@textbook/contracts';
import { api, staffApi } from './index';
import { saveFile } from '../kit/download';

export interface Range {
  start?: string | undefined;
  end?: string | undefined;
}

export const reportKeys = {
  all: ['reports'] as const,
  mine: (r: Range) => ['reports', 'mine', r] as const,
  cls: (classId: number, r: Range) => ['reports', 'class', classId, r] as const,
  student: (classId: number, memberId: number, r: Range) => ['reports', 'student', classId, memberId, r] as const,
  teaching: (r: Range) => ['reports', 'teaching', r] as const,
  textbook: (staff: boolean, bookId: number | undefined, r: Range) =>
    ['reports', 'textbook', staff, bookId ?? 0, r] as const,
};

export function useMyReport(range: Range) {
  return useQuery({
    queryKey: reportKeys.mine(range),
    queryFn: () => api.get<StudyReport>('/api/myReport/overview', { ...range }),
    placeholderData: keepPreviousData,
  });
}

export function useClassReport(classId: number | undefined, range: Range) {
  return useQuery({
    queryKey: reportKeys.cls(classId ?? 0, range),
    queryFn: () => api.get<ClassReport>('/api/classReport/detail', { classId, ...range }),
    enabled: Boolean(classId),
    placeholderData: keepPreviousData,
  });
}

export function useStudentReport(classId: number | undefined, memberId: number | undefined, range: Range) {
  return useQuery({
    queryKey: reportKeys.student(classId ?? 0, memberId ?? 0, range),
    queryFn: () => api.get<StudyReport>('/api/classReport/student', { classId, memberId, ...range }),
    enabled: Boolean(classId && memberId),
  });
}

export function useTeachingReport(range: Range) {
  return useQuery({
    queryKey: reportKeys.teaching(range),
    queryFn: () => api.get<TeachingReport>('/api/classReport/teaching', { ...range }),
    placeholderData: keepPreviousData,
  });
}

/** The textbook report: the staff's (every college) with a staff session, else the college administrator's. */
export function useTextbookReport(staff: boolean, bookId: number | undefined, range: Range) {
  return useQuery({
    queryKey: reportKeys.textbook(staff, bookId, range),
    queryFn: () =>
      staff
        ? staffApi.get<TextbookReport>('/api/admin/report/textbook', { bookId, ...range })
        : api.get<TextbookReport>('/api/classReport/textbook', { bookId, ...range }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads a report file (type 0 xlsx, 2 pdf); a failure shows the server's msg (the client does it). */
export async function downloadReport(
  url: string,
  params: Record<string, string | number | undefined>,
  staff = false,
): Promise<void> {
  saveFile(await (staff ? staffApi : api).download('GET', url, { params, silent: false }));
}
