import type { Generated } from 'kysely';

export type ShelfSource = 'purchase' | 'sample' | 'authorization' | 'class' | 'free';

export interface ShelfEntriesTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  source: ShelfSource;
  source_ref: Generated<number>;
  college_id: number | null;
  expires_at: number | null;
  created_at: number;
}

export interface ShelfTables {
  shelf_entries: ShelfEntriesTable;
}
