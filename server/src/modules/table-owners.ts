import type { Database } from '../db/schema.js';

/**
 * The one module that writes each table (insert, update, delete). Other modules read it at most, and change it
 * by calling the owner's service through its index.ts. Declared once, here; `module-graph.test.ts` reads every
 * module's queries and fails on a write to a table the module does not own. The compiler asks for a line per
 * table of `Database`. (`adapters/sms` is no module: its outbox provider keeps the messages it "sent".)
 */
export const TABLE_OWNERS = {
  staff: 'staff',
  staff_audit: 'staff',
  staff_sessions: 'session',
  sessions: 'session',
  members: 'member',
  college_members: 'member',
  member_identities: 'auth',
  sms_codes: 'auth',
  sms_outbox: 'adapters/sms',
  colleges: 'college',
  college_books: 'college',
  college_seat_ledger: 'college',
  college_authorizations: 'college',
  college_active_codes: 'college',
  college_orders: 'college',
  teacher_certifications: 'teachers',
  books: 'catalog',
  book_chapters: 'catalog',
  book_assets: 'catalog',
  book_sections: 'import',
  book_pages: 'import',
  book_lists: 'catalog',
  book_list_items: 'catalog',
  dict_data: 'catalog',
  import_jobs: 'import',
  shelf_entries: 'shelf',
  book_favourites: 'shelf',
  reading_positions: 'reader',
  reading_time: 'reader',
  reader_notes: 'reader',
  reader_bookmarks: 'reader',
  section_resources: 'reader',
  classes: 'classes',
  class_students: 'classes',
  homework: 'homework',
  homework_items: 'homework',
  homework_submissions: 'homework',
  question_groups: 'questionBank',
  questions: 'questionBank',
  teach_activities: 'activities',
  teach_activity_checkins: 'activities',
  teach_activity_replies: 'activities',
  teach_activity_submissions: 'activities',
  sample_applications: 'samples',
  sample_quota_usage: 'samples',
  personal_orders: 'orders',
  payment_notifications: 'payments',
  report_daily: 'rollups',
  report_books: 'rollups',
  site_settings: 'site',
  nav_menus: 'site',
  bottom_menus: 'site',
  friend_links: 'site',
  app_versions: 'site',
  site_contents: 'content',
  help_topics: 'help',
  help_contents: 'help',
  help_access: 'help',
  feedbacks: 'help',
  notices: 'notice',
  page_views: 'router',
} as const satisfies Record<keyof Database, string>;

/** Tables outside the typed schema: SQLite's full-text index of the books (PostgreSQL keeps a column of books). */
export const UNTYPED_TABLE_OWNERS: Record<string, string> = { book_fts: 'catalog' };

/**
 * Writes to another module's table that stand for a reason, each named with it. The test fails on a write that is
 * neither owned nor listed here, and on a line here that no code needs any more.
 */
export const SHARED_WRITES: { module: string; table: keyof Database; why: string }[] = [
  {
    module: 'import',
    table: 'books',
    why: 'an EPUB import writes the whole book in one transaction; catalog imports import, so not the reverse',
  },
  { module: 'import', table: 'book_chapters', why: 'the same transaction as the book' },
  { module: 'import', table: 'book_assets', why: 'the same transaction as the book' },
  {
    module: 'auth',
    table: 'members',
    why: 'the credentials: a new password and the lockout counters (auth/lockout.ts for members and staff)',
  },
  {
    module: 'classes',
    table: 'college_members',
    why: 'a batch of joins sets its memberships’ student ids and names in one statement (join-batch.ts)',
  },
];

/** Test-only modules write what their fixtures need; they are never registered in production. */
export const WRITES_ANYTHING = ['testing'];
