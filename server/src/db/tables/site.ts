import type { Generated } from 'kysely';

export interface AppVersionsTable {
  id: Generated<number>;
  platform: string;
  version: string;
  notes: Generated<string>;
  file_url: Generated<string>;
  store_url: Generated<string>;
  qr_code: Generated<string>;
  published: Generated<number>;
  created_at: number;
}

export interface HelpTopicsTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  created_at: number;
}

export interface HelpContentsTable {
  id: Generated<number>;
  topic_id: number;
  title: string;
  body: Generated<string>;
  sort: Generated<number>;
  read_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface HelpAccessTable {
  id: Generated<number>;
  content_id: number;
  member_id: number | null;
  created_at: number;
}

export interface FeedbacksTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  content: string;
  contact: Generated<string>;
  images: Generated<string>;
  book_id: number | null;
  chapter_id: number | null;
  quote: Generated<string>;
  reply: Generated<string>;
  replied_at: number | null;
  replied_by: number | null;
  created_at: number;
  /** Migration 0611: closed by staff (no further replies). */
  closed_at: number | null;
  closed_by: number | null;
}

/** Tables of migration 0501 (site content, help, feedback). `site_contents.link` is typed in schema.ts. */
export interface SiteTables {
  app_versions: AppVersionsTable;
  help_topics: HelpTopicsTable;
  help_contents: HelpContentsTable;
  help_access: HelpAccessTable;
  feedbacks: FeedbacksTable;
}
