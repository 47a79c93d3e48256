/**
 * The recorded-log reader and writer for Node (protocol.md "Recorded event logs (NDJSON)"). The
 * line rules live in src/protocol/logFormat.ts (pure, shared with the console's Replay page); this
 * module streams a file through them in constant memory.
 *
 * Fast path (bench figure "replay from NDJSON", docs/performance.md §1): the file is read in
 * CHUNK_BYTES pieces into two Buffers used in turn, the next read already running while the
 * current piece is parsed. A piece is decoded in SEGMENT_BYTES runs of whole lines (cut after a
 * "\n"; replay/lineBlocks.ts splits them with readline's line rules), its lines parsed in one
 * synchronous loop, and its events handed over as one batch, so the per-event cost is JSON.parse
 * + the structural guard, with no stream, readline or promise per line. Segments stay below V8's
 * large-object size: a 1 MiB string per piece would be allocated in the old generation and bring
 * on a full GC every few pieces (−15 to −40 % at 50k units, measured).
 *
 * A torn last line is only possible when the file does not end with "\n": the bytes after the
 * file's last "\n" are its last line(s), the final one parsed with the torn rule.
 */
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { Envelope } from '../src/protocol/envelope.ts';
import type { LogHeader, LogLineParser, LogWarning } from '../src/protocol/logFormat.ts';
import { createLogLineParser, LogFormatError } from '../src/protocol/logFormat.ts';
import { decodeBytes as decode, forEachLineOfBytes, tailLines } from './lineBlocks.ts';
import { scanSummaryEvent } from './summaryScan.ts';

export {
  createLogLineParser,
  decodeLogHeader,
  formatLogHeader,
  formatLogLine,
  LOG_FORMAT,
  LOG_VERSION,
  LogFormatError,
  parseLogText,
} from '../src/protocol/logFormat.ts';
export type { LogHeader, LogLine, LogLineParser, LogWarning, ParsedLog } from '../src/protocol/logFormat.ts';

export interface LogReader extends AsyncIterable<Envelope> {
  /** The events in order, a batch per chunk of the file (the replay's fast path). */
  batches(): AsyncIterable<readonly Envelope[]>;
  /** Set once line 1 was read. */
  readonly header: LogHeader | undefined;
  /** The torn last line, if any, once iteration finished. */
  readonly warnings: readonly LogWarning[];
  /** Lines read so far (header and blank lines included). */
  readonly lines: number;
}

/** Bytes per read (1 MiB: ~2,000 events of the bench logs; a longer line grows the buffers). */
export const CHUNK_BYTES = 1 << 20;
/** Bytes decoded into one string (64 KiB; a longer line is one segment of its own). */
export const SEGMENT_BYTES = 1 << 16;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export type ReadLogOptions = {
  /** Bytes per read (tests use a few bytes to put chunk boundaries everywhere). */
  readonly chunkBytes?: number;
  /** Bytes per decoded string (tests: segment boundaries everywhere). */
  readonly segmentBytes?: number;
  /**
   * Read each event line only for the replay summary's fields (replay/summaryScan.ts): the events
   * are SLIM (seq, ts, kind, id, rev and the data fields the summary reads), fit for the fleet
   * model's counts and statuses but not for a screen. Same events for the summary, same errors,
   * same warnings as the full read; a line the scanner cannot prove goes through the full parser.
   */
  readonly summaryOnly?: boolean;
};

type Read = Promise<{ bytesRead: number }>;

/** Reads into `buffer` from `offset` to its end, at file `position`. */
function readInto(handle: FileHandle, buffer: Buffer, offset: number, position: number): Read {
  return handle.read(buffer, offset, buffer.length - offset, position);
}

/** A buffer of at least `size` bytes holding the first `keep` bytes of `from`. */
function grown(from: Buffer, keep: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  from.copy(buffer, 0, 0, keep);
  return buffer;
}

/**
 * Reads a log file: iterate it (or its batches) for the envelopes in order. Iteration throws
 * LogFormatError (with its line number) at the first bad line, after handing over the events of
 * the lines before it, and for a missing, foreign or other-version header.
 */
export function readLogFile(path: string, options: ReadLogOptions = {}): LogReader {
  const chunkBytes = Math.max(1, options.chunkBytes ?? CHUNK_BYTES);
  const segmentBytes = Math.max(1, options.segmentBytes ?? SEGMENT_BYTES);
  const warnings: LogWarning[] = [];
  const parser: LogLineParser = createLogLineParser();
  const summaryOnly = options.summaryOnly === true;
  let lines = 0;

  /**
   * The summary's fast path over the lines of `bytes[0, last]` (each ends with "\n", none holds a
   * "\r"): a line the scanner proves becomes a slim event after the seq rule; any other line (the
   * header, a blank, bad JSON, a bad envelope…) is decoded and read by the full parser.
   */
  function scanLines(bytes: Buffer, last: number, events: Envelope[]): void {
    for (let from = 0; from <= last; ) {
      const newline = bytes.indexOf(NEWLINE, from);
      lines += 1;
      const event = parser.header === undefined ? null : scanSummaryEvent(bytes, from, newline);
      if (event !== null) {
        parser.acceptSeq(event.seq, lines);
        events.push(event);
      } else {
        const result = parser.parse(decode(bytes, from, newline), lines, false);
        if (result.type === 'event') events.push(result.event);
      }
      from = newline + 1;
    }
  }

  async function* batches(): AsyncGenerator<readonly Envelope[]> {
    const handle = await open(path, 'r');
    let pending: Read | undefined;
    try {
      // `current` holds `carry` bytes (an unfinished line) followed by the bytes just read.
      let current: Buffer = Buffer.allocUnsafe(chunkBytes);
      let spare: Buffer = Buffer.allocUnsafe(chunkBytes);
      let carry = 0;
      let position = 0;
      pending = readInto(handle, current, 0, position);
      for (;;) {
        const { bytesRead } = await pending;
        pending = undefined;
        if (bytesRead === 0) break;
        position += bytesRead;
        const filled = carry + bytesRead;
        const last = current.subarray(0, filled).lastIndexOf(NEWLINE);
        if (last < 0) {
          // A line longer than the buffer: grow it and read on.
          carry = filled;
          if (carry === current.length) current = grown(current, carry, current.length * 2);
          pending = readInto(handle, current, carry, position);
          continue;
        }
        // Parse `parsing` while the next read fills the other buffer after the carried bytes.
        const parsing = current;
        carry = filled - (last + 1);
        if (spare.length < carry + chunkBytes) spare = Buffer.allocUnsafe(carry + chunkBytes);
        parsing.copy(spare, 0, last + 1, filled);
        current = spare;
        spare = parsing;
        pending = readInto(handle, current, carry, position);

        const events: Envelope[] = [];
        const take = (line: string): void => {
          lines += 1;
          const result = parser.parse(line, lines, false);
          if (result.type === 'event') events.push(result.event);
        };
        try {
          if (summaryOnly && parsing.subarray(0, last + 1).indexOf(CARRIAGE_RETURN) < 0) {
            // The summary's fast path (every log the recorder writes has "\n" line ends only).
            scanLines(parsing, last, events);
          } else {
            forEachLineOfBytes(parsing, 0, last, segmentBytes, take);
          }
        } catch (error) {
          if (events.length > 0) yield events;
          throw error;
        }
        if (events.length > 0) yield events;
      }
      // The end of the file: the bytes after its last "\n" (none when it ends with "\n").
      const tail = tailLines(decode(current, 0, carry));
      const events: Envelope[] = [];
      try {
        tail.forEach((line, index) => {
          lines += 1;
          const result = parser.parse(line, lines, index === tail.length - 1);
          if (result.type === 'event') events.push(result.event);
          else if (result.type === 'torn') warnings.push(result.warning);
        });
      } catch (error) {
        if (events.length > 0) yield events;
        throw error;
      }
      if (events.length > 0) yield events;
      if (parser.header === undefined) throw new LogFormatError(1, 'missing log header: the log is empty');
    } finally {
      // A read may still be running when the consumer stops early (--until) or a line is bad.
      await pending?.catch(() => undefined);
      await handle.close();
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
