import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Code,
  type HomeworkAnswers,
  type HomeworkClass,
  type HomeworkConfig,
  type HomeworkRow,
  type HomeworkSectionNode,
  type NoticeItem,
  type Paged,
  type StudentHomeworkInfo,
  type StudentHomeworkRow,
  type TeacherHomeworkInfo,
} from '@textbook/contracts';
import { ApiError } from './client';
import { api } from './index';

export const homeworkKeys = {
  all: ['homework'] as const,
  classes: ['homework', 'classes'] as const,
  config: ['homework', 'config'] as const,
  tree: (bookId: number, classId?: number) => ['homework', 'tree', bookId, classId] as const,
  byChapter: (classId: number, sectionId?: number) => ['homework', 'byChapter', classId, sectionId] as const,
  teacherInfo: (id: number) => ['homework', 'teacherInfo', id] as const,
  studentList: (params: object) => ['homework', 'studentList', params] as const,
  studentChapter: (bookId: number) => ['homework', 'studentChapter', bookId] as const,
  studentInfo: (id: number) => ['homework', 'studentInfo', id] as const,
  expiring: ['homework', 'expiring'] as const,
};

// ---- teacher ----

export function useHomeworkClasses() {
  return useQuery({
    queryKey: homeworkKeys.classes,
    queryFn: () => api.get<HomeworkClass[]>('/api/homework/teacher/getClassList'),
  });
}

export function useHomeworkConfig() {
  return useQuery({
    queryKey: homeworkKeys.config,
    queryFn: () => api.get<HomeworkConfig>('/api/homework/homeworConfigId'),
    staleTime: 10 * 60_000,
  });
}

export function useHomeworkTree(bookId: number | undefined, classId?: number) {
  return useQuery({
    queryKey: homeworkKeys.tree(bookId ?? 0, classId),
    queryFn: () => api.get<HomeworkSectionNode[]>('/api/homework/sectionTree', { bookId, classId }),
    enabled: Boolean(bookId),
  });
}

export function useClassHomework(classId: number | undefined, sectionId?: number) {
  return useQuery({
    queryKey: homeworkKeys.byChapter(classId ?? 0, sectionId),
    queryFn: () => api.get<HomeworkRow[]>('/api/homework/teacher/listByChapter', { classId, sectionId }),
    enabled: Boolean(classId),
  });
}

export function useTeacherHomeworkInfo(id: number | undefined) {
  return useQuery({
    queryKey: homeworkKeys.teacherInfo(id ?? 0),
    queryFn: () => api.get<TeacherHomeworkInfo>('/api/homework/teacher/info', { id }),
    enabled: Boolean(id),
  });
}

export interface HomeworkForm {
  classId: number;
  sectionId: number;
  title: string;
  description: string;
  openTime: string;
  dueTime: string;
  lateRule: 'none' | 'deduct';
  lateDeduct: number;
  items: { questionId: number; score: number }[];
  draws: { groupId: number | null; type: string; count: number; score: number }[];
}

/** Teacher actions; each refreshes the homework lists. `remove` answers 'ask' when the server wants a confirmation. */
export function useHomeworkActions() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: homeworkKeys.all });
  return {
    save: async (form: HomeworkForm) => {
      const row = await api.post<HomeworkRow>('/api/homework/teacher/save', form);
      refresh();
      return row;
    },
    update: async (id: number, form: Omit<HomeworkForm, 'classId'>) => {
      const row = await api.post<HomeworkRow>('/api/homework/teacher/update', { id, ...form });
      refresh();
      return row;
    },
    release: async (id: number) => {
      const row = await api.post<HomeworkRow>('/api/homework/teacher/release', { id });
      refresh();
      return row;
    },
    remove: async (id: number, confirm = false): Promise<'done' | 'ask'> => {
      try {
        await api.post(`/api/homework/teacher/delete/${id}${confirm ? '?confirm=1' : ''}`);
      } catch (error) {
        if (error instanceof ApiError && error.code === Code.WARNING) return 'ask';
        throw error;
      }
      refresh();
      return 'done';
    },
    review: async (
      submissionId: number,
      body: { items: { itemId: number; score: number; comment: string }[]; comment: string },
    ) => {
      const answer = await api.post<{ score: number; status: number }>(
        `/api/homework/teacher/reviewHomework/${submissionId}`,
        body,
      );
      refresh();
      return answer;
    },
  };
}

// ---- student ----

export function useStudentHomework(params: { pageNum: number; pageSize: number; state?: 'todo' | 'done' }) {
  return useQuery({
    queryKey: homeworkKeys.studentList(params),
    queryFn: () => api.get<Paged<StudentHomeworkRow>>('/api/homework/student/list', params),
  });
}

/** The student's homework of a book (the reader's contents mark chapters that have some). */
export function useStudentChapterHomework(bookId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: homeworkKeys.studentChapter(bookId ?? 0),
    queryFn: () => api.get<StudentHomeworkRow[]>('/api/homework/student/listByChapter', { bookId }, { silent: true }),
    enabled: Boolean(bookId) && enabled,
    staleTime: 60_000,
  });
}

export function useStudentHomeworkInfo(id: number | undefined) {
  return useQuery({
    queryKey: homeworkKeys.studentInfo(id ?? 0),
    queryFn: () => api.get<StudentHomeworkInfo>('/api/homework/student/info', { id }),
    enabled: Boolean(id),
  });
}

export function useExpiringHomework() {
  return useQuery({
    queryKey: homeworkKeys.expiring,
    queryFn: () =>
      api.get<{ id: number; title: string; className: string; dueTime: string; timeLeft: number }[]>(
        '/api/homework/student/expireNotice',
      ),
  });
}

export function useHomeworkNotices(pageNum: number) {
  return useQuery({
    queryKey: ['homework', 'notices', pageNum],
    queryFn: () => api.get<Paged<NoticeItem>>('/api/homework/student/notice', { pageNum, pageSize: 5 }),
  });
}

/** The auto-save: quiet (the page shows its own state), never shared with a submit. */
export const saveDraft = (id: number, answers: HomeworkAnswers) =>
  api.post<{ savedTime: number }>('/api/homework/student/save', { id, answers }, { silent: true });

export function useSubmitHomework() {
  const client = useQueryClient();
  return async (id: number, answers: HomeworkAnswers) => {
    const answer = await api.post<{ status: number; submitTime: number; late: boolean }>(
      '/api/homework/student/submit',
      { id, answers },
    );
    void client.invalidateQueries({ queryKey: homeworkKeys.all });
    return answer;
  };
}
