import type { Generated } from 'kysely';

export interface SampleApplicationsTable {
  id: Generated<number>;
  member_id: number;
  college_id: number;
  book_id: number;
  validity_code: string;
  validity_label: Generated<string>;
  /** 0 waiting, 1 approved, 2 rejected. */
  state: number;
  reason: Generated<string>;
  quota_year: number;
  auto_approved: Generated<number>;
  reviewed_by: number | null;
  created_at: number;
  reviewed_at: number | null;
  expires_at: number | null;
}

export interface SampleQuotaUsageTable {
  member_id: number;
  quota_year: number;
  used: Generated<number>;
}

export interface SampleTables {
  sample_applications: SampleApplicationsTable;
  sample_quota_usage: SampleQuotaUsageTable;
}
