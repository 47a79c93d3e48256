/**
 * The binary counterpart of the gateway's EventBatch (docs/protocol.md "Binary frames"): a socket
 * opened with `?frames=bin` (version 1) or `?frames=bin2` (version 2: ids once per connection) gets each burst's events in binary frames (src/protocol/binaryFrames.ts)
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
import { encodeEventsFrameV2, SentIds, WireIdTable } from '../../protocol/binaryFramesV2.ts';
import { LinkLayouts } from '../../protocol/linkLayouts.ts';
import type { ShapeKinds } from '../../protocol/shapesFrames.ts';
import { SentShapes, shapeKindsKey, WireShapeTable, usageColumnsOf } from '../../protocol/shapesFrames.ts';
import { MAX_BATCH_FRAME_BYTES, MAX_EVENTS_PER_FRAME } from '../../protocol/ops.ts';
import type { LiveEvent } from './types.ts';
import type { OutboxEntry } from './outbox.ts';

function seqKey(events: readonly LiveEvent[]): string {
  let key = '';
  for (const event of events) key += `${event.seq},`;
  return key;
}

/**
 * The last frame encoded per version, shared by every socket of one gateway. Version 2's refs are
 * the gateway's (one WireIdTable), so its events frame is the same for every socket; what differs
 * per socket is the ids frame before it (SentIds).
 */
export class BinaryFrameMemo {
  private key = '';
  private frame: Uint8Array | null = null;
  readonly ids = new WireIdTable();
  /** The link-layout number of each usage event (the events frame's layouts column; linkLayouts.ts). */
  readonly layouts = new LinkLayouts();
  private keyV2 = '';
  private generationV2 = -1;
  private frameV2: { frame: Uint8Array; refs: Uint32Array } | null = null;
  /** The gateway's shapes (src/protocol/shapesFrames.ts), for sockets that asked with `usage=shapes` or `status=shapes`. */
  readonly shapes = new WireShapeTable();
  /** The last shaped frame per set of kinds asked for (usage, status, both: the key of shapeKindsKey). */
  private readonly shaped = new Map<string, { key: string; generation: number; frame: ShapedFrame }>();

  frameOf(events: readonly LiveEvent[]): Uint8Array {
    const key = seqKey(events);
    if (this.frame !== null && key === this.key) return this.frame;
    this.frame = encodeBinaryFrame(events);
    this.key = key;
    return this.frame;
  }

  /** The version-2 events frame of `events` (with the layouts column) and their refs in the gateway's id table. */
  frameV2Of(events: readonly LiveEvent[]): { frame: Uint8Array; refs: Uint32Array } {
    const key = seqKey(events);
    if (this.frameV2 !== null && key === this.keyV2 && this.generationV2 === this.ids.generation) return this.frameV2;
    const refs = this.ids.refsOf(events);
    this.frameV2 = { frame: encodeEventsFrameV2(events, refs, this.layouts.columnOf(events, refs)), refs };
    this.keyV2 = key;
    this.generationV2 = this.ids.generation;
    return this.frameV2;
  }

  /**
   * The version-2 events frame of `events` with the usage columns (when any event has a shape of
   * `kinds`) and its shape column (null: no event shaped, the frame is frameV2Of's): for sockets that
   * asked for shapes. Kept apart per set of kinds, so the sockets of each set share their own frame.
   */
  frameShapedOf(events: readonly LiveEvent[], kinds: ShapeKinds): ShapedFrame {
    const key = seqKey(events);
    const kindsKey = shapeKindsKey(kinds);
    const last = this.shaped.get(kindsKey);
    if (last !== undefined && key === last.key && last.generation === this.ids.generation) return last.frame;
    const refs = this.ids.refsOf(events);
    const usage = usageColumnsOf(this.shapes, events, kinds);
    const frame = { frame: encodeEventsFrameV2(events, refs, this.layouts.columnOf(events, refs), usage), refs, shapes: usage?.shapes ?? null };
    this.shaped.set(kindsKey, { key, generation: this.ids.generation, frame });
    return frame;
  }
}

/** A shaped events frame, its refs and its shape column (null: no event shaped). */
interface ShapedFrame {
  readonly frame: Uint8Array;
  readonly refs: Uint32Array;
  readonly shapes: Uint32Array | null;
}


export class BinaryEventBatch {
  private events: LiveEvent[] = [];
  /** JSON bytes of the events held (an upper bound of their binary size: the slow-consumer mark and the frame bound). */
  bytes = 0;
  /** Version 2 (`?frames=bin2`): the ids this connection was sent; null on version 1. */
  private readonly sent: SentIds | null;
  /** Version 2 with shapes (`&usage=shapes`, `&status=shapes`): the shapes this connection was sent; null otherwise. */
  private readonly sentShapes: SentShapes | null;

  /** `shapeKinds`: the shapes a version-2 socket asked for (none: frames without the usage columns). */
  constructor(
    private readonly memo: BinaryFrameMemo,
    version: 1 | 2 = 1,
    private readonly shapeKinds: ShapeKinds = { usage: false, status: false },
  ) {
    this.sent = version === 2 ? new SentIds() : null;
    this.sentShapes = version === 2 && (shapeKinds.usage || shapeKinds.status) ? new SentShapes() : null;
  }

  /** A reset was sent: on version 2 the next ids frame restarts the client's table (the snapshot's fresh start). */
  restartIds(): void {
    this.sent?.restart();
  }

  get size(): number {
    return this.events.length;
  }

  /** Adds an event; returns true when the frame is full and should be sent now. */
  add(entry: OutboxEntry): boolean {
    this.events.push(entry.event);
    this.bytes += entry.text.length + 1;
    return this.events.length >= MAX_EVENTS_PER_FRAME || this.bytes >= MAX_BATCH_FRAME_BYTES;
  }

  /** Sends the held events as one binary frame (nothing when empty); on version 2 the ids frame the socket lacks goes first. */
  flush(ws: WebSocket): void {
    if (this.events.length === 0) return;
    if (this.sent === null) {
      ws.send(this.memo.frameOf(this.events), { binary: true });
    } else if (this.sentShapes === null) {
      const { frame, refs } = this.memo.frameV2Of(this.events);
      const ids = this.sent.idsFrameFor(this.memo.ids, refs);
      if (ids !== null) ws.send(ids, { binary: true });
      ws.send(frame, { binary: true });
    } else {
      const { frame, refs, shapes } = this.memo.frameShapedOf(this.events, this.shapeKinds);
      const ids = this.sent.idsFrameFor(this.memo.ids, refs);
      if (ids !== null) ws.send(ids, { binary: true });
      const shapesFrame = shapes === null ? null : this.sentShapes.shapesFrameFor(this.memo.shapes, shapes);
      if (shapesFrame !== null) ws.send(shapesFrame, { binary: true });
      ws.send(frame, { binary: true });
    }
    this.events = [];
    this.bytes = 0;
  }
}
