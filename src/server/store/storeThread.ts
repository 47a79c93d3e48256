/**
 * A SQLite file store's second connection, on a worker thread of its own: the WAL's checkpoints
 * and the bulk writes handed to it (docs/performance.md §2 rounds p22 and p25).
 *
 * better-sqlite3 runs on the calling thread, so every statement of the store's own connection is
 * time in which the server's event loop answers nothing.
 *
 * - *Checkpoints* (round p22). By default the connection that commits past 1,000 WAL pages also
 *   checkpoints, inside that commit: it copies the WAL's pages into the database file and syncs it.
 *   Under the bench's 60,000 events/s the incident recorder commits ~16,000 rows a second, and its
 *   commit took 41–51 ms with the checkpoint against ~15 ms without (16,000 rows, better-sqlite3
 *   alone). So the connection checkpoints only as a safety net (past SAFETY_NET_PAGES, if this
 *   thread falls behind or dies), and this thread runs a PASSIVE checkpoint every
 *   CHECKPOINT_EVERY_MS: it never waits for the writer nor blocks it.
 * - *Bulk writes* (round p25). The incidents' INSERTs were still ~21 % of the event loop at that
 *   rate (SQLite's own work on ~16,000 rows a second into four indexes). `write` runs statements
 *   (SQL and parameters, as Kysely compiles them) here, in one IMMEDIATE transaction per call, in
 *   the order of the calls; the caller's promise settles when it is committed (or rolled back:
 *   then it rejects naming SQLite's error, and nothing of that call is stored).
 *
 * Two connections write to one file, so the store's connection begins its transactions IMMEDIATE
 * (database.ts): a deferred one that read before this thread committed could not then write
 * (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out). Each side waits for the other's
 * transaction up to its busy timeout (5 s).
 *
 * A failed checkpoint is reported and tried again at the next tick. A thread that ends hands the
 * checkpoints back to the connection, rejects the writes it had not committed, and `running` turns
 * false (callers then write on the connection). An in-memory store has no WAL and no second
 * connection, and gets none of this.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite from 'better-sqlite3';

/** The thread checkpoints this often (ms). */
export const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own default: the connection checkpoints in its commit past this many WAL pages (4 MB). */
export const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/** The connection's own checkpoint while the thread runs: only past this many WAL pages (~160 MB of 4 KB pages). */
export const SAFETY_NET_PAGES = 40_000;

/** What a PASSIVE checkpoint answered: busy (0/1), frames in the WAL, frames copied to the file. */
export type CheckpointResult = { readonly busy: number; readonly log: number; readonly checkpointed: number };

/** One statement for the thread: SQL with `?` placeholders and its values in order (a Kysely CompiledQuery fits). */
export interface ThreadStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** Writes run on the store thread's connection. */
export interface BulkWriter {
  /** False once the thread has ended (or is stopping): write on the store's own connection then. */
  readonly running: boolean;
  /** Runs the statements in one transaction on the thread; resolves once committed, rejects (naming SQLite's error) when rolled back. */
  write(statements: readonly ThreadStatement[]): Promise<void>;
}

export interface StoreThread extends BulkWriter {
  /** Stops the thread after the writes handed to it and one last checkpoint (resolves when it has ended). */
  stop(): Promise<void>;
}

type FromThread =
  | { readonly kind: 'checkpointed'; readonly result: CheckpointResult }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'written'; readonly id: number }
  | { readonly kind: 'writeFailed'; readonly id: number; readonly message: string };

/** The thread's code (plain CommonJS: it runs in a bare worker thread, without the TypeScript loader). */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
// A flush's statements repeat the same few SQL texts (one per row count): prepared once each.
const prepared = new Map();
const statementOf = (sql) => {
  let statement = prepared.get(sql);
  if (statement === undefined) {
    statement = db.prepare(sql);
    prepared.set(sql, statement);
  }
  return statement;
};
const writeAll = db.transaction((statements) => {
  for (const { sql, parameters } of statements) statementOf(sql).run(parameters);
});
const checkpoint = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ kind: 'checkpointed', result });
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', message: String((error && error.message) || error) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message.kind === 'write') {
    try {
      writeAll.immediate(message.statements);
      parentPort.postMessage({ kind: 'written', id: message.id });
    } catch (error) {
      parentPort.postMessage({ kind: 'writeFailed', id: message.id, message: String((error && error.message) || error) });
    }
    return;
  }
  if (message.kind !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface StoreThreadOptions {
  readonly everyMs?: number;
  /** Each checkpoint's answer (tests, metrics). */
  readonly onCheckpoint?: (result: CheckpointResult) => void;
  /** Where a failed checkpoint or an ended thread is reported. */
  readonly onProblem?: (message: string) => void;
}

/** Starts the store thread on `file` (open in WAL mode on `connection`). */
export function startStoreThread(connection: BetterSqlite.Database, file: string, options: StoreThreadOptions = {}): StoreThread {
  const report = options.onProblem ?? ((message: string) => console.warn(message));
  const everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { driver, file, everyMs } });
  worker.unref(); // never what keeps the process alive
  connection.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  let stopping = false;
  let running = true;
  let nextId = 0;
  /** Writes handed over and not yet answered, by id. */
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const ended = new Promise<void>((resolve) => {
    worker.on('message', (message: FromThread) => {
      switch (message.kind) {
        case 'checkpointed':
          options.onCheckpoint?.(message.result);
          return;
        case 'failed':
          report(`SQLite checkpoint of ${file} failed (tried again in ${everyMs} ms): ${message.message}`);
          return;
        case 'written':
        case 'writeFailed': {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (message.kind === 'written') waiting?.resolve();
          else waiting?.reject(new Error(`SQLite write on the store thread of ${file} failed, nothing of it stored: ${message.message}`));
          return;
        }
      }
    });
    worker.on('error', (error) => report(`SQLite store thread of ${file} failed: ${error.message}`));
    worker.on('exit', () => {
      running = false;
      for (const waiting of pending.values()) waiting.reject(new Error(`the SQLite store thread of ${file} ended before it stored a write`));
      pending.clear();
      // Checkpoints back on the connection, at SQLite's default, unless the store is closing.
      if (!stopping && connection.open) {
        connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
        report(`SQLite store thread of ${file} ended; the connection checkpoints and writes again`);
      }
      resolve();
    });
  });
  return {
    get running() {
      return running && !stopping;
    },
    write(statements) {
      if (!running || stopping) return Promise.reject(new Error(`the SQLite store thread of ${file} is not running`));
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ kind: 'write', id, statements: statements.map(({ sql, parameters }) => ({ sql, parameters })) });
      });
    },
    async stop() {
      stopping = true;
      worker.postMessage({ kind: 'stop' });
      await ended;
    },
  };
}
