import type { Generated } from 'kysely';

export interface BookFavouritesTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  created_at: number;
}

export interface ReadingPositionsTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  chapter_id: number;
  chapter_path: Generated<string>;
  anchor: Generated<string>;
  progress: Generated<number>;
  /** JSON: chapter path → how far its text was read, per mille. */
  reads: Generated<string>;
  updated_at: number;
}

export interface ReadingTimeTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  chapter_id: number;
  day: string;
  seconds: Generated<number>;
}

export interface ReaderNotesTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  chapter_id: number;
  chapter_path: Generated<string>;
  quote: string;
  prefix: Generated<string>;
  suffix: Generated<string>;
  start_offset: Generated<number>;
  end_offset: Generated<number>;
  color: Generated<string>;
  content: Generated<string>;
  edition: Generated<number>;
  orphan: Generated<number>;
  /** The browser's key for a note written offline (retried sends find the note they made); null otherwise. */
  client_key: string | null;
  /** Migration 20261128_0201: the print page the note was made on ('' when the book has none). */
  page_label: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface ReaderBookmarksTable {
  id: Generated<number>;
  member_id: number;
  book_id: number;
  chapter_id: number;
  chapter_path: Generated<string>;
  /** JSON text anchor: {quote, prefix, offset}. */
  anchor: Generated<string>;
  label: Generated<string>;
  created_at: number;
  /** Migration 20261128_0201: the print page it was made on ('' when the book has none). */
  page_label: Generated<string>;
}

export interface ReaderTables {
  section_resources: SectionResourcesTable;
  book_favourites: BookFavouritesTable;
  reading_positions: ReadingPositionsTable;
  reading_time: ReadingTimeTable;
  reader_notes: ReaderNotesTable;
  reader_bookmarks: ReaderBookmarksTable;
}

export interface SectionResourcesTable {
  id: Generated<number>;
  book_id: number;
  chapter_path: Generated<string>;
  section_title: Generated<string>;
  category: string;
  title: string;
  url: string;
  description: Generated<string>;
  sort: Generated<number>;
  created_at: number;
}
