import { ms, withId, type AnyDb } from './helpers.js';

/**
 * The reports' daily rollups (issue 18), kept current by the reader's writes (`modules/rollups`), so a report
 * sums a few rows per member and day instead of scanning events:
 * - `report_daily`: per member, book, chapter (by spine path, which outlives a re-import) and China day: active
 *   reading seconds, notes (with text) and highlights (without) made that day and still there;
 * - `report_books`: per member and book: progress (per mille), how far each chapter was read (JSON by path),
 *   first and last reading time.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('report_daily'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_path', 'varchar(500)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('highlights', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('report_daily_key', ['member_id', 'book_id', 'day', 'chapter_path'])
    .execute();
  // A book's readers by month (textbook report, month statistics).
  await db.schema.createIndex('report_daily_book_day').on('report_daily').columns(['book_id', 'day']).execute();

  await withId(db, db.schema.createTable('report_books'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reads', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('first_at', ms, (c) => c.notNull())
    .addColumn('last_at', ms, (c) => c.notNull())
    .addUniqueConstraint('report_books_key', ['member_id', 'book_id'])
    .execute();
  await db.schema.createIndex('report_books_book').on('report_books').columns(['book_id']).execute();
  await backfill(db);
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** What the reader recorded before the rollups existed, summed once (the same sums the reader's hooks keep). */
async function backfill(db: AnyDb): Promise<void> {
  const positions = await db
    .selectFrom('reading_positions')
    .select(['member_id', 'book_id', 'progress', 'reads', 'updated_at'])
    .execute();
  for (const p of positions) {
    await db
      .insertInto('report_books')
      .values({
        member_id: p.member_id,
        book_id: p.book_id,
        progress: p.progress,
        reads: p.reads,
        first_at: p.updated_at,
        last_at: p.updated_at,
      })
      .execute();
  }
  const rows = new Map<
    string,
    {
      member_id: number;
      book_id: number;
      chapter_path: string;
      day: string;
      seconds: number;
      notes: number;
      highlights: number;
    }
  >();
  const at = (member: number, book: number, path: string, day: string) => {
    const key = `${member}|${book}|${day}|${path}`;
    let row = rows.get(key);
    if (!row)
      rows.set(
        key,
        (row = { member_id: member, book_id: book, chapter_path: path, day, seconds: 0, notes: 0, highlights: 0 }),
      );
    return row;
  };
  const times = await db
    .selectFrom('reading_time as t')
    .leftJoin('book_chapters as c', 'c.id', 't.chapter_id')
    .select(['t.member_id', 't.book_id', 't.day', 't.seconds', 'c.path'])
    .execute();
  for (const t of times) at(Number(t.member_id), Number(t.book_id), t.path ?? '', t.day).seconds += Number(t.seconds);
  const notes = await db
    .selectFrom('reader_notes')
    .select(['member_id', 'book_id', 'chapter_path', 'content', 'created_at'])
    .execute();
  for (const n of notes) {
    const row = at(Number(n.member_id), Number(n.book_id), n.chapter_path, DAY.format(new Date(Number(n.created_at))));
    if (String(n.content).trim()) row.notes += 1;
    else row.highlights += 1;
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += 500)
    await db
      .insertInto('report_daily')
      .values(all.slice(i, i + 500))
      .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('report_books').execute();
  await db.schema.dropTable('report_daily').execute();
}
