import type { Generated } from 'kysely';

export interface StaffTable {
  id: Generated<number>;
  user_name: string;
  display_name: Generated<string>;
  password_hash: string;
  is_admin: Generated<number>;
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

export interface StaffTables {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
}
