/**
 * The binary counterpart of the gateway's EventBatch (docs/protocol.md "Binary frames"): a socket
 * opened with `?frames=bin` gets each burst's events in binary frames (src/protocol/binaryFrames.ts)
 * of at most MAX_EVENTS_PER_FRAME events, sent when the burst ends, when the frame is full, or
 * before a control frame. Control answers (reset, denied, error) stay JSON text frames.
 *
 * Encoding cost: a frame is encoded when it is sent, per socket; sockets that get the same events
 * in a burst (every socket on one group topic) get the same frame, so the last frame encoded is
 * kept with the seqs it holds and reused when the next socket's batch holds exactly those seqs
 * (seq is server-wide unique, so equal seq lists are equal event lists).
 */
import type { WebSocket } from 'ws';
import { encodeBinaryFrame } from '../../protocol/binaryFrames.ts';
import { MAX_BATCH_FRAME_BYTES, MAX_EVENTS_PER_FRAME } from '../../protocol/ops.ts';
import type { LiveEvent } from './types.ts';
import type { OutboxEntry } from './outbox.ts';

/** The last frame encoded, shared by every socket of one gateway. */
export class BinaryFrameMemo {
  private key = '';
  private frame: Uint8Array | null = null;

  frameOf(events: readonly LiveEvent[]): Uint8Array {
    let key = '';
    for (const event of events) key += `${event.seq},`;
    if (this.frame !== null && key === this.key) return this.frame;
    this.frame = encodeBinaryFrame(events);
    this.key = key;
    return this.frame;
  }
}

export class BinaryEventBatch {
  private events: LiveEvent[] = [];
  /** JSON bytes of the events held (an upper bound of their binary size: the slow-consumer mark and the frame bound). */
  bytes = 0;

  constructor(private readonly memo: BinaryFrameMemo) {}

  get size(): number {
    return this.events.length;
  }

  /** Adds an event; returns true when the frame is full and should be sent now. */
  add(entry: OutboxEntry): boolean {
    this.events.push(entry.event);
    this.bytes += entry.text.length + 1;
    return this.events.length >= MAX_EVENTS_PER_FRAME || this.bytes >= MAX_BATCH_FRAME_BYTES;
  }

  /** Sends the held events as one binary frame (nothing when empty). */
  flush(ws: WebSocket): void {
    if (this.events.length === 0) return;
    const frame = this.memo.frameOf(this.events);
    this.events = [];
    this.bytes = 0;
    ws.send(frame, { binary: true });
  }
}
