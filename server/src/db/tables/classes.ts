import type { Generated } from 'kysely';

export interface ClassesTable {
  id: Generated<number>;
  college_id: number;
  teacher_id: number;
  book_id: number;
  name: string;
  remark: Generated<string>;
  code: string;
  code_open: Generated<number>;
  is_review: '0' | '1';
  start_time: number;
  end_time: number;
  created_at: number;
  updated_at: number;
}

export interface ClassStudentsTable {
  id: Generated<number>;
  class_id: number;
  member_id: number;
  student_id: string;
  name: string;
  status: number;
  created_at: number;
  reviewed_at: number | null;
}

export interface ClassTables {
  classes: ClassesTable;
  class_students: ClassStudentsTable;
}
