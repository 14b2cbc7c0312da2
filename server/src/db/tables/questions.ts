import type { Generated } from 'kysely';

export interface QuestionGroupsTable {
  id: Generated<number>;
  owner_id: number;
  parent_id: number | null;
  name: string;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  owner_id: number;
  group_id: number | null;
  /** single, multiple, judge, blank, short. */
  type: string;
  stem: string;
  stem_text: Generated<string>;
  options_json: Generated<string>;
  answer_json: string;
  analysis: Generated<string>;
  difficulty: Generated<number>;
  tags_json: Generated<string>;
  book_id: number | null;
  section_id: number | null;
  version: Generated<number>;
  deleted: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface QuestionTables {
  question_groups: QuestionGroupsTable;
  questions: QuestionsTable;
}
