import { importEpub, writeEpub, type BookSource, type ImportDeps } from '../modules/import/index.js';
import { Words } from '../modules/catalog/index.js';
import { seedPageFaithfulBooks } from './demo-page-faithful.js';
import { gdsxChapters } from './demo-texts/gdsx.js';
import { gdsx2Chapters } from './demo-texts/gdsx2.js';
import { dxwlChapters } from './demo-texts/dxwl.js';
import { gllChapters } from './demo-texts/gll.js';
import { sjjgChapters } from './demo-texts/sjjg.js';
import { xxdsChapters } from './demo-texts/xxds.js';
import { dxywChapters } from './demo-texts/dxyw.js';
import { introChapters } from './demo-texts/intro.js';
import { acadChapters } from './demo-texts/acad.js';
import { jjxylChapters } from './demo-texts/jjxyl.js';

/**
 * Demo textbooks: the project's own texts of real length (demo-texts/, written for this demo, free to use),
 * turned into EPUB by `writeEpub` and imported through the real pipeline, so `npm start` shows a living catalogue.
 */

/** Subject tree (search key 1) and collections (search key 4). */
export const demoSubjects: { label: string; value: string; children: { label: string; value: string }[] }[] = [
  {
    label: '理学',
    value: 'science',
    children: [
      { label: '数学', value: 'math' },
      { label: '物理学', value: 'physics' },
    ],
  },
  {
    label: '工学',
    value: 'engineering',
    children: [
      { label: '计算机科学与技术', value: 'cs' },
      { label: '电子信息工程', value: 'ee' },
    ],
  },
  {
    label: '文学',
    value: 'literature',
    children: [
      { label: '中国语言文学', value: 'chinese' },
      { label: '外国语言文学', value: 'foreign' },
    ],
  },
  { label: '经济学', value: 'economics', children: [] },
];

export const demoCollections = ['普通高等教育规划教材', '新工科系列教材', '双语教学系列'];

interface DemoBook extends Omit<BookSource, 'identifier' | 'language' | 'publisher' | 'date'> {
  key: string;
  language?: string;
  subject: string;
  collection: string;
  price: number;
  year: number;
  recommended?: boolean;
}

export const demoBooks: DemoBook[] = [
  {
    key: 'gdsx-1',
    title: '高等数学（上册）',
    authors: ['李明', '王芳'],
    subject: '数学',
    collection: '普通高等教育规划教材',
    price: 4580,
    year: 2024,
    recommended: true,
    isbn: '9787000000011',
    description:
      '面向理工科一年级学生的高等数学教材，讲述函数与极限、导数与微分、微分中值定理与导数的应用、不定积分，例题由浅入深，每章附有习题。',
    // The demo class's book: four long chapters (demo-texts/gdsx.ts), printed pages of about 1,500 characters.
    chapters: gdsxChapters,
    pageEvery: 1500,
  },
  {
    key: 'gdsx-2',
    title: '高等数学（下册）',
    authors: ['李明', '王芳'],
    subject: '数学',
    collection: '普通高等教育规划教材',
    price: 4280,
    year: 2024,
    isbn: '9787000000028',
    description: '高等数学的下册，讲述多元函数微分学、重积分与无穷级数，例题配有图表，每章附有习题。',
    // Three long chapters (demo-texts/gdsx2.ts), printed pages of about 1,500 characters.
    chapters: gdsx2Chapters,
    pageEvery: 1500,
  },
  {
    key: 'xxds',
    title: '线性代数',
    authors: ['陈静'],
    subject: '数学',
    collection: '普通高等教育规划教材',
    price: 3200,
    year: 2023,
    recommended: true,
    isbn: '9787000000035',
    description: '从线性方程组出发，讲述行列式、矩阵、向量空间与特征值，配有大量几何直观的解释。',
    // Three long chapters (demo-texts/xxds.ts), printed pages of about 1,500 characters.
    chapters: xxdsChapters,
    pageEvery: 1500,
  },
  {
    key: 'gll',
    title: '概率论与数理统计',
    authors: ['赵强'],
    subject: '数学',
    collection: '新工科系列教材',
    price: 3900,
    year: 2025,
    isbn: '9787000000042',
    description: '介绍随机事件、随机变量及其分布、数字特征、大数定律与参数估计，例子取自工程与生活。',
    // The demo teacher's third book: two long chapters (demo-texts/gll.ts), pages of about 1,500 characters.
    chapters: gllChapters,
    pageEvery: 1500,
  },
  {
    key: 'dxwl',
    title: '大学物理',
    authors: ['孙伟', '周婷'],
    subject: '物理学',
    collection: '普通高等教育规划教材',
    price: 5200,
    year: 2023,
    recommended: true,
    isbn: '9787000000059',
    description: '覆盖力学、热学、电磁学、光学和近代物理的基础内容，强调物理图像与数学工具的结合。',
    // Three long chapters (demo-texts/dxwl.ts), printed pages of about 1,500 characters.
    chapters: dxwlChapters,
    pageEvery: 1500,
  },
  {
    key: 'sjjg',
    title: '数据结构与算法',
    authors: ['刘洋'],
    subject: '计算机科学与技术',
    collection: '新工科系列教材',
    price: 4900,
    year: 2025,
    recommended: true,
    isbn: '9787000000066',
    description: '讲述线性表、栈与队列、树、图、查找与排序，用伪代码说明算法并分析其时间复杂度。',
    // Three long chapters (demo-texts/sjjg.ts) with code listings, printed pages of about 1,500 characters.
    chapters: sjjgChapters,
    pageEvery: 1500,
  },
  {
    key: 'intro-prog',
    title: 'Introduction to Programming',
    language: 'en',
    authors: ['Anna Smith', 'Wei Zhang'],
    subject: '计算机科学与技术',
    collection: '双语教学系列',
    price: 3600,
    year: 2024,
    isbn: '9787000000073',
    description: 'A first course in programming for students of every major: values, functions, loops and data.',
    // Two long chapters in English with Python listings (demo-texts/intro.ts); a printed page of English holds
    // about 2,500 characters (some 450 words).
    chapters: introChapters,
    pageEvery: 2500,
  },
  {
    key: 'dxyw',
    title: '大学语文',
    authors: ['吴敏'],
    subject: '中国语言文学',
    collection: '普通高等教育规划教材',
    price: 3500,
    year: 2022,
    isbn: '9787000000080',
    description: '精选古今名篇，配以导读与赏析，帮助学生提高阅读、鉴赏与写作能力。',
    // Two long units (demo-texts/dxyw.ts), printed pages of about 1,500 characters.
    chapters: dxywChapters,
    pageEvery: 1500,
  },
  {
    key: 'acad-writing',
    title: 'Academic English Writing',
    language: 'en',
    authors: ['Emily Brown'],
    subject: '外国语言文学',
    collection: '双语教学系列',
    price: 2900,
    year: 2025,
    isbn: '9787000000097',
    description: 'How to plan, draft and revise academic papers in English, with model paragraphs and checklists.',
    // Two long units in English (demo-texts/acad.ts), pages of about 2,500 characters as in Introduction to Programming.
    chapters: acadChapters,
    pageEvery: 2500,
  },
  {
    key: 'jjxyl',
    title: '经济学原理',
    authors: ['郑华'],
    subject: '经济学',
    collection: '普通高等教育规划教材',
    price: 4600,
    year: 2024,
    isbn: '9787000000103',
    description: '介绍供给与需求、市场结构、宏观经济指标与经济政策的基本原理。',
    // Two long chapters (demo-texts/jjxyl.ts), printed pages of about 1,500 characters.
    chapters: jjxylChapters,
    pageEvery: 1500,
  },
];

export const demoBookLists = [
  { name: '理工科新生必读', description: '数学与物理的基础课教材', keys: ['gdsx-1', 'gdsx-2', 'xxds', 'dxwl'] },
  { name: '计算机入门书单', description: '从编程到数据结构', keys: ['intro-prog', 'sjjg'] },
  { name: '双语教学推荐', description: '英文原版风格的双语课程教材', keys: ['intro-prog', 'acad-writing'] },
];

/** The EPUB identifier of a demo textbook: how later seed steps find the imported book by its key. */
export function demoIdentifier(key: string): string {
  return `urn:demo:textbook:${key}`;
}

export function demoSource(book: DemoBook): BookSource {
  return {
    identifier: demoIdentifier(book.key),
    title: book.title,
    authors: book.authors,
    publisher: book.language === 'en' ? 'Demo University Press' : '示范大学出版社',
    language: book.language ?? 'zh-CN',
    date: `${book.year}-09-01`,
    isbn: book.isbn,
    description: book.description,
    chapters: book.chapters,
    pageEvery: book.pageEvery,
  };
}

/** Subjects, collections, the demo textbooks (imported, published) and book lists. */
export async function seedDemoBooks(
  given: ImportDeps & {
    /** The fixed-layout and PDF demo books (demo-page-faithful.ts) too; the catalogue's tests count without them. */
    pageFaithful?: boolean;
  },
  now = Date.now(),
) {
  // One word segmenter for every book of the seed (building one takes a second or two).
  const deps = { ...given, words: given.words ?? new Words() };
  const { db } = deps;
  const subjectIds = new Map<string, number>();
  for (const [i, top] of demoSubjects.entries()) {
    const { id } = await db
      .insertInto('dict_data')
      .values({ dict_type: 'book_subject', parent_id: 0, label: top.label, value: top.value, sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    subjectIds.set(top.label, id);
    for (const [j, child] of top.children.entries()) {
      const row = await db
        .insertInto('dict_data')
        .values({ dict_type: 'book_subject', parent_id: id, label: child.label, value: child.value, sort: j })
        .returning('id')
        .executeTakeFirstOrThrow();
      subjectIds.set(child.label, row.id);
    }
  }
  const collectionIds = new Map<string, number>();
  for (const [i, label] of demoCollections.entries()) {
    const { id } = await db
      .insertInto('dict_data')
      .values({ dict_type: 'book_collection', parent_id: 0, label, value: `c${i + 1}`, sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    collectionIds.set(label, id);
  }
  const bookIds = new Map<string, number>();
  for (const [i, book] of demoBooks.entries()) {
    const result = await importEpub(deps, writeEpub(demoSource(book)), {
      subjectId: subjectIds.get(book.subject) ?? null,
      collectionId: collectionIds.get(book.collection) ?? null,
      published: true,
      recommended: book.recommended ?? false,
      price: book.price,
      freeChapters: 1,
      fileName: `${book.key}.epub`,
    });
    bookIds.set(book.key, result.bookId);
    // Spread publication over the last weeks so "new books" has an order.
    await db
      .updateTable('books')
      .set({ published_at: now - (demoBooks.length - i) * 86_400_000 * 3 })
      .where('id', '=', result.bookId)
      .execute();
  }
  if (given.pageFaithful !== false) {
    for (const [key, id] of await seedPageFaithfulBooks(deps, { subjectIds, collectionIds })) bookIds.set(key, id);
  }
  for (const [sort, list] of demoBookLists.entries()) {
    const { id } = await db
      .insertInto('book_lists')
      .values({ name: list.name, description: list.description, sort, published: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('book_list_items')
      .values(list.keys.map((key, i) => ({ list_id: id, book_id: bookIds.get(key)!, sort: i })))
      .execute();
  }
  return { subjectIds, collectionIds, bookIds };
}
