/**
 * The replay summary's parallel reader (issue 15 item 5, docs/performance.md §1): the replay's
 * cost is JSON.parse + the guard of every line, one core's work; this reader spreads it over the
 * machine's cores and leaves the main thread the fleet model.
 *
 * The file is cut into chunks (replay/logChunks.ts: each owns the lines that start in its byte
 * range). The main thread and `workers` reader threads (replay/summaryWorker.ts) claim chunks from
 * a shared counter, each reading its chunk from its own file handle into compact records
 * (replay/summaryRecords.ts: JSON.parse + isEnvelope per line, the summary's fields only). The
 * main thread applies the chunks strictly in file order: it turns their records into slim events,
 * checks the seq rule across chunks with the log's parser, hands lines the threads left to the full
 * parser with their real line numbers (header, bad lines, torn end), and yields one batch per
 * chunk. When the next chunk in order is not ready, the main thread reads an unclaimed chunk itself
 * instead of waiting, so the threads share the parsing whatever their speeds.
 *
 * The events are SLIM (fit for the summary only) and the outcome is the full reader's
 * (replay/log.ts): same summary, same errors naming the same lines, same torn-line warning
 * (parallelLog.test.ts checks it with fast-check). The file's size is read once at the start.
 */
import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Envelope } from '../src/protocol/envelope.ts';
import type { LogLineParser, LogWarning } from '../src/protocol/logFormat.ts';
import { createLogLineParser, LogFormatError } from '../src/protocol/logFormat.ts';
import type { LogReader } from './log.ts';
import { readLogFile, SEGMENT_BYTES } from './log.ts';
import type { ChunkScratch } from './logChunks.ts';
import { chunkCount, readOwnedBytes } from './logChunks.ts';
import type { ChunkRecords } from './summaryRecords.ts';
import { SummaryRecordReader, SummaryRecordWriter } from './summaryRecords.ts';
import type { SummaryFleet } from './summaryFleet.ts';
import { claimChunk, createSharedCounters, postedCount, postedSince, requestStop } from './sharedCounters.ts';
import type { SummaryWorkerData } from './summaryWorker.ts';

/** Bytes per chunk (2 MiB: ~4,000 events of the bench logs, ~20 ms of parsing; a message per chunk). */
export const PARALLEL_CHUNK_BYTES = 1 << 21;
/** At most this many reader threads besides the main thread (the main thread's model is the limit beyond). */
export const MAX_READER_THREADS = 3;

export type ParallelReadOptions = {
  /** Reader threads besides the main thread (default: the cores but one, at most MAX_READER_THREADS; 0: the main thread alone). */
  readonly workers?: number;
  readonly chunkBytes?: number;
  readonly segmentBytes?: number;
  /**
   * Whether the main thread reads chunks too while it waits for the next one (default true: on 2
   * cores it is half the reading). False leaves every chunk to the reader threads (the tests use it
   * to make the threads read; with workers 0 it is ignored).
   */
  readonly mainReads?: boolean;
  /**
   * The replay summary's fleet state (replay/summaryFleet.ts): when given, every event goes to it
   * from its record, in file order, without an envelope (SummaryRecordReader.applyTo), including
   * those of the lines the full parser reads; `batches()` then yields nothing and only drives the
   * reading. Undefined: slim envelopes are yielded, as before.
   */
  readonly fleet?: SummaryFleet;
};

/**
 * Below this size a log is read by the full reader on the main thread alone: starting a reader
 * thread (~70 ms for Node's worker, ~30 ms more for its bundle, measured on this 2-core machine)
 * costs more than it saves on a small log (docs/performance.md §1).
 */
export const PARALLEL_MIN_BYTES = 16 << 20;

/** The reader threads to start by default: one per core besides the main thread's. */
export function defaultReaderThreads(): number {
  return Math.max(0, Math.min(MAX_READER_THREADS, availableParallelism() - 1));
}

/** The main thread's index in the record reader's tables; reader thread w is w + 1. */
const MAIN = 0;

/**
 * Starts one reader thread. From the bundle (.cache/replay/cli.cjs, `npm run replay`) the thread
 * runs the worker bundle beside it; from the TypeScript sources (tests, tsx) it registers tsx
 * first (replay/tsWorker.mjs), which a worker's execArgv cannot do.
 */
function startReader(data: SummaryWorkerData): Worker {
  const options = { workerData: data, transferList: [data.port] };
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./summaryWorker.mjs', here), options);
  return new Worker(new URL('./tsWorker.mjs', here), { ...options, argv: [new URL('./summaryWorker.ts', here).href] });
}

/** Reads a log for the replay summary with the main thread and `workers` reader threads. */
export function readLogFileInParallel(path: string, options: ParallelReadOptions = {}): LogReader {
  const chunkBytes = Math.max(1, options.chunkBytes ?? PARALLEL_CHUNK_BYTES);
  const segmentBytes = Math.max(1, options.segmentBytes ?? SEGMENT_BYTES);
  const wanted = Math.max(0, options.workers ?? defaultReaderThreads());

  const warnings: LogWarning[] = [];
  const parser: LogLineParser = createLogLineParser();
  let lines = 0;

  async function* batches(): AsyncGenerator<readonly Envelope[]> {
    const fd = openSync(path, 'r');
    const fileBytes = fstatSync(fd).size;
    const chunks = chunkCount(fileBytes, chunkBytes);
    const counters = createSharedCounters();
    const records = new SummaryRecordReader();
    const own = new SummaryRecordWriter();
    const scratch: ChunkScratch = { buffer: Buffer.allocUnsafe(0) };
    /** Chunks read and not yet applied, by chunk number, with the thread that read them. */
    const ready = new Map<number, { thread: number; read: ChunkRecords }>();
    const readers: { worker: Worker; port: MessageChannel['port1']; running: boolean }[] = [];
    let failure: Error | undefined;
    let mainReads = true;
    /** The next chunk to apply. */
    let next = 0;
    let wake: (() => void) | undefined;
    try {
      for (let w = 0; w < Math.min(wanted, chunks - 1); w += 1) {
        const channel = new MessageChannel();
        const worker = startReader({ path, fileBytes, chunkBytes, segmentBytes, counters, port: channel.port2 });
        const reader = { worker, port: channel.port1, running: true };
        worker.once('error', (error) => {
          failure ??= error;
          wake?.();
        });
        worker.once('exit', () => {
          reader.running = false;
          wake?.();
        });
        readers.push(reader);
      }
      mainReads = options.mainReads !== false || readers.length === 0;

      /** Takes the chunk messages the reader threads posted so far (without waiting). */
      const collect = (): void => {
        readers.forEach((reader, index) => {
          for (let message = receiveMessageOnPort(reader.port); message !== undefined; message = receiveMessageOnPort(reader.port)) {
            const read = message.message as ChunkRecords;
            records.addEntries(index + 1, read.entries);
            // A chunk the main thread already read itself (see below) is dropped; its entries are kept.
            if (read.chunk >= next && !ready.has(read.chunk)) ready.set(read.chunk, { thread: index + 1, read });
          }
        });
      };

      while (next < chunks) {
        collect();
        const found = ready.get(next);
        if (found !== undefined) {
          ready.delete(next);
          const events: Envelope[] = [];
          try {
            applyChunk(found.thread, found.read, events);
          } catch (error) {
            if (events.length > 0) yield events;
            throw error;
          }
          if (events.length > 0) yield events;
          next += 1;
          continue;
        }
        if (mainReads) {
          // Read a chunk here rather than wait: the next unclaimed one, applied when its turn comes;
          // when every chunk is claimed, the next one itself (a thread may be slow to hand it over
          // on a busy machine: whichever read arrives first is applied, the other dropped).
          const claimed = claimChunk(counters);
          const chunk = claimed < chunks ? claimed : next;
          const read = own.read(chunk, readOwnedBytes(fd, fileBytes, chunkBytes, chunk, scratch), segmentBytes);
          records.addEntries(MAIN, read.entries);
          ready.set(chunk, { thread: MAIN, read });
          continue;
        }
        // The next chunk is still being read by a thread: wait for a message.
        const seen = postedCount(counters);
        collect();
        if (ready.has(next)) continue;
        if (failure !== undefined) throw failure;
        if (!readers.some((reader) => reader.running)) throw new Error(`replay: a reader thread stopped before handing over chunk ${next} of ${path}`);
        await Promise.race([postedSince(counters, seen), new Promise<void>((resolve) => (wake = resolve))]);
        wake = undefined;
      }
      if (failure !== undefined) throw failure; // a thread failed (its chunks were read here instead): say so
      if (parser.header === undefined) throw new LogFormatError(1, 'missing log header: the log is empty');
    } finally {
      // The consumer may stop early (--until) or a line was bad: the threads stop at their next chunk.
      requestStop(counters);
      await Promise.all(readers.map(async (reader) => {
        reader.port.close();
        await reader.worker.terminate();
      }));
      closeSync(fd);
    }

    /** Applies one chunk's records in order: the seq rule, the full parser for the lines left to it. */
    function applyChunk(thread: number, read: ChunkRecords, events: Envelope[]): void {
      const base = lines;
      const fleet = options.fleet;
      if (fleet !== undefined) {
        records.applyTo(
          thread,
          read,
          fleet,
          (seq, line) => parser.acceptSeq(seq, base + line),
          (text, line, tornAllowed) => {
            const result = parser.parse(text, base + line, tornAllowed);
            if (result.type === 'event') fleet.applyEnvelope(result.event);
            else if (result.type === 'torn') warnings.push(result.warning);
          },
        );
        lines = base + read.lines;
        return;
      }
      records.forEach(
        thread,
        read,
        (event, line) => {
          parser.acceptSeq(event.seq, base + line);
          events.push(event);
          return true;
        },
        (text, line, tornAllowed) => {
          const result = parser.parse(text, base + line, tornAllowed);
          if (result.type === 'event') events.push(result.event);
          else if (result.type === 'torn') warnings.push(result.warning);
          return true;
        },
      );
      lines = base + read.lines;
    }
  }

  async function* events(): AsyncGenerator<Envelope> {
    for await (const batch of batches()) yield* batch;
  }

  return {
    batches,
    get header() {
      return parser.header;
    },
    warnings,
    get lines() {
      return lines;
    },
    [Symbol.asyncIterator]: () => events(),
  };
}

export type SummaryLogOptions = ParallelReadOptions & {
  /** Logs below this size are read by the full reader (default PARALLEL_MIN_BYTES). */
  readonly minBytes?: number;
};

/**
 * The replay summary's reader for `path`: the parallel reader, or the full reader (replay/log.ts)
 * for a log below `minBytes` (PARALLEL_MIN_BYTES) or when no reader thread is wanted.
 */
export function readSummaryLog(path: string, options: SummaryLogOptions = {}): LogReader {
  const workers = options.workers ?? defaultReaderThreads();
  let bytes: number;
  try {
    bytes = statSync(path).size;
  } catch {
    return readLogFile(path); // it reports the missing or unreadable file as it always did
  }
  if (workers === 0 || bytes < (options.minBytes ?? PARALLEL_MIN_BYTES)) return readLogFile(path);
  return readLogFileInParallel(path, { ...options, workers });
}
