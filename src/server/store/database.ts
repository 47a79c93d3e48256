/**
 * Opens the store on either engine: a SQLite file (or ':memory:') through better-sqlite3, or a
 * PostgreSQL database named by a postgres:// or postgresql:// URL through a pg pool. Both get the
 * same Kysely<Database>, the same migrations and the same repositories.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type DialectAdapter, type Driver, type SqliteDialectConfig } from 'kysely';
import { startStoreThread, type BulkWriter } from './storeThread.ts';
import type { Database, StoreDialect } from './schema.ts';
import { migrateToLatest } from './migrations/index.ts';
import { Store } from './store.ts';

export { constraintKind, type ConstraintKind } from './queries.ts';
export type { StoreDialect } from './schema.ts';

/** PostgreSQL's type id of bigint (int8). */
const PG_BIGINT_OID = 20;
/** Connections per PostgreSQL pool. */
const PG_POOL_SIZE = 10;
/** A new PostgreSQL connection gives up after this long (ms). */
const PG_CONNECT_TIMEOUT_MS = 10_000;

/** 'postgres' for a postgres:// or postgresql:// URL, else 'sqlite' (a file path or ':memory:'). */
export function dialectOf(target: string): StoreDialect {
  return /^postgres(ql)?:\/\//i.test(target) ? 'postgres' : 'sqlite';
}

/** A database URL with its password replaced by ***, for logs and messages. */
export function redactTarget(target: string): string {
  if (dialectOf(target) === 'sqlite') return target;
  try {
    const url = new URL(target);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

/**
 * SQLite runs DDL inside transactions; Kysely's adapter says it does not, which would run
 * migrations outside one. This one says it does, so pending migrations are all or nothing.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * A SQLite driver that begins transactions IMMEDIATE and runs `beforeClose` (the store thread's
 * stop) before it closes the connection. IMMEDIATE: the store thread writes to the same file from
 * its own connection (storeThread.ts), and a deferred transaction that has read cannot write once
 * the thread has committed since (SQLITE_BUSY_SNAPSHOT, which the busy timeout does not wait out);
 * an immediate one takes the write lock first, waiting for the thread's transaction if need be.
 */
class ClosingSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly beforeClose: () => Promise<void>,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async destroy(): Promise<void> {
    await this.beforeClose();
    await super.destroy();
  }
}

class StoreSqliteDialect extends SqliteDialect {
  constructor(
    private readonly storeConfig: SqliteDialectConfig,
    private readonly beforeClose: () => Promise<void> = async () => undefined,
  ) {
    super(storeConfig);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new ClosingSqliteDriver(this.storeConfig, this.beforeClose);
  }
}

/**
 * Opens (and creates on first start) the SQLite file: WAL journal so readers never wait for the
 * writer, synchronous NORMAL, foreign keys enforced, a 5 s busy timeout; a file's WAL checkpoints
 * and bulk writes run on a thread of their own (storeThread.ts), stopped before the connection closes.
 */
function openSqlite(file: string): { db: Kysely<Database>; bulkWriter?: BulkWriter } {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const connection = new BetterSqlite(file);
  try {
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL'); // WAL + NORMAL: durable at each checkpoint, no fsync per commit
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000'); // ms
  } catch (error) {
    connection.close();
    throw error;
  }
  if (file === ':memory:') return { db: new Kysely<Database>({ dialect: new StoreSqliteDialect({ database: connection }) }) };
  const thread = startStoreThread(connection, file);
  return { db: new Kysely<Database>({ dialect: new StoreSqliteDialect({ database: connection }, () => thread.stop()) }), bulkWriter: thread };
}

/** A pool on the URL's database; bigint columns (times in ms, counts) read as JS numbers (they stay below 2^53). */
function openPostgres(url: string): Kysely<Database> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(PG_BIGINT_OID, (text: string) => Number(text));
  const pool = new pg.Pool({ connectionString: url, types, max: PG_POOL_SIZE, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  // An idle connection the server dropped (PostgreSQL restarted, fail-over) is an 'error' event on
  // the pool; unhandled it would end the process. The pool discards that client and the next query
  // opens a new one, so log it and carry on; queries made during the outage fail with their own error.
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was lost (${error.message}); the next query reconnects`));
  // A connection checked out between two statements (inside a transaction) that the server ends
  // emits 'error' on its own client, where the pool does not listen: the statement in flight fails
  // with its own error, and this keeps the process alive.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`PostgreSQL: a connection in use was lost (${error.message})`));
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * The Kysely instance for `target` (see dialectOf), not yet migrated; a SQLite file's also has the
 * store thread's bulk writer (storeThread.ts), which the repositories that write in bulk take.
 */
export function openDatabase(target: string): { db: Kysely<Database>; dialect: StoreDialect; bulkWriter?: BulkWriter } {
  const dialect = dialectOf(target);
  return dialect === 'postgres' ? { db: openPostgres(target), dialect } : { ...openSqlite(target), dialect };
}

/**
 * Opens the store at `target` (a SQLite file path or ':memory:', or a postgres:// URL), creating
 * and migrating the schema on first start and adopting a legacy SQLite file (migrations/index.ts).
 */
export async function openStore(target: string): Promise<Store> {
  const { db, dialect, bulkWriter } = openDatabase(target);
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new Store(db, dialect, bulkWriter);
}
