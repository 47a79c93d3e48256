/**
 * SQLite's WAL checkpoints on a thread of their own (docs/performance.md §2 round p22).
 *
 * better-sqlite3 runs on the event loop, and by default the connection that commits past 1,000
 * WAL pages also checkpoints, inside that commit: it copies the WAL's pages into the database file
 * and syncs it. Under the bench's 60,000 events/s the incident recorder commits ~16,000 rows a
 * second, and its commit took 41–51 ms with the checkpoint against ~15 ms without (16,000 rows,
 * measured with better-sqlite3 alone), time in which no request is answered.
 *
 * So a file store's connection checkpoints only as a safety net (past SAFETY_NET_PAGES, if this
 * thread falls behind or dies), and a worker thread with its own connection to the same file runs
 * a PASSIVE checkpoint every CHECKPOINT_EVERY_MS: it never waits for the writer nor blocks it
 * (WAL: readers and the checkpointer work beside the one writer). A failed checkpoint is reported
 * and tried again at the next tick; a worker that ends hands checkpoints back to the connection.
 * An in-memory store has no WAL and gets none of this.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite from 'better-sqlite3';

/** The worker checkpoints this often (ms). */
export const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own default: the connection checkpoints in its commit past this many WAL pages (4 MB). */
export const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/** The connection's own checkpoint while the worker runs: only past this many WAL pages (~160 MB of 4 KB pages). */
export const SAFETY_NET_PAGES = 40_000;

/** What a PASSIVE checkpoint answered: busy (0/1), frames in the WAL, frames copied to the file. */
export type CheckpointResult = { readonly busy: number; readonly log: number; readonly checkpointed: number };

export interface WalCheckpointer {
  /** Stops the worker after one last checkpoint (resolves when it has ended). */
  stop(): Promise<void>;
}

/** The worker's code (plain CommonJS: it runs in a bare worker thread, without the TypeScript loader). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
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
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface CheckpointerOptions {
  readonly everyMs?: number;
  /** Each checkpoint's answer (tests, metrics). */
  readonly onCheckpoint?: (result: CheckpointResult) => void;
  /** Where a failed checkpoint or an ended worker is reported. */
  readonly onProblem?: (message: string) => void;
}

/** Starts checkpointing `file` (open in WAL mode on `connection`) on a worker thread. */
export function startWalCheckpointer(connection: BetterSqlite.Database, file: string, options: CheckpointerOptions = {}): WalCheckpointer {
  const report = options.onProblem ?? ((message: string) => console.warn(message));
  const everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs } });
  worker.unref(); // never what keeps the process alive
  connection.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  let stopping = false;
  const ended = new Promise<void>((resolve) => {
    worker.on('message', (message: { kind: 'checkpointed'; result: CheckpointResult } | { kind: 'failed'; message: string }) => {
      if (message.kind === 'checkpointed') options.onCheckpoint?.(message.result);
      else report(`SQLite checkpoint of ${file} failed (tried again in ${everyMs} ms): ${message.message}`);
    });
    worker.on('error', (error) => report(`SQLite checkpoint thread of ${file} failed: ${error.message}`));
    worker.on('exit', () => {
      // Checkpoints back on the connection, at SQLite's default, unless the store is closing.
      if (!stopping && connection.open) {
        connection.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
        report(`SQLite checkpoint thread of ${file} ended; the connection checkpoints again`);
      }
      resolve();
    });
  });
  return {
    async stop() {
      stopping = true;
      worker.postMessage('stop');
      await ended;
    },
  };
}
