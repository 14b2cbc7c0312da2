import { useQuery } from '@tanstack/react-query';
import {
  CLIENT_HEADER,
  ClientKind,
  Code,
  Msg,
  type CacheRow,
  type ImportJob,
  type MonitorAnswer,
  type StaffInfo,
} from '@textbook/contracts';
import { staffApi } from './index';
import { hasStaffSession } from '../stores/token';
import { saveFile } from '../kit/download';
import type { Params } from './client';

/**
 * The admin console's calls (issue 19), all through the staff client (`Staff-Token` cookie; a 401 leads to the
 * staff sign-in page). Lists are read by `AdminTable` with `fetchPage`; the rest are plain calls.
 */
export const adminKeys = {
  me: ['admin', 'me'] as const,
  list: (url: string) => ['admin', 'list', url] as const,
};

export const useStaffMe = () =>
  useQuery({
    queryKey: adminKeys.me,
    queryFn: () => staffApi.get<StaffInfo>('/api/admin/staff/me', undefined, { silent: true }),
    retry: false,
    staleTime: 60_000,
    // Without the readable marker there is no session to ask about (the layout sends to the sign-in page).
    enabled: hasStaffSession(),
  });

/** One page of a server-paged list. */
export const fetchPage = <T>(url: string, params: Params) => staffApi.get<{ rows: T[]; total: number }>(url, params);

export const adminGet = <T>(url: string, params?: Params) => staffApi.get<T>(url, params);
export const adminPost = <T>(url: string, body?: unknown) => staffApi.post<T>(url, body);
export const adminPut = <T>(url: string, body?: unknown) => staffApi.put<T>(url, body);
export const adminDelete = <T>(url: string) => staffApi.delete<T>(url);

export async function adminDownload(url: string, params?: Params): Promise<void> {
  saveFile(await staffApi.download('GET', url, { params }));
}

export const useMonitor = () =>
  useQuery({
    queryKey: ['admin', 'monitor'],
    queryFn: () => staffApi.get<MonitorAnswer>('/api/admin/monitor'),
    refetchInterval: 5000,
  });

export const useCaches = () =>
  useQuery({ queryKey: ['admin', 'caches'], queryFn: () => staffApi.get<CacheRow[]>('/api/admin/cache/list') });

/**
 * Uploads one EPUB to the importer with its upload progress (XMLHttpRequest: fetch reports none) and answers the
 * import job to poll. A refusal rejects with the server's message.
 */
export function uploadEpub(
  file: File,
  onProgress: (percent: number) => void,
  /** A new edition of this book (else the file is a new book, whatever its identifier). */
  bookId?: number,
): Promise<{ jobId: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/book/import');
    xhr.setRequestHeader(CLIENT_HEADER, ClientKind.STAFF);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        const envelope = JSON.parse(xhr.responseText) as { code: number; msg: string; data: { jobId: number } };
        if (envelope.code === Code.OK) resolve(envelope.data);
        else reject(new Error(envelope.msg || Msg.GENERIC));
      } catch {
        reject(new Error(Msg.HTTP_STATUS(xhr.status)));
      }
    };
    xhr.onerror = () => reject(new Error(Msg.NETWORK));
    const form = new FormData();
    if (bookId) form.append('bookId', String(bookId));
    form.append('file', file);
    xhr.send(form);
  });
}

export const importJobOf = (jobId: number) =>
  staffApi.get<ImportJob>(`/api/admin/book/import/job/${jobId}`, undefined, { silent: true });

/** A book's new cover image; answers its address. */
export function uploadCover(bookId: number, file: File): Promise<{ cover: string }> {
  const form = new FormData();
  form.append('file', file);
  return staffApi.post<{ cover: string }>(`/api/admin/book/${bookId}/cover`, form);
}
