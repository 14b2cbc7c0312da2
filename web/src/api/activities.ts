import { refreshingAfter } from './mutations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityCreate,
  ActivityLive,
  ActivityRow,
  ActivityUpdate,
  ReplyRow,
  StudentActivityDetail,
  StudentActivityRow,
} from '@textbook/contracts';
import { api } from './index';
import { saveFile } from '../kit/download';

/** Teaching activities (issue 17): the teacher's planning and live views, the students' part. */
export const activityKeys = {
  all: ['activities'] as const,
  list: (classId: number) => ['activities', 'list', classId] as const,
  live: (id: number) => ['activities', 'live', id] as const,
  student: (classId: number) => ['activities', 'student', classId] as const,
  studentDetail: (id: number) => ['activities', 'student-detail', id] as const,
};

/** Live views poll this often while an activity is open (check-ins, replies, quiz answers come in). */
export const LIVE_POLL_MS = 3000;

export function useActivities(classId: number) {
  return useQuery({
    queryKey: activityKeys.list(classId),
    queryFn: () => api.get<ActivityRow[]>('/api/teachActivity/getList', { classId }),
    enabled: classId > 0,
    // While an activity is open, its counts on the cards follow the live view.
    refetchInterval: (query) => (query.state.data?.some((r) => r.state === 'open') ? LIVE_POLL_MS * 2 : false),
  });
}

export function useActivityLive(id: number | undefined, polling: boolean) {
  return useQuery({
    queryKey: activityKeys.live(id ?? 0),
    queryFn: () => api.get<ActivityLive>('/api/teachActivity/live', { id }, { silent: 'toasts' }),
    enabled: Boolean(id),
    refetchInterval: polling ? LIVE_POLL_MS : false,
  });
}

export function useStudentActivities(classId: number) {
  return useQuery({
    queryKey: activityKeys.student(classId),
    queryFn: () => api.get<StudentActivityRow[]>('/api/teachActivity/student/list', { classId }),
    enabled: classId > 0,
    refetchInterval: 15_000,
  });
}

export function useStudentActivity(id: number | undefined, polling: boolean) {
  return useQuery({
    queryKey: activityKeys.studentDetail(id ?? 0),
    queryFn: () => api.get<StudentActivityDetail>('/api/teachActivity/student/detail', { id }),
    enabled: Boolean(id),
    refetchInterval: polling ? LIVE_POLL_MS * 2 : false,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: activityKeys.all });
}

/** The teacher's changes; every activity view is stale after one. */
export function useActivityActions() {
  const invalidate = useInvalidate();
  const run = refreshingAfter(invalidate);
  return {
    save: run((body: ActivityCreate | ActivityUpdate) =>
      'id' in body
        ? api.post<ActivityRow>('/api/teachActivity/update', body)
        : api.post<ActivityRow>('/api/teachActivity/save', body),
    ),
    upload: run(({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ActivityRow>(`/api/teachActivity/upload?id=${id}`, form, { silent: 'toasts' });
    }),
    open: run((id: number) => api.post<ActivityRow>('/api/teachActivity/open', { id })),
    close: run((id: number) => api.post<ActivityRow>('/api/teachActivity/close', { id })),
    remove: run((id: number) => api.post('/api/teachActivity/delete', { id })),
    copy: run(({ id, classId }: { id: number; classId: number }) =>
      api.post<ActivityRow>('/api/teachActivity/copy', { id, classId }),
    ),
    deleteReply: run((replyId: number) => api.post('/api/teachActivity/reply/delete', { replyId })),
  };
}

/** A student's (or the teacher's) part. */
export function useTakePart() {
  const invalidate = useInvalidate();
  const run =
    <A, R>(fn: (arg: A) => Promise<R>) =>
    async (arg: A) => {
      const out = await fn(arg);
      await invalidate();
      return out;
    };
  return {
    checkin: run(({ id, code }: { id: number; code: string }) =>
      api.request<{ status: 'ontime' | 'late'; at: number }>('POST', '/api/teachActivity/checkin', {
        body: { id, code },
      }),
    ),
    // Silent: the reply box shows a refusal (the content check's) where the reply is written.
    reply: run(({ id, content }: { id: number; content: string }) =>
      api.request<ReplyRow>('POST', '/api/teachActivity/reply', { body: { id, content }, silent: true }),
    ),
    submitQuiz: run(({ id, answers }: { id: number; answers: { questionId: number; answer: unknown }[] }) =>
      api.post('/api/teachActivity/quiz/submit', { id, answers }),
    ),
  };
}

/** Downloads a material file; a failure shows the server's msg. */
export async function downloadMaterial(id: number): Promise<void> {
  saveFile(await api.download('GET', '/api/teachActivity/download', { params: { id } }));
}
