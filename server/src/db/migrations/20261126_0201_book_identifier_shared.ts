import { type AnyDb, isPostgres, sql } from './helpers.js';

/**
 * Two different books may carry the same package identifier (W3C `pkg-unique-id`): an import makes a new book
 * unless the staff member names the book it is a new edition of. `books.identifier` loses its unique constraint
 * and keeps a plain index (editions and the seed still look books up by it).
 *
 * PostgreSQL drops the constraint. SQLite cannot drop a column's UNIQUE, so the table is rebuilt as SQLite's
 * ALTER TABLE page says: the run's foreign keys are off (migrate.ts turns them off around the run and checks them
 * before committing), so dropping the old table cascades to nothing and the other tables' references to `books`
 * name the new one; the indexes are made again.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table books drop constraint if exists books_identifier_key`.execute(db);
  } else {
    await rebuildSqliteBooks(db, (create) => create.replace(/("identifier" varchar\(255\) not null) unique/i, '$1'));
  }
  await db.schema.createIndex('books_identifier').on('books').column('identifier').execute();
}

/**
 * Only the plain index goes: books that share an identifier by then could not take a unique one, and `db:reset`
 * (every migration down) must not fail on them; the books migration's own down drops the table.
 */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('books_identifier').execute();
}

async function rebuildSqliteBooks(db: AnyDb, edit: (createSql: string) => string): Promise<void> {
  const rows = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = 'books' order by type = 'table' desc`.execute(db);
  const table = rows.rows.find((r) => r.type === 'table')?.sql ?? '';
  const created = edit(table);
  if (created === table) throw new Error('books: the identifier column is not declared as expected');
  const indexes = rows.rows.filter((r) => r.type === 'index' && r.sql).map((r) => r.sql!);
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  // Dropping `books` with foreign keys on would delete every chapter, order and note of every book.
  if (fk.rows[0]?.foreign_keys) throw new Error('books: the rebuild needs foreign keys off (run through migrate.ts)');
  await sql.raw(created.replace(/^create table "books"/i, 'create table "books_rebuilt"')).execute(db);
  await sql`insert into books_rebuilt select * from books`.execute(db);
  await sql`drop table books`.execute(db);
  await sql`alter table books_rebuilt rename to books`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}
