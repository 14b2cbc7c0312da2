import type { Generated } from 'kysely';

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  content: string;
  provider: string;
  created_at: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  used_at: number | null;
  expires_at: number;
  created_at: number;
}

/** Columns issue #3 adds to members (the lockout of password login). */
export interface MemberLockoutColumns {
  failed_logins: Generated<number>;
  locked_until: number | null;
}

export interface MemberIdentitiesTable {
  id: Generated<number>;
  provider: string;
  subject: string;
  member_id: number;
  created_at: number;
}

export interface AccountTables {
  sms_outbox: SmsOutboxTable;
  sms_codes: SmsCodesTable;
  member_identities: MemberIdentitiesTable;
}
