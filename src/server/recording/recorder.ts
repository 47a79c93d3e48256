/**
 * LUC_RECORD=FILE: appends every bus event to an NDJSON log in the protocol's format
 * (protocol.md "Recorded event logs"): line 1 the header, then one envelope per line in seq order.
 *
 * - A new or empty file gets the header; an existing log is appended to after its header is
 *   checked (another format or version is refused with an error naming line 1).
 * - A torn last line (a crash mid-write) is closed with a newline before appending, so the next
 *   event starts on a line of its own; the torn line stays for the replayer to report.
 * - At start, the current fleet is written as unit.added lines (seq = the bus's last seq, rev = the
 *   unit's current rev), so the log is self-contained.
 * - Lines are buffered and written with one synchronous append every flushIntervalMs (≤ 1 s), when
 *   the buffer passes FLUSH_AT_BYTES, and at stop(). Whole lines only, never a rewrite: a crash loses
 *   at most the last second and leaves at most a torn last line.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import type { LiveBus } from '../live/bus.ts';
import type { LiveEvent } from '../live/types.ts';

export const LOG_FORMAT = 'luc-fleet-log';
export const LOG_VERSION = 1;
/** Buffered lines are written at least this often (ms). */
export const FLUSH_INTERVAL_MS = 1_000;
/** …or as soon as this many bytes wait (4 MiB: ~1/4 s at 100,000 events/s). */
export const FLUSH_AT_BYTES = 4 * 1024 * 1024;
/** How much of line 1 is read to check the header of an existing log. */
const HEADER_PROBE_BYTES = 4096;

export interface RecorderOptions {
  bus: LiveBus;
  file: string;
  /** unit.added payloads of the current fleet, written first ({ id, data }). */
  snapshot?: () => Iterable<{ id: string; data: unknown }>;
  flushIntervalMs?: number;
  /** ms since the epoch, for recordedAt and the snapshot lines; default Date.now. */
  now?: () => number;
  /** Told when a write fails; recording stops. */
  onError?: (error: unknown) => void;
}

export interface Recorder {
  /** Writes what is buffered now. */
  flush(): void;
  /** Flushes, unsubscribes from the bus and closes the file. */
  stop(): void;
  /** Events written or buffered so far (snapshot lines included). */
  count(): number;
}

export function headerLine(recordedAt: Date): string {
  return JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, recordedAt: recordedAt.toISOString() });
}

/** Checks line 1 of an existing, non-empty log; throws naming the line when it is not our header. */
function checkHeader(fd: number, file: string, size: number): void {
  const probe = Buffer.alloc(Math.min(size, HEADER_PROBE_BYTES));
  readSync(fd, probe, 0, probe.length, 0);
  const text = probe.toString('utf8');
  const end = text.indexOf('\n');
  const first = end === -1 ? text : text.slice(0, end);
  let header: unknown;
  try {
    header = JSON.parse(first);
  } catch {
    throw new Error(`${file}: line 1 is not a ${LOG_FORMAT} header; refusing to append to another file`);
  }
  const record = header as Record<string, unknown> | null;
  if (record === null || typeof record !== 'object' || record['format'] !== LOG_FORMAT) {
    throw new Error(`${file}: line 1 is not a ${LOG_FORMAT} header; refusing to append to another file`);
  }
  if (record['version'] !== LOG_VERSION) {
    throw new Error(`${file}: line 1 has version ${String(record['version'])}, this server writes version ${LOG_VERSION}`);
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

export function startRecorder(opts: RecorderOptions): Recorder {
  const now = opts.now ?? Date.now;
  const fd = openSync(opts.file, 'a+');
  let pending: string[] = [];
  let pendingBytes = 0;
  let written = 0;
  let closed = false;

  try {
    const size = fstatSync(fd).size;
    if (size === 0) {
      pending.push(headerLine(new Date(now())));
    } else {
      checkHeader(fd, opts.file, size);
      // A torn last line: close it so our first line starts on a line of its own.
      if (!endsWithNewline(fd, size)) pending.push('');
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }

  function add(line: string): void {
    pending.push(line);
    pendingBytes += line.length + 1;
    written += 1;
    if (pendingBytes >= FLUSH_AT_BYTES) flush();
  }

  function flush(): void {
    if (closed || pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    pendingBytes = 0;
    try {
      writeSync(fd, chunk);
    } catch (error) {
      stop();
      opts.onError?.(error);
    }
  }

  // Snapshot lines take the seqs just below the next live event (lastSeq - n + 1 … lastSeq), so the
  // log's seq strictly increases as protocol.md requires; the bus starts seq at µs since the epoch,
  // so there is room below it.
  const snapshot = [...(opts.snapshot?.() ?? [])];
  const firstSnapshotSeq = opts.bus.lastSeq() - snapshot.length + 1;
  const ts = now();
  snapshot.forEach(({ id, data }, index) => {
    const event: LiveEvent = { seq: firstSnapshotSeq + index, ts, kind: 'unit.added', id, rev: Math.max(1, opts.bus.revOf(id)), data }; // rev ≥ 1 on the wire
    add(JSON.stringify(event));
  });
  const unsubscribe = opts.bus.subscribe((event) => add(JSON.stringify(event)));
  const timer = setInterval(flush, opts.flushIntervalMs ?? FLUSH_INTERVAL_MS);
  timer.unref();
  flush();

  function stop(): void {
    if (closed) return;
    clearInterval(timer);
    unsubscribe();
    const chunk = pending.length === 0 ? '' : `${pending.join('\n')}\n`;
    pending = [];
    closed = true;
    try {
      if (chunk !== '') writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
  }

  return { flush, stop, count: () => written };
}
