/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE): a conflict, not a fault. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
