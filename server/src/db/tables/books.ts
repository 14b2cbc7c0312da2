import type { Generated } from 'kysely';

export interface DictDataTable {
  id: Generated<number>;
  dict_type: string;
  parent_id: Generated<number>;
  label: string;
  value: Generated<string>;
  sort: Generated<number>;
}

export interface BooksTable {
  id: Generated<number>;
  identifier: string;
  title: string;
  title_pinyin: Generated<string>;
  title_initials: Generated<string>;
  cover: Generated<string>;
  authors: Generated<string>;
  publisher: Generated<string>;
  isbn: Generated<string>;
  language: Generated<string>;
  subject_id: number | null;
  collection_id: number | null;
  price: Generated<number>;
  description: Generated<string>;
  editor_book_id: Generated<string>;
  published: Generated<number>;
  recommended: Generated<number>;
  pub_year: number | null;
  direction: Generated<string>;
  /** Migration 20261126_0101: `dir` of the title and of the creators ('ltr', 'rtl', 'auto', '' unsaid). */
  title_dir: Generated<string>;
  authors_dir: Generated<string>;
  /** The package's rendition:flow ('paginated', 'scrolled-continuous', 'scrolled-doc', 'auto' or ''). */
  flow: Generated<string>;
  toc_source: Generated<string>;
  extras: Generated<string>;
  edition: Generated<number>;
  views: Generated<number>;
  published_at: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 0801: a teacher's sample application of this book is approved at once. */
  sample_auto_approve: Generated<number>;
  /** Migration 20261128_0201: 'epub' or 'pdf'. */
  format: Generated<string>;
  /** rendition:layout of the package: 'reflowable' or 'pre-paginated' (PDF books: 'pre-paginated'). */
  layout: Generated<string>;
  /** rendition:spread ('none', 'landscape', 'portrait', 'both', 'auto') and rendition:orientation; '' unsaid. */
  spread: Generated<string>;
  orientation: Generated<string>;
}

export interface BookChaptersTable {
  id: Generated<number>;
  book_id: number;
  seq: number;
  path: string;
  title: Generated<string>;
  html: string;
  text: string;
  styles: Generated<string>;
  css: Generated<string>;
  linear: Generated<number>;
  free: Generated<number>;
  /** Migration 20261128_0201: JSON `ChapterLayout` (contracts), checked at import. */
  layout: Generated<string>;
  /** Migration 20261128_0301: JSON `MediaOverlay` (contracts), '' when the chapter has none (issue 33). */
  overlay: Generated<string>;
}

/** A print page of a book (migration 20261128_0201). */
export interface BookPagesTable {
  id: Generated<number>;
  book_id: number;
  seq: number;
  label: string;
  chapter_id: number;
  anchor: Generated<string>;
  page_index: Generated<number>;
}

export interface BookSectionsTable {
  id: Generated<number>;
  book_id: number;
  parent_id: Generated<number>;
  seq: number;
  level: number;
  title: string;
  chapter_id: number | null;
  anchor: Generated<string>;
}

export interface BookAssetsTable {
  id: Generated<number>;
  book_id: number;
  path: string;
  name: string;
  media_type: string;
  size: number;
}

export interface BookListsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  sort: Generated<number>;
  published: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface BookListItemsTable {
  id: Generated<number>;
  list_id: number;
  book_id: number;
  sort: Generated<number>;
}

export interface ImportJobsTable {
  id: Generated<number>;
  staff_id: number | null;
  file_name: string;
  status: string;
  progress: Generated<number>;
  message: Generated<string>;
  book_id: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 20261125_0201: the edition the job made (null until done). */
  edition: Generated<number | null>;
}

export interface BookTables {
  dict_data: DictDataTable;
  books: BooksTable;
  book_chapters: BookChaptersTable;
  book_sections: BookSectionsTable;
  book_assets: BookAssetsTable;
  book_pages: BookPagesTable;
  book_lists: BookListsTable;
  book_list_items: BookListItemsTable;
  import_jobs: ImportJobsTable;
}
