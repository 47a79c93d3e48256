/**
 * Batched text frames (docs/protocol.md "Batched frames"): a socket opened with `?frames=batch`
 * gets each burst's events as one `{"op":"events","events":[…]}` text frame of at most
 * MAX_EVENTS_PER_FRAME events or MAX_BATCH_FRAME_BYTES, sent when the burst ends, when the frame
 * is full, or before a control frame (the gateway calls flush first, so frames keep seq order).
 *
 * One frame per burst, not one per socket: every socket on one group topic gets the same events in
 * a burst, so the frame's bytes are built once (TextFrameMemo) and the same Buffer is handed to
 * each socket's ws.send (a server frame is not masked, so ws writes the Buffer as it is). Before,
 * each socket concatenated its own copy: at 1,000 sockets and ~16 bursts/s of ~5 KB that was
 * ~80 MB/s of Buffers allocated, copied and collected, ~18 % of a core in the fan-out bench's server
 * profile (docs/performance.md §2, round p16).
 *
 * The memo keys on the entries themselves: the gateway frames each bus event once (framed) and hands
 * that one entry to every socket, so equal entry objects in the same order are equal bytes. A
 * socket whose batch holds other entries (a resume's, a conflated backlog's) builds its own frame.
 */
import type { WebSocket } from 'ws';
import { EVENTS_OP, MAX_BATCH_FRAME_BYTES, MAX_EVENTS_PER_FRAME } from '../../protocol/ops.ts';
import type { LiveEvent } from './types.ts';
import type { OutboxEntry } from './outbox.ts';

const BATCH_OPEN = Buffer.from(`{"op":"${EVENTS_OP}","events":[`);
const BATCH_COMMA = Buffer.from(',');
const BATCH_CLOSE = Buffer.from(']}');

/** An event as the gateway sends it: the JSON text and, encoded once, its UTF-8 bytes. */
export interface FramedEntry extends OutboxEntry {
  readonly bytes: Buffer;
}

/** Serializes a bus event once (text and UTF-8 bytes), to be shared by every socket that gets it. */
export function framed(event: LiveEvent): FramedEntry {
  const text = JSON.stringify(event);
  return { event, text, bytes: Buffer.from(text) };
}

/** An entry's UTF-8 bytes (encoded now for an entry that came without them). */
export function bytesOf(entry: OutboxEntry): Buffer {
  return (entry as Partial<FramedEntry>).bytes ?? Buffer.from(entry.text);
}

/** The `{"op":"events"}` frame of `entries`; `eventBytes` is the sum of their byte lengths. */
export function eventsFrame(entries: readonly OutboxEntry[], eventBytes: number): Buffer {
  const parts: Buffer[] = [BATCH_OPEN];
  for (let i = 0; i < entries.length; i += 1) {
    if (i > 0) parts.push(BATCH_COMMA);
    parts.push(bytesOf(entries[i] as OutboxEntry));
  }
  parts.push(BATCH_CLOSE);
  return Buffer.concat(parts, BATCH_OPEN.length + eventBytes + Math.max(0, entries.length - 1) + BATCH_CLOSE.length);
}

/** The last frame built, shared by every batched socket of one gateway (the header explains the key). */
export class TextFrameMemo {
  private entries: readonly OutboxEntry[] = [];
  private frame: Buffer | null = null;
  /** Frames built and frames reused (for tests and the bench's reading). */
  built = 0;
  reused = 0;

  frameOf(entries: readonly OutboxEntry[], eventBytes: number): Buffer {
    if (this.frame !== null && sameEntries(entries, this.entries)) {
      this.reused += 1;
      return this.frame;
    }
    this.frame = eventsFrame(entries, eventBytes);
    this.entries = entries;
    this.built += 1;
    return this.frame;
  }
}

function sameEntries(a: readonly OutboxEntry[], b: readonly OutboxEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The events a batched socket holds in the current burst. */
export class TextEventBatch {
  private entries: OutboxEntry[] = [];
  /** Bytes of the events held plus one separator each (the slow-consumer mark and the frame bound). */
  bytes = 0;
  /** Bytes of the events alone (the frame's length). */
  private eventBytes = 0;

  constructor(private readonly memo: TextFrameMemo) {}

  get size(): number {
    return this.entries.length;
  }

  /** Adds an event; returns true when the frame is full and should be sent now. */
  add(entry: OutboxEntry): boolean {
    const length = bytesOf(entry).length;
    this.entries.push(entry);
    this.eventBytes += length;
    this.bytes += length + 1;
    return this.entries.length >= MAX_EVENTS_PER_FRAME || this.bytes >= MAX_BATCH_FRAME_BYTES;
  }

  /** Sends the held events as one text frame (nothing when empty). */
  flush(ws: WebSocket): void {
    if (this.entries.length === 0) return;
    const frame = this.memo.frameOf(this.entries, this.eventBytes);
    this.entries = [];
    this.eventBytes = 0;
    this.bytes = 0;
    ws.send(frame, { binary: false });
  }
}
