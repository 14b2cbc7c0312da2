import type { Generated } from 'kysely';
import type { StaffTables } from './tables/staff.js';
import type { BookTables } from './tables/books.js';
import type { ShelfTables } from './tables/shelf.js';
import type { SiteTables } from './tables/site.js';
import type { ClassTables } from './tables/classes.js';
import type { ReaderTables } from './tables/reader.js';
import type { AccountTables, MemberLockoutColumns } from './tables/accounts.js';
import type { SampleTables } from './tables/samples.js';
import type { OrderTables } from './tables/orders.js';
import type { CollegeDetailColumns, CollegeTables } from './tables/college.js';
import type { ReportTables } from './tables/reports.js';
import type { QuestionTables } from './tables/questions.js';
import type { ActivityTables } from './tables/activities.js';
import type { HomeworkTables } from './tables/homework.js';

/** Table types. Times are epoch milliseconds; flags are 0/1 integers (same on both dialects). */
export interface CollegesTable extends CollegeDetailColumns {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface MembersTable extends MemberLockoutColumns {
  id: Generated<number>;
  phone: string | null;
  user_name: string;
  real_name: Generated<string>;
  avatar: Generated<string>;
  student_id: Generated<string>;
  password_hash: string | null;
  current_college_id: number | null;
  extras_yx_menu: Generated<number>;
  /** 1: disabled by the staff (no login; sessions ended). */
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A member's application to be certified as a teacher of a college (issue 19). */
export interface TeacherCertificationsTable {
  id: Generated<number>;
  member_id: number;
  college_id: number;
  real_name: string;
  proof: Generated<string>;
  proof_image: Generated<string>;
  /** 0 waiting, 1 approved, 2 rejected. */
  state: Generated<number>;
  reason: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
}

export interface CollegeMembersTable {
  id: Generated<number>;
  college_id: number;
  member_id: number;
  roles: Generated<string>;
  student_id: Generated<string>;
  real_name: Generated<string>;
  has_grant: Generated<number>;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

export interface NavMenusTable {
  id: Generated<number>;
  parent_id: Generated<number>;
  menu_name: string;
  path: Generated<string>;
  content_type: Generated<string>;
  sort: Generated<number>;
  visible: Generated<number>;
}

export interface BottomMenusTable {
  id: Generated<number>;
  name: string;
  url: string;
  sort: Generated<number>;
  visible: Generated<number>;
}

export interface FriendLinksTable {
  id: Generated<number>;
  link_name: string;
  link_pic: Generated<string>;
  link_url: string;
  sort: Generated<number>;
  visible: Generated<number>;
}

export interface SiteContentsTable {
  id: Generated<number>;
  menu_id: number | null;
  content_type: string;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  cover: Generated<string>;
  audit_state: Generated<number>;
  audit_remark: Generated<string>;
  published: Generated<number>;
  author_member_id: number | null;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Migration 0501: where an image-text item points. */
  link: Generated<string>;
  /** Migration 0611: the staff member who wrote it (their writing waits for a reviewer). */
  author_staff_id: number | null;
}

export interface PageViewsTable {
  day: string;
  path: string;
  count: Generated<number>;
}

export interface NoticesTable {
  id: Generated<number>;
  member_id: number;
  source: Generated<number>;
  type: string;
  title: string;
  content: Generated<string>;
  book_id: number | null;
  link: Generated<string>;
  read_at: number | null;
  created_at: number;
}

/** Every table; each domain's tables come from db/tables/<domain>.ts. */
export interface Database
  extends
    StaffTables,
    BookTables,
    ShelfTables,
    SiteTables,
    ClassTables,
    ReaderTables,
    AccountTables,
    SampleTables,
    OrderTables,
    CollegeTables,
    ReportTables,
    QuestionTables,
    ActivityTables,
    HomeworkTables {
  colleges: CollegesTable;
  members: MembersTable;
  college_members: CollegeMembersTable;
  sessions: SessionsTable;
  site_settings: SiteSettingsTable;
  nav_menus: NavMenusTable;
  bottom_menus: BottomMenusTable;
  friend_links: FriendLinksTable;
  site_contents: SiteContentsTable;
  page_views: PageViewsTable;
  notices: NoticesTable;
  teacher_certifications: TeacherCertificationsTable;
}
