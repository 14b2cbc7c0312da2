import { z } from 'zod';
import { Limits } from './constants.js';
import { pageQuery } from './envelope.js';
import { mediaOverlay } from './media-overlay.js';
import { Msg } from './messages.js';
import { sortOrder } from './rules.js';

/** Limits of a book's fields as staff edit them, and of book lists and dictionaries. */
export const BookLimits = {
  TITLE_MAX: 300,
  AUTHORS_MAX: 500,
  PUBLISHER_MAX: 200,
  ISBN_MAX: 20,
  /** A price in fen (1,000,000 yuan). */
  PRICE_MAX_FEN: 100_000_000,
  DESCRIPTION_MAX: 5000,
  /** A year of publication. */
  YEAR: { min: 1000, max: 9999 },
  LIST_NAME_MAX: 100,
  LIST_DESCRIPTION_MAX: 500,
  DICT_LABEL_MAX: 50,
  DICT_SORT: { min: -100_000, max: 100_000 },
} as const;

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
  /** Base direction of the title and of the authors as the package gives them ('' unsaid: the page's). */
  titleDir: z.string(),
  authorsDir: z.string(),
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

/**
 * The dictionaries. `audit_word`: the content check's word list (issue 30, spec §8 content audit), kept with the
 * others and edited in the same console page; never served to the public dictionary route.
 */
export const DictType = { SUBJECT: 'book_subject', COLLECTION: 'book_collection', AUDIT_WORD: 'audit_word' } as const;
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
  year: z.coerce.number().int().min(BookLimits.YEAR.min).max(BookLimits.YEAR.max).optional(),
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
  /** The reader at this hit (searchHitHref): its own address for each hit. */
  link: z.string(),
  /** The words found there (the whole search, else its longest word) and which of their occurrences it is. */
  words: z.string().optional(),
  occurrence: z.number().int().optional(),
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

/**
 * A PDF page of a section document: its print label, its size in PDF points (1/72 in), and where its text starts
 * in the chapter's text (the section's pages' texts joined by '\n'; each page's text is pdf.js's text items' `str`
 * joined, with '\n' after an item that has `hasEOL`): note and search offsets count in that text.
 */
export const pdfPage = z.object({
  label: z.string(),
  width: z.number(),
  height: z.number(),
  textStart: z.number().int().min(0).default(0),
});
export type PdfPage = z.infer<typeof pdfPage>;

/**
 * How a chapter is shown (issue 32). `reflow`: HTML that flows into the reader's columns. `fixed`: one
 * pre-paginated page (a spine item of rendition:layout pre-paginated) of `width`×`height` CSS pixels (its viewport
 * or viewBox), shown whole and scaled; `spread` is its page-spread-* property ('' unsaid). `pdf`: a section of a
 * PDF book, its pages in the document at `file` (a stored asset holding only this section's pages).
 */
export const chapterLayout = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reflow') }),
  z.object({
    kind: z.literal('fixed'),
    width: z.number().positive(),
    height: z.number().positive(),
    spread: z.enum(['left', 'right', 'center', '']).default(''),
    /** The page's first image (its thumbnail in the reader's page strip), '' when it has none. */
    thumb: z.string().default(''),
    /** The viewport is the device's (width=device-width, height=device-height): the page fills the reading area. */
    device: z.boolean().default(false),
    /** The orientation the page wants to be read in (rendition:orientation, the item's or the book's); '' either. */
    orientation: z.enum(['landscape', 'portrait', '']).default(''),
  }),
  z.object({ kind: z.literal('pdf'), file: z.string(), pages: z.array(pdfPage) }),
]);
export type ChapterLayout = z.infer<typeof chapterLayout>;

/** A print page of a book (GET /api/book/pages): its label and where it is. */
export const bookPage = z.object({
  label: z.string(),
  chapterId: z.number().int(),
  /** Reflowable: the id of the page-break element in the chapter ('' for the chapter's start). */
  anchor: z.string(),
  /** PDF: the page's index (from 0) in its section's document. */
  pageIndex: z.number().int(),
});
export type BookPage = z.infer<typeof bookPage>;

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
  layout: chapterLayout.default({ kind: 'reflow' }),
  /** The chapter's media overlay (recorded narration), null when it has none (issue 33). */
  overlay: mediaOverlay.nullable().default(null),
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
  title: z.string().trim().min(1, { error: Msg.BOOK_TITLE_REQUIRED }).max(BookLimits.TITLE_MAX).optional(),
  authors: z.string().max(BookLimits.AUTHORS_MAX).optional(),
  publisher: z.string().max(BookLimits.PUBLISHER_MAX).optional(),
  isbn: z.string().max(BookLimits.ISBN_MAX).optional(),
  subjectId: z.number().int().positive().nullable().optional(),
  collectionId: z.number().int().positive().nullable().optional(),
  price: z.number().int().min(0).max(BookLimits.PRICE_MAX_FEN).optional(),
  description: z.string().max(BookLimits.DESCRIPTION_MAX).optional(),
  editorBookId: z.string().max(64).optional(),
  recommended: z.boolean().optional(),
  /** A teacher's sample application of this book is approved at once. */
  sampleAutoApprove: z.boolean().optional(),
  pubYear: z.number().int().min(BookLimits.YEAR.min).max(BookLimits.YEAR.max).nullable().optional(),
});
export const bookPublishBody = z.object({ published: z.boolean() });
export const freeChaptersBody = z.object({ chapterIds: z.array(z.number().int().positive()).max(10_000) });
export const bookListBody = z.object({
  name: z.string().trim().min(1, { error: Msg.BOOKLIST_NAME_REQUIRED }).max(BookLimits.LIST_NAME_MAX),
  description: z.string().max(BookLimits.LIST_DESCRIPTION_MAX).default(''),
  bookIds: z.array(z.number().int().positive()).max(999).default([]),
  published: z.boolean().default(true),
  sort: sortOrder.default(0),
});

export const monthStat = z.object({ month: z.string(), count: z.number().int() });

/** The staff's dictionaries (subjects, collections): hierarchical, managed under /api/admin/dict. */
export const DictMsg = {
  LABEL_REQUIRED: '请输入名称',
  LABEL_TOO_LONG: '名称不能超过50个字',
  DUPLICATE: (label: string) => `同一级下已有「${label}」`,
  PARENT_UNKNOWN: '上级不存在或不属于同一字典',
  INTO_ITSELF: '不能移到自己或自己的下级之下',
  HAS_CHILDREN: (label: string, n: number) => `「${label}」下还有 ${n} 个下级，请先删除或移走它们`,
  IN_USE: (label: string, n: number) => `「${label}」仍有 ${n} 本图书在用，请先为这些图书另选后再删除`,
} as const;

/** The staff's book editing: cover upload, new editions. */
export const BookAdminMsg = {
  COVER_TYPE: '请上传 JPG、PNG、GIF 或 WebP 格式的封面图片',
  COVER_TOO_LARGE: '封面图片不能超过5MB',
} as const;

const dictLabel = z
  .string({ error: DictMsg.LABEL_REQUIRED })
  .trim()
  .min(1, { error: DictMsg.LABEL_REQUIRED })
  .max(BookLimits.DICT_LABEL_MAX, { error: DictMsg.LABEL_TOO_LONG });
const dictType = z.enum([DictType.SUBJECT, DictType.COLLECTION, DictType.AUDIT_WORD], { error: Msg.BAD_REQUEST });
const parentId = z
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .min(0, { error: Msg.BAD_REQUEST });
const sortField = sortOrder;

export const DictSorts = ['sort', 'label', 'books'] as const;
/** One page of a dictionary's top entries (each with its subtree); a keyword keeps the matches and their parents. */
export const adminDictQuery = pageQuery.extend({
  dictType: dictType.default(DictType.SUBJECT),
  keyword: z.string().trim().max(50).optional(),
  sort: z.enum(DictSorts).default('sort'),
});
export type AdminDictQuery = z.infer<typeof adminDictQuery>;

export interface AdminDictRow {
  id: number;
  label: string;
  parentId: number;
  sort: number;
  /** Books filed directly under this entry. */
  bookCount: number;
  children?: AdminDictRow[];
}
export const adminDictRow: z.ZodType<AdminDictRow> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    label: z.string(),
    parentId: z.number().int(),
    sort: z.number().int(),
    bookCount: z.number().int(),
    children: z.array(adminDictRow).optional(),
  }),
);

export const dictCreateBody = z.object({
  dictType,
  label: dictLabel,
  parentId: parentId.default(0),
  sort: sortField.default(0),
});
export const dictUpdateBody = z.object({
  label: dictLabel.optional(),
  parentId: parentId.optional(),
  sort: sortField.optional(),
});

/** A book's editions: the current one and the imports that made each. */
export const bookEditionRow = z.object({
  jobId: z.number().int(),
  edition: z.number().int().nullable(),
  fileName: z.string(),
  staffName: z.string(),
  message: z.string(),
  createdAt: z.number(),
});
export type BookEditionRow = z.infer<typeof bookEditionRow>;
export const bookEditions = z.object({
  bookId: z.number().int(),
  edition: z.number().int(),
  identifier: z.string(),
  rows: z.array(bookEditionRow),
});
export type BookEditions = z.infer<typeof bookEditions>;

/** The staff's book lists: every list, published or not. */
export const AdminBookListSorts = ['sort', 'name', 'updated'] as const;
export const adminBookListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  published: z.enum(['0', '1']).optional(),
  sort: z.enum(AdminBookListSorts).default('sort'),
});
export type AdminBookListQuery = z.infer<typeof adminBookListQuery>;
export const adminBookListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  published: z.boolean(),
  sort: z.number().int(),
  bookCount: z.number().int(),
  updatedAt: z.number(),
});
export type AdminBookListRow = z.infer<typeof adminBookListRow>;
/** A list to edit: its books in order, published or not (saving sends them all back). */
export const adminBookListDetail = adminBookListRow.extend({
  books: z.array(z.object({ id: z.number().int(), title: z.string(), published: z.boolean() })),
});
export type AdminBookListDetail = z.infer<typeof adminBookListDetail>;

/** The sections leading to a chapter, outermost first (the reader's "where am I" trail); empty when none. */
export function trailTo(tree: SectionNode[], chapterId: number): SectionNode[] {
  for (const n of tree) {
    if (n.chapterId === chapterId) return [n];
    const deeper = trailTo(n.children, chapterId);
    if (deeper.length) return [n, ...deeper];
  }
  return [];
}
