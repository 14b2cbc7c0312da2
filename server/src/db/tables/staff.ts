import type { Generated } from 'kysely';

export interface StaffTable {
  id: Generated<number>;
  user_name: string;
  display_name: Generated<string>;
  password_hash: string;
  is_admin: Generated<number>;
  /** Comma-separated roles besides super (`is_admin`): editor, reviewer, finance. */
  roles: Generated<string>;
  disabled: Generated<number>;
  failed_logins: Generated<number>;
  locked_until: number | null;
  created_at: number;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  created_at: number;
  expires_at: number;
}

/** One staff write under /api/admin (recorded by the corridor). */
export interface StaffAuditTable {
  id: Generated<number>;
  staff_id: number;
  staff_name: string;
  action: string;
  method: string;
  url: string;
  summary: Generated<string>;
  target: Generated<string>;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

export interface StaffTables {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
}
