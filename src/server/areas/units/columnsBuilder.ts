/**
 * Builds the columns answer (packedSnapshot.ts columnsFromPacked) on one long-lived worker thread
 * instead of the server's event loop (issue 15 item 3, docs/performance.md §7i): the event loop
 * takes only the group's snapshot and packs it (what the packed answer costs), copies the packed
 * bytes into a buffer of their own and transfers them (no structured clone of objects); the thread
 * unpacks, decodes, loads, draws the views and writes the answer, and transfers its bytes back.
 *
 * The thread starts on the first request (a server nobody asks for columns never starts it), takes
 * requests one after another in the order they came (its message queue), and is unref'd: it never
 * keeps the process alive. A thread that dies (an exception, an exit, a failed start) answers every
 * request it held with the packed bytes, the reason told to each request's `log`; the next request
 * starts a new thread.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { COLUMNS_SNAPSHOT_TYPE } from '../../../protocol/columnsSnapshot.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../../protocol/packedSnapshot.ts';
import type { ColumnsReply, ColumnsRequest } from './columnsThread.ts';

export interface ColumnsAnswerBytes {
  readonly body: Buffer;
  readonly type: string;
}

export interface ColumnsBuilder {
  /** The columns answer of these packed bytes (or the packed bytes themselves, the reason logged, when the thread fails). */
  build(packed: Uint8Array, log: (reason: string) => void): Promise<ColumnsAnswerBytes>;
  /** Ends the thread (requests it held are answered packed); a later build starts a new one. */
  close(): Promise<void>;
}

interface Pending {
  readonly packed: Uint8Array;
  readonly log: (reason: string) => void;
  readonly resolve: (answer: ColumnsAnswerBytes) => void;
}

/**
 * The thread's first code: registers tsx's loader (the server runs its TypeScript through tsx; a
 * worker thread does not inherit `--import tsx`, and in the tests the server runs inside vitest),
 * then loads the body. `threadUrl`: another body, for the tests of a thread that dies.
 */
function bootCode(threadUrl: string): string {
  return `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(threadUrl)}); })`;
}

/**
 * tsx's ES module API found from this file (an eval'd thread would resolve a bare name from the
 * process's cwd): its package's `exports["./esm/api"].import.default` (require.resolve would give
 * the CommonJS build, which cannot load the ES one from a thread).
 */
function tsxApiUrl(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const entry = exports['./esm/api']?.import.default;
  if (entry === undefined) throw new Error(`columns thread: ${manifest} names no "./esm/api" import entry`);
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

const THREAD_URL = new URL('./columnsThread.ts', import.meta.url).href;

export function createColumnsBuilder(threadUrl: string = THREAD_URL): ColumnsBuilder {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const packedAnswer = (packed: Uint8Array): ColumnsAnswerBytes => ({ body: Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength), type: PACKED_SNAPSHOT_TYPE });

  /** The thread is gone: every request it held is answered packed, with the reason. */
  const failAll = (dead: Worker, reason: string): void => {
    if (worker !== dead) return;
    worker = null;
    for (const [id, request] of pending) {
      pending.delete(id);
      request.log(`columns thread: ${reason}; answered packed`);
      request.resolve(packedAnswer(request.packed));
    }
  };

  const start = (): Worker => {
    const thread = new Worker(bootCode(threadUrl), { eval: true });
    thread.unref();
    thread.on('message', (reply: ColumnsReply) => {
      const request = pending.get(reply.id);
      if (request === undefined) return;
      pending.delete(reply.id);
      if ('error' in reply) {
        request.log(`columns thread: ${reply.error}; answered packed`);
        request.resolve(packedAnswer(request.packed));
        return;
      }
      request.resolve({ body: Buffer.from(reply.body), type: reply.type === COLUMNS_SNAPSHOT_TYPE ? COLUMNS_SNAPSHOT_TYPE : PACKED_SNAPSHOT_TYPE });
    });
    thread.on('error', (error) => failAll(thread, `failed (${error.message})`));
    thread.on('exit', (code) => failAll(thread, `exited (code ${code})`));
    return thread;
  };

  return {
    build(packed, log) {
      return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, { packed, log, resolve });
        // A copy of the bytes in a buffer of their own, transferred (msgpackr's answer may be a view
        // into a larger buffer; the original stays here for the packed fallback). ~15 MB at 50k units.
        // `new Uint8Array(view)` copies; a Buffer's slice() would not.
        const copy = new Uint8Array(packed);
        let thread: Worker;
        try {
          thread = worker ?? (worker = start());
        } catch (error) {
          pending.delete(id);
          log(`columns thread: did not start (${error instanceof Error ? error.message : String(error)}); answered packed`);
          resolve(packedAnswer(packed));
          return;
        }
        const request: ColumnsRequest = { id, packed: copy.buffer as ArrayBuffer };
        thread.postMessage(request, [request.packed]);
      });
    },
    async close() {
      const thread = worker;
      if (thread === null) return;
      await thread.terminate();
      failAll(thread, 'closed');
    },
  };
}
