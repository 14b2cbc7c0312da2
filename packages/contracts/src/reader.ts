import { z } from 'zod';
import { Limits } from './constants.js';
import { bookCard } from './books.js';
import { pageQuery } from './envelope.js';
import { Msg } from './messages.js';
import { sortOrder } from './rules.js';

const id = z.coerce
  .number({ error: Msg.BAD_REQUEST })
  .int({ error: Msg.BAD_REQUEST })
  .positive({ error: Msg.BAD_REQUEST });

export const ShelfSources = ['purchase', 'sample', 'authorization', 'class', 'free'] as const;
export type ShelfSourceName = (typeof ShelfSources)[number];
export const ShelfSourceLabel: Record<ShelfSourceName, string> = {
  purchase: '购买',
  sample: '样书',
  authorization: '学校授权',
  class: '班级',
  free: '免费',
};

/** The reader's own words around a book's links and notes. */
export const ReaderLinkText = {
  /** An external link of a book: the reader is asked before leaving the book. */
  EXTERNAL_TITLE: '打开外部链接？',
  EXTERNAL_WEB: (url: string) => `此链接将在新窗口中打开书外的网页：${url}`,
  EXTERNAL_MAIL: (address: string) => `此链接将打开邮件应用，发送邮件给：${address}`,
  EXTERNAL_OK: '打开',
  EXTERNAL_CANCEL: '取消',
  FOOTNOTE_TITLE: '注释',
};

export const ReaderMsg = {
  /** In-book search: matches in a chapter the caller may not read (no snippet is shown). */
  SEARCH_LOCKED_LOGIN: '本章有匹配内容，登录后可查看',
  SEARCH_LOCKED_ACCESS: '本章有匹配内容，获得阅读权限后可查看',
  NOT_FREE: '该教材需购买或获得授权后才能加入书架',
  ADDED_TO_SHELF: '已加入书架',
  REMOVED_FROM_SHELF: '已移出书架',
  KEPT_ON_SHELF: '该教材由班级、授权、样书或购买获得，仍保留在书架中',
  STARRED: '收藏成功',
  UNSTARRED: '已取消收藏',
  /** A sentence without a sentence translator: its words are explained one by one (nothing about set-up). */
  NO_PROVIDER: '以下为句中词语的释义',
  NOTE_EMPTY: '请选择要标注的文字',
  NOTE_TOO_LONG: '笔记内容不能超过5000个字',
  NOTE_COLOR: '请选择有效的标注颜色',
  NOTE_NOTHING_TO_UPDATE: '请修改笔记内容或标注颜色',
  NOTE_SAVED: '笔记已保存',
  /** A note written without a connection: kept in this browser, sent when the connection returns. */
  NOTE_KEPT_OFFLINE: '网络未连接，笔记已保存在本机，联网后自动同步',
  NOTES_SYNCED: (n: number) => `已同步 ${n} 条离线笔记`,
  NOTES_REFUSED: (n: number) => `${n} 条离线笔记未能同步（图书已不可阅读或笔记已删除）`,
  /** A note that waits to be sent, in the notes panel. */
  NOTE_WAITING: '待同步',
  NOTES_FILE: '读书笔记',
  NOTES_UNPLACED: '未能定位的笔记',
  NOTES_UNTITLED_CHAPTER: '未命名章节',
  /** A chapter the member may not read: the ways in that apply to them (samples are for teachers only). */
  DENIED_WAYS_WITH_SAMPLE: '加入班级、获得学校授权、申请样书或购买后即可阅读全书。',
  DENIED_WAYS: '加入班级、获得学校授权或购买后即可阅读全书。',
  BOOKMARK_ADDED: '已添加书签',
  BOOKMARK_REMOVED: '已删除书签',
  BOOKMARKS_EMPTY: '还没有书签：点“书签”可标记当前位置',
  /** The reader's own search box inside the book. */
  SEARCH_PLACEHOLDER: '在本书中搜索',
  SEARCH_COUNT: (n: number) => `共 ${n} 处`,
  /** Print page numbers (issue 32): the current page, 跳转到页, a page that is not in the book. */
  PAGE_LABEL: (label: string) => `第 ${label} 页`,
  GO_TO_PAGE: '跳转到页',
  GO_TO_PAGE_PLACEHOLDER: '页码，如 12 或 xii',
  PAGE_EMPTY: '请输入页码',
  NO_SUCH_PAGE: (label: string) => `没有第 ${label} 页`,
  /** 引用: the selection copied with its source in GB/T 7714 style. */
  CITE: '引用',
  CITE_COPIED: '已复制引用',
  CITE_FAILED: '无法写入剪贴板，请手动复制',
  /** Read aloud (issue 33): the device's speech synthesis, sentence by sentence. */
  READ_ALOUD: '朗读',
  READ_ALOUD_NO_VOICE: '此设备没有可用的朗读语音',
  READ_ALOUD_FAILED: '朗读出错，请重试',
  READ_ALOUD_NOTHING: '本章没有可朗读的文字',
  READ_ALOUD_PLAYING: (n: number, total: number) => `正在朗读第 ${n} 句，共 ${total} 句`,
  READ_ALOUD_PAUSED: '朗读已暂停',
  READ_ALOUD_NEXT_CHAPTER: '正在进入下一章',
  READ_ALOUD_END_OF_BOOK: '全书已朗读完',
  /** The next chapter is not the reader's to read (a visitor's or a non-owner's free part ends there). */
  READ_ALOUD_END_OF_FREE: '可阅读的部分已朗读完，获得阅读权限后可继续朗读',
  /** A fixed-layout page made for the other orientation than the phone's (rendition:orientation). */
  ROTATE_TO: (to: 'landscape' | 'portrait') =>
    to === 'landscape' ? '本页为横版，横屏阅读效果更佳' : '本页为竖版，竖屏阅读效果更佳',
  ROTATE_DISMISS: '知道了',
} as const;

/** Heading of a notes export: 《书名》读书笔记. */
export const notesExportTitle = (bookTitle: string): string => `《${bookTitle}》${ReaderMsg.NOTES_FILE}`;

export const bookIdBody = z.object({ bookId: id });

/** What the reader, the shelf and the book-detail page show about one book for the caller. */
export const bookAccess = z.object({
  bookId: z.number().int(),
  title: z.string(),
  /** The title's base direction as the package gives it ('' unsaid: the page's). */
  titleDir: z.enum(['ltr', 'rtl', 'auto', '']),
  /** Which way the next page is: the spine's page-progression-direction, else the language's. */
  progression: z.enum(['ltr', 'rtl']),
  /** The package's dc:language ('' unsaid): read aloud's voice for text without a language of its own. */
  language: z.string().default(''),
  /** The package's rendition:flow: the reader's default layout for this book ('' unsaid). */
  flow: z.string(),
  /** Issue 32: the book's file kind, its rendition:layout and rendition:spread ('' unsaid). */
  format: z.enum(['epub', 'pdf']).default('epub'),
  layout: z.enum(['reflowable', 'pre-paginated']).default('reflowable'),
  spread: z.string().default(''),
  readable: z.boolean(),
  /** Why not: login, noGrant, otherCollege, unpublished (null when readable). */
  reason: z.string().nullable(),
  collegeId: z.number().int().nullable(),
  collegeName: z.string().nullable(),
  onShelf: z.boolean(),
  sources: z.array(z.enum(ShelfSources)),
  expiresAt: z.number().nullable(),
  starred: z.boolean(),
  /** Where the member stopped reading (the book detail's 继续阅读), null when they never opened it. */
  lastChapterId: z.number().int().nullable(),
  /** The book is free: the member may add it to the shelf themselves. */
  canAddFree: z.boolean(),
  /**
   * What the caller may do with this book, decided by the server's policies (the web shows the actions it is
   * told, it does not re-derive them from roles).
   */
  abilities: z.object({
    /** Ask for a sample copy (a teacher of the current college). */
    canAskSample: z.boolean(),
    /** Teach with books: create classes with them (a teacher of the current college). */
    canTeach: z.boolean(),
    /** Add the book to the shelf oneself (a free, published book; a member). */
    canAddFree: z.boolean(),
  }),
});
export type BookAccess = z.infer<typeof bookAccess>;

export const shelfQuery = pageQuery.extend({
  source: z.enum(ShelfSources).optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type ShelfQuery = z.infer<typeof shelfQuery>;

export const shelfBook = bookCard.extend({
  sources: z.array(z.enum(ShelfSources)),
  /** Latest expiry of the unexpired entries; null when one never expires. */
  expiresAt: z.number().nullable(),
  /** Another college's entries only: switch to this college to read. */
  otherCollegeId: z.number().int().nullable(),
  otherCollegeName: z.string().nullable(),
  progress: z.number(),
  lastReadAt: z.number().nullable(),
  lastChapterId: z.number().int().nullable(),
});
export type ShelfBook = z.infer<typeof shelfBook>;

export const collectQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export const collectBook = bookCard.extend({ collectedAt: z.number() });
export type CollectBook = z.infer<typeof collectBook>;
export const favouriteExportBody = z.object({
  type: z.coerce.number().int().min(0).max(2).default(0),
  keyword: z.string().trim().max(50).optional(),
});

/** A text anchor: the first visible text of the position (survives font changes and re-flow). */
export const textAnchor = z.object({
  quote: z.string().max(200).default(''),
  prefix: z.string().max(100).default(''),
  offset: z.number().int().min(0).default(0),
});
export type TextAnchor = z.infer<typeof textAnchor>;

/** How much of a chapter's text the reader has had on screen, 0 to 1 (the furthest point reached). */
export const chapterRead = z.object({ chapterId: id, read: z.number().min(0).max(1) });
export type ChapterRead = z.infer<typeof chapterRead>;

export const leaveBody = z.object({
  bookId: id,
  chapterId: id,
  anchor: textAnchor.default({ quote: '', prefix: '', offset: 0 }),
  /** Ignored (older clients): the server works the book's progress out from `reads`. */
  progress: z.number().min(0).max(1).default(0),
  /** The chapters seen in this session and how far; merged with earlier ones (the furthest point counts). */
  reads: z.array(chapterRead).max(2000).default([]),
  /** Active reading seconds since the last report (visible tab, recent input). */
  seconds: z.number().int().min(0).max(3600).default(0),
});
export type LeaveBody = z.infer<typeof leaveBody>;

export const readingPosition = z.object({
  bookId: z.number().int(),
  chapterId: z.number().int(),
  anchor: textAnchor,
  /** How much of the book's text was read, 0 to 1: the same on every device. */
  progress: z.number(),
  /** Per chapter, how far its text was read (chapters of the current edition only). */
  reads: z.array(z.object({ chapterId: z.number().int(), read: z.number() })),
  updatedAt: z.number(),
});
export type ReadingPosition = z.infer<typeof readingPosition>;

export const NoteColors = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type NoteColor = (typeof NoteColors)[number];
export const NOTE_MAX = 5000;
/** A note's text and a highlight's colour: the same rules when added and when edited. */
const noteContent = z.string().max(NOTE_MAX, { error: ReaderMsg.NOTE_TOO_LONG });
const noteColor = z.enum(NoteColors, { error: ReaderMsg.NOTE_COLOR });

/** A print page's label as the book names it (12, xii, A-3); '' when the book has no print pages. */
const pageLabel = z.string().trim().max(Limits.PAGE_LABEL_MAX).default('');

export const noteBody = z.object({
  bookId: id,
  chapterId: id,
  quote: z.string().trim().min(1, { error: ReaderMsg.NOTE_EMPTY }).max(2000),
  prefix: z.string().max(100).default(''),
  suffix: z.string().max(100).default(''),
  startOffset: z.number().int().min(0),
  endOffset: z.number().int().min(0),
  color: noteColor.default('yellow'),
  content: noteContent.default(''),
  /** The print page the selection is on (the reader's current page label; '' when the book has none). */
  pageLabel: pageLabel,
  /**
   * A note written offline is sent with a key the browser made, so a send repeated after a lost answer finds
   * the note it made instead of adding another.
   */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});
export type NoteBody = z.infer<typeof noteBody>;

/** POST /api/reader/note/update/{id}: a new text, a new colour, or both. */
export const noteUpdateBody = z
  .object({ content: noteContent.optional(), color: noteColor.optional() })
  .refine((b) => b.content !== undefined || b.color !== undefined, { error: ReaderMsg.NOTE_NOTHING_TO_UPDATE });
export type NoteUpdateBody = z.infer<typeof noteUpdateBody>;

export const readerNote = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  chapterId: z.number().int(),
  chapterTitle: z.string(),
  quote: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  startOffset: z.number().int(),
  endOffset: z.number().int(),
  color: z.string(),
  content: z.string(),
  /** The quote could not be found in the current edition ("unplaced notes"). */
  orphan: z.boolean(),
  /** The print page it was made on ('' when the book has none). */
  pageLabel: z.string().default(''),
  createdAt: z.number(),
});
export type ReaderNote = z.infer<typeof readerNote>;

/** POST /api/reader/bookmark/add: the place on screen (a text anchor) and the words there, as its label. */
export const bookmarkBody = z.object({
  bookId: id,
  chapterId: id,
  anchor: textAnchor.default({ quote: '', prefix: '', offset: 0 }),
  label: z.string().trim().max(200).default(''),
  pageLabel: pageLabel,
});
export type BookmarkBody = z.infer<typeof bookmarkBody>;

export const readerBookmark = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  chapterId: z.number().int(),
  chapterTitle: z.string(),
  anchor: textAnchor,
  label: z.string(),
  /** The print page it was made on ('' when the book has none). */
  pageLabel: z.string().default(''),
  createdAt: z.number(),
});
export type ReaderBookmark = z.infer<typeof readerBookmark>;

export const noteDetailQuery = z.object({ bookId: id, chapterId: id.optional() });
export const noteExportBody = z.object({ bookId: id, type: z.coerce.number().int().min(1).max(2).default(1) });

export const transQuery = z.object({
  text: z.string().trim().min(1).max(500),
  to: z.enum(['auto', 'en', 'zh']).default('auto'),
});
/**
 * A dictionary entry. From CC-CEDICT: the Chinese word, its pinyin and English meanings. From ECDICT (an English
 * word): the headword in both word fields, its phonetic in `pinyin` (/…/), its Chinese meanings in `english`.
 */
export const dictEntry = z.object({
  traditional: z.string(),
  simplified: z.string(),
  pinyin: z.string(),
  english: z.array(z.string()),
});
export const transResult = z.object({
  text: z.string(),
  kind: z.enum(['word', 'sentence']),
  entries: z.array(dictEntry),
  translation: z.string().nullable(),
  /** Who answered: 'cc-cedict', 'ecdict' (English words), or the sentence provider's name. */
  provider: z.string().nullable(),
  message: z.string().nullable(),
});
export type TransResult = z.infer<typeof transResult>;

export const ResourceCategories = ['video', 'audio', 'document', 'link'] as const;
export const ResourceCategoryLabel: Record<(typeof ResourceCategories)[number], string> = {
  video: '视频',
  audio: '音频',
  document: '文档',
  link: '链接',
};

export const resourceBody = z.object({
  bookId: id,
  /** The chapter the resource belongs with (a section of it); omitted: the whole book. */
  chapterId: id.optional(),
  sectionTitle: z.string().trim().max(300).default(''),
  category: z.enum(ResourceCategories),
  title: z.string().trim().min(1).max(200),
  url: z
    .string()
    .trim()
    .max(1000)
    .regex(/^https?:\/\//, { error: '资源地址须以 http:// 或 https:// 开头' }),
  description: z.string().trim().max(1000).default(''),
  sort: sortOrder.default(0),
});
export type ResourceBody = z.infer<typeof resourceBody>;

export const sectionResource = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  chapterId: z.number().int().nullable(),
  sectionTitle: z.string(),
  category: z.enum(ResourceCategories),
  title: z.string(),
  url: z.string(),
  description: z.string(),
});
export type SectionResource = z.infer<typeof sectionResource>;
export const resourceQuery = z.object({
  bookId: id,
  chapterId: id.optional(),
  category: z.enum(ResourceCategories).optional(),
});

/** A chapter in reading order (/api/reader/spine); `length` is its text's length, the weight in progress. */
export const spineChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  free: z.boolean(),
  length: z.number().int(),
  /** A pre-paginated page (issue 32): its size, spread side and thumbnail; null for a reflowable chapter. */
  page: z
    .object({
      width: z.number(),
      height: z.number(),
      spread: z.enum(['left', 'right', 'center', '']),
      thumb: z.string(),
    })
    .nullable()
    .default(null),
});
export type SpineChapter = z.infer<typeof spineChapter>;
