import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookCard,
  BookDetail,
  BookListDetail,
  BookListSummary,
  BookSearchHit,
  DictNode,
  Paged,
} from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { seedDemoBooks } from '../../demo/demo-books.js';
import { bookStorage } from '../books/index.js';

interface Node {
  title: string;
  chapterId: number | null;
  free: boolean;
  children: Node[];
}

describe('catalogue and search', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-files-'));
  const t = useTestApp({ dataDir });
  let ids: Awaited<ReturnType<typeof seedDemoBooks>>;
  let staff: { token: string };
  const get = <T>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });
  const list = async (query: string) => expectOk(await get<Paged<BookCard>>(`/api/book/list?${query}`));
  const search = async (query: string) => expectOk(await get<Paged<BookSearchHit>>(`/api/book/search?${query}`));
  const q = encodeURIComponent;

  beforeAll(async () => {
    ids = await seedDemoBooks({
      pageFaithful: false,
      db: t.ctx.db,
      dialect: t.ctx.dialect,
      storage: bookStorage(t.ctx.config),
      caches: t.ctx.caches,
    });
    staff = await buildStaff(t.ctx.db);
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves the subject tree and the search conditions (subject key 1, collection 4)', async () => {
    const tree = expectOk(await get<DictNode[]>('/api/dict/data/hierarchical?dictType=book_subject'));
    expect(tree.map((n) => n.label)).toEqual(['理学', '工学', '文学', '经济学']);
    expect(tree[0]!.children.map((n) => n.label)).toEqual(['数学', '物理学']);
    const conditions = expectOk(await get<{ key: number; items: DictNode[] }[]>('/api/book/subjectSearch'));
    expect(conditions.map((c) => c.key)).toEqual([1, 4]);
    expect(conditions[1]!.items.map((n) => n.label)).toContain('双语教学系列');
    expectRefused(await get('/api/dict/data/hierarchical?dictType=secret'), '请求参数不正确');
  });

  it('lists textbooks filtered by a subject with its subtree, and by collection', async () => {
    const science = ids.subjectIds.get('理学')!;
    const all = await list('pageSize=999');
    expect(all.total).toBe(10);
    const sci = await list(`subjectId=${science}&pageSize=50`);
    expect(sci.rows.map((b) => b.title).sort()).toEqual(
      ['高等数学（上册）', '高等数学（下册）', '线性代数', '概率论与数理统计', '大学物理'].sort(),
    );
    const physics = await list(`subjectId=${ids.subjectIds.get('物理学')}`);
    expect(physics.rows.map((b) => b.title)).toEqual(['大学物理']);
    const bilingual = await list(`collectionId=${ids.collectionIds.get('双语教学系列')}`);
    expect(bilingual.rows.map((b) => b.title).sort()).toEqual([
      'Academic English Writing',
      'Introduction to Programming',
    ]);
    const both = await list(`subjectId=${science}&collectionId=${ids.collectionIds.get('新工科系列教材')}`);
    expect(both.rows.map((b) => b.title)).toEqual(['概率论与数理统计']);
    expect((await list('subjectId=999999')).total).toBe(0);
    const card = sci.rows.find((b) => b.title === '大学物理')!;
    expect(card).toMatchObject({
      subjectName: '物理学',
      authors: '孙伟、周婷',
      price: 52,
      isbn: '9787000000059',
      pubYear: 2023,
    });
    expect(card.cover).toMatch(/^\/api\/book\/asset\/[a-f0-9-]+\.svg$/);
  });

  it('sorts by newest, by title (pinyin) and by popularity', async () => {
    const newest = await list('sort=newest&pageSize=3');
    expect(newest.rows.map((b) => b.title)).toEqual(['经济学原理', 'Academic English Writing', '大学语文']);
    const byTitle = (await list('sort=title&pageSize=999')).rows.map((b) => b.title);
    // Pinyin order: 大学物理 (daxuewuli) before 大学语文 (daxueyuwen) before 高等数学 (gaodeng…).
    expect(byTitle.indexOf('大学物理')).toBeLessThan(byTitle.indexOf('大学语文'));
    expect(byTitle.indexOf('大学语文')).toBeLessThan(byTitle.indexOf('高等数学（上册）'));
    expect(byTitle.indexOf('高等数学（上册）')).toBeLessThan(byTitle.indexOf('线性代数'));
    const linear = ids.bookIds.get('xxds')!;
    for (let i = 0; i < 3; i++) expectOk(await get(`/api/book/detail/${linear}`));
    expect((await list('sort=popular&pageSize=1')).rows[0]!.id).toBe(linear);
    expectRefused(await get('/api/book/list?sort=random'), '请求参数不正确');
  });

  it('pages from 1 to 999 per page and refuses anything else', async () => {
    const first = await list('pageNum=1&pageSize=1&sort=title');
    const second = await list('pageNum=2&pageSize=1&sort=title');
    expect(first.rows).toHaveLength(1);
    expect(first.total).toBe(10);
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id);
    expect((await list('pageNum=99&pageSize=10')).rows).toEqual([]);
    expect((await list('pageSize=999')).rows).toHaveLength(10);
    expectRefused(await get('/api/book/list?pageSize=0'), '每页条数须在1到999之间');
    expectRefused(await get('/api/book/list?pageSize=1000'), '每页条数须在1到999之间');
    expectRefused(await get('/api/book/list?pageNum=0'), '页码须为不小于1的整数');
    expectRefused(await get('/api/book/search?searchText=x&pageSize=1000'), '每页条数须在1到999之间');
  });

  it('finds Chinese words with jieba, ranks title matches first and highlights them', async () => {
    const page = await search(`searchText=${q('高等数学')}`);
    expect(
      page.rows
        .slice(0, 2)
        .map((b) => b.title)
        .sort(),
    ).toEqual(['高等数学（上册）', '高等数学（下册）']);
    expect(page.rows[0]!.titleHighlight).toMatch(/^<em>高等数学<\/em>（[上下]册）$/);
    // A word found only in a section title or description still finds the book, after the title matches.
    const derivative = await search(`searchText=${q('导数')}`);
    expect(derivative.rows[0]!.title).toBe('高等数学（上册）');
    const matrix = await search(`searchText=${q('矩阵运算')}`);
    expect(matrix.rows.map((b) => b.title)).toEqual(['线性代数']);
    // 数学 alone: the two 高等数学 volumes (title) rank above books that mention it elsewhere.
    const math = await search(`searchText=${q('数学')}`);
    expect(math.rows.slice(0, 2).every((b) => b.title.startsWith('高等数学'))).toBe(true);
    expect(math.rows[0]!.titleHighlight).toContain('<em>数学</em>');
    // Part of a word (not in the index) still finds the title.
    const part = await search(`searchText=${q('等数')}`);
    expect(part.rows.map((b) => b.title).sort()).toEqual(['高等数学（上册）', '高等数学（下册）']);
    expect(part.rows[0]!.titleHighlight).toContain('<em>');
    expect((await list(`keyword=${q('据结')}`)).rows.map((b) => b.title)).toEqual(['数据结构与算法']);
    const english = await search(`searchText=${q('recursion')}`);
    expect(english.rows.map((b) => b.title)).toEqual(['Introduction to Programming']);
  });

  it('finds titles by pinyin initials and full pinyin (gdsx → 高等数学)', async () => {
    const initials = await search('searchText=gdsx');
    expect(initials.rows.map((b) => b.title).sort()).toEqual(['高等数学（上册）', '高等数学（下册）']);
    expect(initials.rows[0]!.titleHighlight).toMatch(/^<em>高等数学<\/em>/);
    const upper = await search('searchText=GDSX');
    expect(upper.total).toBe(2);
    const full = await search('searchText=xianxingdaishu');
    expect(full.rows.map((b) => b.title)).toEqual(['线性代数']);
    const inner = await search('searchText=sjjg');
    expect(inner.rows.map((b) => b.title)).toEqual(['数据结构与算法']);
    expect((await search('searchText=zzzzqq')).total).toBe(0);
  });

  it('answers empty results, refuses more than 50 characters, and keeps operators out of the index query', async () => {
    expect(await search(`searchText=${q('量子色动力学')}`)).toEqual({ rows: [], total: 0 });
    expect(await search('searchText=')).toEqual({ rows: [], total: 0 });
    expectRefused(await get(`/api/book/search?searchText=${q('数'.repeat(51))}`), '搜索内容不能超过50个字');
    for (const nasty of ['"', 'a OR b*', "'); drop table books; --", 'NEAR(a b)', '高等 & !数学', ':*']) {
      const res = await get(`/api/book/search?searchText=${q(nasty)}`);
      expect(res.body.code, nasty).toBe(200);
    }
    expect((await list('pageSize=999')).total).toBe(10);
  });

  it('combines the fields of the advanced search (type 1)', async () => {
    const math = ids.subjectIds.get('数学')!;
    const byAuthor = await search(`type=1&author=${q('李明')}`);
    expect(byAuthor.total).toBe(2);
    const byIsbn = await search('type=1&isbn=978-7000000035');
    expect(byIsbn.rows.map((b) => b.title)).toEqual(['线性代数']);
    const byYear = await search(`type=1&subjectId=${math}&year=2025`);
    expect(byYear.rows.map((b) => b.title)).toEqual(['概率论与数理统计']);
    const byPublisher = await search(`type=1&publisher=${q('Demo University')}`);
    expect(byPublisher.total).toBe(2);
    const combined = await search(`type=1&searchText=${q('高等数学')}&title=${q('下册')}`);
    expect(combined.rows.map((b) => b.title)).toEqual(['高等数学（下册）']);
    const collection = await search(`type=1&collectionId=${ids.collectionIds.get('新工科系列教材')}&searchText=sjjg`);
    expect(collection.rows.map((b) => b.title)).toEqual(['数据结构与算法']);
    // Field filters apply only to the advanced search.
    expect((await search(`type=0&author=${q('李明')}&searchText=${q('线性代数')}`)).total).toBe(1);
  });

  it('searches within the textbook list (textbook-search) with the list filters', async () => {
    const found = await list(`keyword=${q('数学')}&subjectId=${ids.subjectIds.get('理学')}`);
    expect(found.rows.map((b) => b.title)).toContain('高等数学（上册）');
    expect((await list(`keyword=${q('数学')}&subjectId=${ids.subjectIds.get('文学')}`)).total).toBe(0);
    expect((await list('keyword=gdsx')).total).toBe(2);
  });

  it('serves recommended and new books for the home page', async () => {
    const rec = expectOk(await get<BookCard[]>('/api/book/recommend?limit=10'));
    expect(rec.map((b) => b.title).sort()).toEqual(
      ['大学物理', '数据结构与算法', '线性代数', '高等数学（上册）'].sort(),
    );
    const fresh = expectOk(await get<BookCard[]>('/api/book/new?limit=2'));
    expect(fresh.map((b) => b.title)).toEqual(['经济学原理', 'Academic English Writing']);
    expectRefused(await get('/api/book/new?limit=0'), '请求参数不正确');
  });

  it('shows a book detail, its extras and its tree with the free chapter; hides unpublished books', async () => {
    const id = ids.bookIds.get('gdsx-1')!;
    const detail = expectOk(await get<BookDetail>(`/api/book/detail/${id}`));
    expect(detail).toMatchObject({
      id,
      title: '高等数学（上册）',
      publisher: '示范大学出版社',
      language: 'zh-CN',
      chapterCount: 4,
      published: true,
    });
    expect(detail.freeChapterIds).toEqual([detail.firstChapterId]);
    const extra = expectOk(await get<Record<string, unknown>>(`/api/book/extra/${id}`));
    expect(extra).toMatchObject({ chapterCount: 4, sectionCount: 29, freeChapterCount: 1, tocSource: 'nav' });
    const tree = expectOk(await get<Node[]>(`/api/book/sectionTree?bookId=${id}`));
    expect(tree.map((n) => n.title)).toEqual([
      '第一章 函数与极限',
      '第二章 导数与微分',
      '第三章 微分中值定理与导数的应用',
      '第四章 不定积分',
    ]);
    expect(tree[0]!.children.map((n) => n.title)).toEqual([
      '1.1 映射与函数',
      '1.2 数列的极限',
      '1.3 函数的极限',
      '1.4 极限的运算法则与两个重要极限',
      '1.5 无穷小与无穷大',
      '1.6 函数的连续性与间断点',
      '习题一',
    ]);
    expect(tree.map((n) => n.free)).toEqual([true, false, false, false]);

    // A visitor reads the free chapter (with its MathML) and not the others.
    const free = expectOk(
      await get<{ html: string; nextId: number | null }>(
        `/api/book/chapter?bookId=${id}&chapterId=${tree[0]!.chapterId}`,
      ),
    );
    expect(free.html).toContain('<math');
    expect(free.nextId).toBe(tree[1]!.chapterId);
    expect((await get(`/api/book/chapter?bookId=${id}&chapterId=${tree[1]!.chapterId}`)).status).toBe(401);
    const member = await buildMember(t.ctx.db);
    expect((await get(`/api/book/chapter?bookId=${id}&chapterId=${tree[1]!.chapterId}`, member.token)).status).toBe(
      403,
    );
    // A chapter id of another book is not found through this book.
    const other = expectOk(await get<BookDetail>(`/api/book/detail/${ids.bookIds.get('xxds')}`));
    expect((await get(`/api/book/chapter?bookId=${id}&chapterId=${other.firstChapterId}`)).status).toBe(404);

    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/book/${id}/publish`,
        token: staff.token,
        payload: { published: false },
      }),
    );
    expect((await get(`/api/book/detail/${id}`)).status).toBe(404);
    expect((await get(`/api/book/sectionTree?bookId=${id}`)).status).toBe(404);
    expect((await search(`searchText=${q('高等数学')}`)).total).toBe(1);
    expect((await list('pageSize=999')).total).toBe(9);
    expectOk(await get(`/api/book/detail/${id}`, staff.token));
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/book/${id}/publish`,
        token: staff.token,
        payload: { published: true },
      }),
    );
    expect((await list('pageSize=999')).total).toBe(10);
  });

  it('finds words inside a book with snippets that link into the reader', async () => {
    const id = ids.bookIds.get('gdsx-1')!;
    const res = expectOk(
      await get<{ rows: { chapterId: number; snippet: string; link: string; chapterTitle: string }[]; total: number }>(
        `/api/book/searchInBook?bookId=${id}&q=${q('极限')}`,
      ),
    );
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect(res.rows[0]!.snippet).toContain('<em>极限</em>');
    expect(res.rows[0]!.chapterTitle).toBe('第一章 函数与极限');
    // Each hit has its own address: the words and which of their occurrences in the chapter it is.
    const first = res.rows[0]!;
    expect(first.link).toBe(`/bookPreview?bookId=${id}&chapterId=${first.chapterId}&find=${q('极限')}&hit=0`);
    const links = res.rows.map((r) => r.link);
    expect(new Set(links).size).toBe(links.length);
    const inFirst = res.rows.filter((r) => r.chapterId === first.chapterId);
    expect(inFirst.length).toBeGreaterThan(1);
    expect(inFirst.map((r) => (r as { occurrence?: number }).occurrence)).toEqual(inFirst.map((_, i) => i));
    const none = expectOk(await get<{ total: number }>(`/api/book/searchInBook?bookId=${id}&q=${q('量子')}`));
    expect(none.total).toBe(0);
    expectRefused(await get(`/api/book/searchInBook?bookId=${id}&q=`), '请输入搜索内容');
    // Snippets escape the book's text: no markup but the highlight.
    expect(res.rows.every((r) => !/<(?!\/?em>)/.test(r.snippet))).toBe(true);
  });

  it('serves book lists, searches them by name or book title, and shows one with its books', async () => {
    const lists = expectOk(await get<Paged<BookListSummary>>('/api/booklist/list'));
    expect(lists.rows.map((l) => l.name)).toEqual(['理工科新生必读', '计算机入门书单', '双语教学推荐']);
    expect(lists.rows[0]).toMatchObject({ bookCount: 4 });
    expect(lists.rows[0]!.covers).toHaveLength(4);
    const byName = expectOk(await get<Paged<BookListSummary>>(`/api/booklist/list?keyword=${q('计算机')}`));
    expect(byName.rows.map((l) => l.name)).toEqual(['计算机入门书单']);
    const byBook = expectOk(await get<Paged<BookListSummary>>(`/api/booklist/list?keyword=${q('Programming')}`));
    expect(byBook.rows.map((l) => l.name)).toEqual(['计算机入门书单', '双语教学推荐']);
    expect(expectOk(await get<Paged<BookListSummary>>(`/api/booklist/list?keyword=${q('烹饪')}`)).total).toBe(0);
    const paged = expectOk(await get<Paged<BookListSummary>>('/api/booklist/list?pageSize=1&pageNum=2'));
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.rows.map((l) => l.name)).toEqual(['计算机入门书单']);

    const detail = expectOk(await get<BookListDetail>(`/api/booklist/detail/${lists.rows[1]!.id}`));
    expect(detail.books.map((b) => b.title)).toEqual(['Introduction to Programming', '数据结构与算法']);

    // Staff create, edit and delete lists; members may not.
    const member = await buildMember(t.ctx.db);
    const body = { name: '考研数学', bookIds: [ids.bookIds.get('xxds')!, ids.bookIds.get('gll')!], published: false };
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/booklist', token: member.token, payload: body })).status,
    ).toBe(403);
    const { id } = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/booklist',
        token: staff.token,
        payload: body,
      }),
    );
    expect((await get(`/api/booklist/detail/${id}`)).status).toBe(404);
    expectOk(await get(`/api/booklist/detail/${id}`, staff.token));
    expectRefused(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/booklist/${id}`,
        token: staff.token,
        payload: { ...body, bookIds: [999999] },
      }),
      '所选图书不存在',
    );
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/booklist',
        token: staff.token,
        payload: { ...body, name: ' ' },
      }),
      '请输入书单名称',
    );
    expectOk(await call(t.app, { method: 'DELETE', url: `/api/admin/booklist/${id}`, token: staff.token }));
    expect((await get(`/api/booklist/detail/${id}`, staff.token)).status).toBe(404);
  });

  it('lets staff edit metadata, and the search index follows', async () => {
    const id = ids.bookIds.get('jjxyl')!;
    const member = await buildMember(t.ctx.db);
    const put = (token: string, payload: object) =>
      call(t.app, { method: 'PUT', url: `/api/admin/book/${id}`, token, payload });
    expect((await put(member.token, { title: 'x' })).status).toBe(403);
    expectOk(
      await put(staff.token, { title: '微观经济学', subjectId: ids.subjectIds.get('经济学')!, recommended: true }),
    );
    expect((await search('searchText=wgjjx')).rows.map((b) => b.id)).toEqual([id]);
    expect((await search('searchText=jjxyl')).total).toBe(0);
    expect((await search(`searchText=${q('微观经济学')}`)).rows[0]!.titleHighlight).toBe('<em>微观经济学</em>');
    expectRefused(await put(staff.token, { subjectId: 999_999 }), '请求参数不正确');
    expectRefused(await put(staff.token, { title: '' }), '请输入书名');
    const rec = expectOk(await get<BookCard[]>('/api/book/recommend'));
    expect(rec.map((b) => b.id)).toContain(id);

    // Free chapters: staff choose them among the book's own chapters.
    const detail = expectOk(await get<BookDetail>(`/api/book/detail/${id}`));
    const tree = expectOk(await get<Node[]>(`/api/book/sectionTree?bookId=${id}`));
    const second = tree[1]!.chapterId!;
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${id}/freeChapters`,
        token: staff.token,
        payload: { chapterIds: [second] },
      }),
    );
    const after = expectOk(await get<BookDetail>(`/api/book/detail/${id}`));
    expect(after.freeChapterIds).toEqual([second]);
    expect((await get(`/api/book/chapter?bookId=${id}&chapterId=${detail.firstChapterId}`)).status).toBe(401);
    expectOk(await get(`/api/book/chapter?bookId=${id}&chapterId=${second}`));
    expectRefused(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${id}/freeChapters`,
        token: staff.token,
        payload: { chapterIds: [1] },
      }),
      '请求参数不正确',
    );
  });

  it('keeps every staff route to staff: visitors 401, members 403', async () => {
    const member = await buildMember(t.ctx.db);
    const id = ids.bookIds.get('dxyw')!;
    const routes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'PUT', url: `/api/admin/book/${id}`, payload: { title: '改名' } },
      { method: 'POST', url: `/api/admin/book/${id}/publish`, payload: { published: false } },
      { method: 'PUT', url: `/api/admin/book/${id}/freeChapters`, payload: { chapterIds: [] } },
      { method: 'POST', url: '/api/admin/booklist', payload: { name: '书单' } },
      { method: 'PUT', url: '/api/admin/booklist/1', payload: { name: '书单' } },
      { method: 'DELETE', url: '/api/admin/booklist/1' },
    ];
    for (const r of routes) {
      expect((await call(t.app, r)).status, `${r.method} ${r.url}`).toBe(401);
      expect((await call(t.app, { ...r, token: member.token })).status, `${r.method} ${r.url}`).toBe(403);
    }
    expect(expectOk(await get<{ title: string }>(`/api/book/detail/${id}`)).title).toBe('大学语文');
  });

  it('serves the pickers, the filter options and the monthly statistics', async () => {
    const all = expectOk(await get<{ id: number; published: boolean }[]>('/api/book/getAllBooks'));
    expect(all).toHaveLength(10);
    const hidden = ids.bookIds.get('acad-writing')!;
    await call(t.app, {
      method: 'POST',
      url: `/api/admin/book/${hidden}/publish`,
      token: staff.token,
      payload: { published: false },
    });
    expect(expectOk(await get<unknown[]>('/api/book/getAllBooks'))).toHaveLength(9);
    const forStaff = expectOk(await get<{ id: number; published: boolean }[]>('/api/book/getAllBooks', staff.token));
    expect(forStaff.find((b) => b.id === hidden)?.published).toBe(false);
    await call(t.app, {
      method: 'POST',
      url: `/api/admin/book/${hidden}/publish`,
      token: staff.token,
      payload: { published: true },
    });

    const fields = expectOk(
      await get<{ years: number[]; publishers: string[]; sorts: { value: string }[]; subjects: DictNode[] }>(
        '/api/book/all/field',
      ),
    );
    expect(fields.years).toEqual([2025, 2024, 2023, 2022]);
    expect(fields.publishers).toEqual(['Demo University Press', '示范大学出版社']);
    expect(fields.sorts.map((s) => s.value)).toEqual(['newest', 'title', 'popular']);
    const months = expectOk(await get<{ month: string; count: number }[]>('/api/book/month/statistics'));
    expect(months).toHaveLength(12);
    expect(months.reduce((n, m) => n + m.count, 0)).toBe(10);
  });
});
