import { refreshingAfter } from './mutations';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Paged,
  QuestionGroupRow,
  QuestionGroupTree,
  QuestionImportReport,
  QuestionRow,
  QuestionSave,
  QuestionTypeCode,
  SectionNode,
} from '@textbook/contracts';
import { api } from './index';
import { saveFile } from '../kit/download';
import type { ListSource } from '../kit/ListTable';
import type { Params } from './client';

/** The list's filters (the export takes the same). */
export type QuestionFilters = {
  groupId?: number;
  ungrouped?: '1';
  type?: QuestionTypeCode;
  difficulty?: number;
  bookId?: number;
  sectionId?: number;
  keyword?: string;
};

export const questionKeys = {
  all: ['questionBank'] as const,
  tree: ['questionBank', 'tree'] as const,
  list: (filters: QuestionFilters, pageNum: number, pageSize: number) =>
    ['questionBank', 'list', filters, pageNum, pageSize] as const,
  sections: (bookId: number) => ['questionBank', 'sections', bookId] as const,
};

export function useQuestionTree() {
  return useQuery({
    queryKey: questionKeys.tree,
    queryFn: () => api.get<QuestionGroupTree>('/api/myQuestionGroup/getTree'),
  });
}

export function useQuestionList(filters: QuestionFilters, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: questionKeys.list(filters, pageNum, pageSize),
    queryFn: () => api.get<Paged<QuestionRow>>('/api/myQuestion/getList', { ...filters, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** The question list as the kit's `ListTable` reads it (the filters in its parameters; under `questionKeys.all`). */
export const questionList = {
  key: ['questionBank', 'rows'],
  fetch: (query: Params) => api.get<Paged<QuestionRow>>('/api/myQuestion/getList', query),
} satisfies ListSource<QuestionRow>;

/** A book's section tree (the book picker lists the books the teacher teaches with: classes' getClassBooks). */
export function useSectionTree(bookId: number | undefined) {
  return useQuery({
    queryKey: questionKeys.sections(bookId ?? 0),
    queryFn: () => api.get<SectionNode[]>('/api/book/sectionTree', { bookId }),
    enabled: Boolean(bookId),
    staleTime: 5 * 60_000,
  });
}

/** Every change makes the tree's counts and the lists stale. */
export function useQuestionActions() {
  const client = useQueryClient();
  const run = refreshingAfter(() => client.invalidateQueries({ queryKey: questionKeys.all }));
  return {
    addGroup: run((body: { name: string; parentId: number | null }) =>
      api.post<QuestionGroupRow>('/api/myQuestionGroup/save', body),
    ),
    renameGroup: run((body: { id: number; name: string }) =>
      api.post<QuestionGroupRow>('/api/myQuestionGroup/modify', body),
    ),
    moveGroup: run((body: { id: number; parentId: number | null; position: number }) =>
      api.post<QuestionGroupRow>('/api/myQuestionGroup/move', body),
    ),
    deleteGroup: run(
      ({ id, questions, targetId }: { id: number; questions?: 'move' | 'delete'; targetId?: number | null }) =>
        api.delete<{ moved: number; deleted: number }>(`/api/myQuestionGroup/delete/${id}`, {
          questions,
          targetId: targetId ?? undefined,
        }),
    ),
    save: run((body: QuestionSave & { id?: number }) =>
      body.id
        ? api.post<QuestionRow>('/api/myQuestion/modify', body)
        : api.post<QuestionRow>('/api/myQuestion/save', body),
    ),
    remove: run((id: number) => api.delete<null>(`/api/myQuestion/delete/${id}`)),
    importFile: run((file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<QuestionImportReport>('/api/myQuestion/import', form);
    }),
  };
}

export async function downloadTemplate(): Promise<void> {
  saveFile(await api.download('GET', '/api/myQuestion/template'));
}

export async function exportQuestions(filters: QuestionFilters): Promise<void> {
  saveFile(await api.download('GET', '/api/myQuestion/export', { params: { ...filters } }));
}
