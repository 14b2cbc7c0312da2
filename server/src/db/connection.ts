import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, type KyselyPlugin, type LogEvent } from 'kysely';
import { isPostgresUrl } from '../config.js';
import type { Database } from './schema.js';
import { QueuedSqliteDialect } from './sqlite-driver.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** Connections open and idle, and queries waiting for one (the metrics' database pool). */
  pool?: () => PoolState;
  /** Adds a listener told each query's duration and whether it failed (the metrics' query time). */
  onQuery?: (listener: QueryListener) => void;
}

export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

export type QueryListener = (ms: number, failed: boolean) => void;

/** Kysely's log hook, handing each query's time to the listeners added later (none: nothing is done). */
function queryHooks() {
  const listeners: QueryListener[] = [];
  return {
    log: (event: LogEvent) => {
      for (const listener of listeners) listener(event.queryDurationMillis, event.level === 'error');
    },
    onQuery: (listener: QueryListener) => void listeners.push(listener),
  };
}

// int8 and numeric come back as numbers: ids, counts and epoch milliseconds all fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface OpenOptions {
  /** PostgreSQL schema to use as search_path (tests give each run its own). */
  schema?: string;
  plugins?: KyselyPlugin[];
}

export function openDatabase(url: string, options: OpenOptions = {}): DbHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const hooks = queryHooks();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: options.plugins,
      log: hooks.log,
    });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onQuery: hooks.onQuery,
    };
  }
  fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const hooks = queryHooks();
  const dialect = new QueuedSqliteDialect(sqlite);
  const db = new Kysely<Database>({ dialect, plugins: options.plugins, log: hooks.log });
  return { db, dialect: 'sqlite', close: () => db.destroy(), pool: () => dialect.state(), onQuery: hooks.onQuery };
}
