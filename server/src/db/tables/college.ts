import type { Generated } from 'kysely';

/** Columns issue #16 adds to colleges (their details, edited by the college's administrator). */
export interface CollegeDetailColumns {
  logo: Generated<string>;
  contact: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  introduction: Generated<string>;
}

export interface CollegeBooksTable {
  id: Generated<number>;
  college_id: number;
  book_id: number;
  bought_count: Generated<number>;
  given_count: Generated<number>;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export type SeatChange = 'order' | 'adjust' | 'grant' | 'revoke' | 'redeem';

export interface CollegeSeatLedgerTable {
  id: Generated<number>;
  college_book_id: number;
  college_id: number;
  kind: SeatChange;
  bought_delta: Generated<number>;
  given_delta: Generated<number>;
  member_id: number | null;
  by_member_id: number | null;
  by_staff_id: number | null;
  reason: Generated<string>;
  ref_id: Generated<number>;
  created_at: number;
}

/** How a seat came to its holder: given by the admin (or a teacher's distribution), a code, a class join. */
export type AuthorizationVia = 'grant' | 'code' | 'class';

export interface CollegeAuthorizationsTable {
  id: Generated<number>;
  college_book_id: number;
  college_id: number;
  book_id: number;
  member_id: number;
  via: AuthorizationVia;
  expires_at: number | null;
  created_at: number;
}

export interface CollegeActiveCodesTable {
  id: Generated<number>;
  college_book_id: number;
  college_id: number;
  code: string;
  batch: number;
  status: Generated<number>;
  expires_at: number;
  redeemed_by: number | null;
  redeemed_at: number | null;
  created_at: number;
}

export interface CollegeOrdersTable {
  id: Generated<number>;
  college_id: number;
  book_id: number;
  member_id: number;
  quantity: number;
  term_months: number;
  status: Generated<number>;
  remark: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
}

export interface CollegeTables {
  college_books: CollegeBooksTable;
  college_seat_ledger: CollegeSeatLedgerTable;
  college_authorizations: CollegeAuthorizationsTable;
  college_active_codes: CollegeActiveCodesTable;
  college_orders: CollegeOrdersTable;
}
