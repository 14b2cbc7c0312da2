import type { Generated } from 'kysely';

/** Per member, book, chapter path and China day: reading seconds, notes and highlights (modules/rollups). */
export interface ReportDailyTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  chapter_path: string;
  day: string;
  seconds: Generated<number>;
  notes: Generated<number>;
  highlights: Generated<number>;
}

/** Per member and book: progress per mille, how far each chapter was read (JSON by path), first and last read. */
export interface ReportBooksTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  progress: Generated<number>;
  reads: Generated<string>;
  first_at: number;
  last_at: number;
}

export interface ReportTables {
  report_daily: ReportDailyTable;
  report_books: ReportBooksTable;
}
