import { z } from 'zod';
import { Limits } from './constants.js';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';

/** Search condition keys of the header panel (spec §2): subject 1, collection 4. */
export const SearchKey = { SUBJECT: 1, COLLECTION: 4 } as const;

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });
const optionalId = id.optional();
const searchText = z.string().trim().max(Limits.SEARCH_MAX, { error: Msg.SEARCH_TOO_LONG });

/** A book in a list: what a card shows. */
export const bookCard = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  authors: z.string(),
  publisher: z.string(),
  isbn: z.string(),
  price: z.number(),
  subjectId: z.number().int().nullable(),
  subjectName: z.string(),
  collectionId: z.number().int().nullable(),
  collectionName: z.string(),
  pubYear: z.number().int().nullable(),
  publishedAt: z.number().nullable(),
});
export type BookCard = z.infer<typeof bookCard>;

/** Book detail (spec §3: cover, title, editorBookId, id) and the rest of the catalogue fields. */
export const bookDetail = bookCard.extend({
  editorBookId: z.string(),
  description: z.string(),
  language: z.string(),
  direction: z.string(),
  published: z.boolean(),
  recommended: z.boolean(),
  edition: z.number().int(),
  chapterCount: z.number().int(),
  freeChapterIds: z.array(z.number().int()),
  firstChapterId: z.number().int().nullable(),
});
export type BookDetail = z.infer<typeof bookDetail>;

export interface SectionNode {
  id: number;
  title: string;
  chapterId: number | null;
  anchor: string;
  level: number;
  free: boolean;
  children: SectionNode[];
}
export const sectionNode: z.ZodType<SectionNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    chapterId: z.number().int().nullable(),
    anchor: z.string(),
    level: z.number().int(),
    free: z.boolean(),
    children: z.array(sectionNode),
  }),
);

export interface DictNode {
  id: number;
  label: string;
  value: string;
  parentId: number;
  children: DictNode[];
}
export const dictNode: z.ZodType<DictNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    label: z.string(),
    value: z.string(),
    parentId: z.number().int(),
    children: z.array(dictNode),
  }),
);

export const DictType = { SUBJECT: 'book_subject', COLLECTION: 'book_collection' } as const;
export const dictQuery = z.object({
  dictType: z.enum([DictType.SUBJECT, DictType.COLLECTION]).default(DictType.SUBJECT),
});

/** `GET /api/book/subjectSearch`: the header panel's condition groups. */
export const subjectCondition = z.object({ key: z.number().int(), name: z.string(), items: z.array(dictNode) });

export const BookSort = ['newest', 'title', 'popular'] as const;

/** Textbook list (textbook, textbook-search): filters, sort, paging. */
export const bookListQuery = pageQuery.extend({
  subjectId: optionalId,
  collectionId: optionalId,
  keyword: searchText.optional(),
  sort: z.enum(BookSort).default('newest'),
});
export type BookListQuery = z.infer<typeof bookListQuery>;

/** search and search-result: text, type (0 normal, 1 advanced) and a display name (spec §2). */
export const bookSearchQuery = pageQuery.extend({
  searchText: searchText.default(''),
  type: z.coerce.number().int().min(0).max(1).default(0),
  name: z.string().max(100).optional(),
  title: searchText.optional(),
  author: searchText.optional(),
  isbn: searchText.optional(),
  publisher: searchText.optional(),
  subjectId: optionalId,
  collectionId: optionalId,
  year: z.coerce.number().int().min(1000).max(9999).optional(),
});
export type BookSearchQuery = z.infer<typeof bookSearchQuery>;

export const bookSearchHit = bookCard.extend({
  titleHighlight: z.string(),
  matchedWords: z.array(z.string()),
});
export type BookSearchHit = z.infer<typeof bookSearchHit>;

/** search-result-detail: where the words occur inside one book. */
export const inBookSearchQuery = z.object({
  bookId: id,
  q: searchText.min(1, { error: Msg.SEARCH_EMPTY }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const inBookHit = z.object({
  chapterId: z.number().int(),
  chapterTitle: z.string(),
  /** Highlighted text around the match; for a locked chapter only the message that reading it needs access. */
  snippet: z.string(),
  link: z.string(),
  /** True when the caller may not read the chapter: one row per such chapter, with no text from it. */
  locked: z.boolean().optional(),
});
export type InBookHit = z.infer<typeof inBookHit>;

export const bookListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  bookCount: z.number().int(),
  covers: z.array(z.string()),
});
export type BookListSummary = z.infer<typeof bookListSummary>;
export const bookListsQuery = pageQuery.extend({ keyword: searchText.optional() });
export const bookListDetail = bookListSummary.extend({ books: z.array(bookCard) });
export type BookListDetail = z.infer<typeof bookListDetail>;

export const chapterContent = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  title: z.string(),
  html: z.string(),
  styles: z.array(z.string()),
  css: z.string(),
  free: z.boolean(),
  prevId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
});
export type ChapterContent = z.infer<typeof chapterContent>;

export const importJob = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  progress: z.number().int(),
  message: z.string(),
  bookId: z.number().int().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ImportJob = z.infer<typeof importJob>;

/** Staff edit of book metadata. */
export const bookUpdateBody = z.object({
  title: z.string().trim().min(1, { error: Msg.BOOK_TITLE_REQUIRED }).max(300).optional(),
  authors: z.string().max(500).optional(),
  publisher: z.string().max(200).optional(),
  isbn: z.string().max(20).optional(),
  subjectId: z.number().int().positive().nullable().optional(),
  collectionId: z.number().int().positive().nullable().optional(),
  price: z.number().int().min(0).max(100_000_000).optional(),
  description: z.string().max(5000).optional(),
  editorBookId: z.string().max(64).optional(),
  recommended: z.boolean().optional(),
  pubYear: z.number().int().min(1000).max(9999).nullable().optional(),
});
export const bookPublishBody = z.object({ published: z.boolean() });
export const freeChaptersBody = z.object({ chapterIds: z.array(z.number().int().positive()).max(10_000) });
export const bookListBody = z.object({
  name: z.string().trim().min(1, { error: Msg.BOOKLIST_NAME_REQUIRED }).max(100),
  description: z.string().max(500).default(''),
  bookIds: z.array(z.number().int().positive()).max(999).default([]),
  published: z.boolean().default(true),
  sort: z.number().int().default(0),
});

export const monthStat = z.object({ month: z.string(), count: z.number().int() });
