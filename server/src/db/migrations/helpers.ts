import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/** Migrations take `Kysely<any>` by Kysely's convention: they describe tables, not use them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** An auto-increment integer primary key named `id`, on either dialect. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds (bigint on PostgreSQL, integer on SQLite; both read back as numbers). */
export const ms = 'bigint' as const;

export const nowDefault = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export { sql };
