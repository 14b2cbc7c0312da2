import type { Generated } from 'kysely';

export interface TeachActivitiesTable {
  id: Generated<number>;
  class_id: number;
  section_id: number | null;
  section_title: Generated<string>;
  kind: string;
  title: string;
  content: Generated<string>;
  state: Generated<string>;
  minutes: number | null;
  late_minutes: Generated<number>;
  code: string | null;
  link: Generated<string>;
  file_key: string | null;
  file_name: Generated<string>;
  question_ids: Generated<string>;
  snapshots: string | null;
  opened_at: number | null;
  closed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface TeachActivityCheckinsTable {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  status: string;
  created_at: number;
}

export interface TeachActivityRepliesTable {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  content: string;
  created_at: number;
}

export interface TeachActivitySubmissionsTable {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  answers: string;
  grading: string;
  score: Generated<number>;
  created_at: number;
}

export interface ActivityTables {
  teach_activities: TeachActivitiesTable;
  teach_activity_checkins: TeachActivityCheckinsTable;
  teach_activity_replies: TeachActivityRepliesTable;
  teach_activity_submissions: TeachActivitySubmissionsTable;
}
