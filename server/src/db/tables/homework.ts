import type { Generated } from 'kysely';

export interface HomeworkTable {
  id: Generated<number>;
  class_id: number;
  teacher_id: number;
  college_id: number;
  book_id: number;
  section_id: number;
  section_title: Generated<string>;
  title: string;
  description: Generated<string>;
  open_at: number;
  due_at: number;
  late_rule: Generated<string>;
  late_deduct: Generated<number>;
  /** 0 draft, 1 released. */
  status: Generated<number>;
  total_score: Generated<number>;
  released_at: number | null;
  reminded_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface HomeworkItemsTable {
  id: Generated<number>;
  homework_id: number;
  position: number;
  question_id: number;
  score: number;
  /** JSON QuestionSnapshot, set at release. */
  snapshot: string | null;
}

export interface HomeworkSubmissionsTable {
  id: Generated<number>;
  homework_id: number;
  member_id: number;
  /** 0 draft, 1 submitted, 2 reviewed. */
  status: Generated<number>;
  answers: string;
  results: Generated<string>;
  score: number | null;
  late: Generated<number>;
  comment: Generated<string>;
  saved_at: number;
  submitted_at: number | null;
  reviewed_at: number | null;
  /** 1: handed in and a question waits for the teacher's score (the lists' 待批阅 count). */
  needs_review: Generated<number>;
}

export interface HomeworkTables {
  homework: HomeworkTable;
  homework_items: HomeworkItemsTable;
  homework_submissions: HomeworkSubmissionsTable;
}
