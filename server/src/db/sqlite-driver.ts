import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * Kysely's SQLite dialect with a driver that keeps pace under many concurrent requests (issue 21). SQLite has
 * one connection: a transaction holds it across its awaits, so every other query waits for it. Kysely's own
 * driver (0.28) makes every waiter await the same promise and try again when it is released — with 500 requests
 * waiting, each release wakes all 500 and 499 go back to sleep, and every query prepares its statement anew.
 * This one hands the connection to the waiters in arrival order (one wake-up per release) and keeps the
 * prepared statements of the last `STATEMENTS` SQL texts (better-sqlite3 runs a statement synchronously, so
 * one statement serves every caller in turn; a streamed read gets a statement of its own).
 */
export class QueuedSqliteDialect extends SqliteDialect {
  private driver: QueuedSqliteDriver | undefined;

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    this.driver = new QueuedSqliteDriver(this.sqlite);
    return this.driver;
  }

  /** The one connection (idle or held) and the queries waiting for it (the metrics' database pool). */
  state(): { total: number; idle: number; waiting: number } {
    return { total: 1, idle: this.driver?.held ? 0 : 1, waiting: this.driver?.waiting.length ?? 0 };
  }
}

const STATEMENTS = 500;

class QueuedSqliteDriver implements Driver {
  private readonly connection: StatementCachingConnection;
  held = false;
  readonly waiting: (() => void)[] = [];

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    this.connection = new StatementCachingConnection(sqlite);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve(this.connection);
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.connection)));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    // The next waiter takes the connection over as it is (still held); none waiting: it is free.
    if (next) next();
    else this.held = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}

class StatementCachingConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly sqlite: BetterSqlite3.Database) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.statement(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    // Not the cached statement: an iteration keeps its statement busy until it ends.
    const stmt = this.sqlite.prepare(compiled.sql);
    for (const row of stmt.iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let stmt = this.statements.get(sql);
    if (stmt) {
      // The most recently used last, so the oldest goes first when the map is full.
      this.statements.delete(sql);
      this.statements.set(sql, stmt);
      return stmt;
    }
    stmt = this.sqlite.prepare(sql);
    this.statements.set(sql, stmt);
    if (this.statements.size > STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
    return stmt;
  }
}
