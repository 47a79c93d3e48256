/**
 * Binary frames, version 2 (docs/protocol.md "Binary frames", version 2; issue 15 item 2): the
 * console's own socket opts in with `?frames=bin2`. Version 1 (`?frames=bin`, binaryFrames.ts) and
 * batched JSON (`?frames=batch`) keep working unchanged. What version 2 changes: the entity id is
 * not in every events frame; each connection has an **id table** (a small integer, the id's *ref*,
 * to the id string), and an events frame carries one u32 ref per event. The table is filled by
 * ids frames, which the server sends on that connection right before the first events frame that
 * uses an id the connection has not been sent yet.
 *
 * Events frame (all numbers little-endian):
 *   offset        size  field
 *   0             1     magic 0x4C ('L')
 *   1             1     version 2
 *   2             1     frame type 0 (events)
 *   3             1     flags: bit 0 = layouts (the layouts column is there); other bits 0
 *   4             4     N, the number of events (u32, 1 … MAX_EVENTS_PER_FRAME)
 *   8             8·N   seq of each event (f64)
 *   8 + 8·N       8·N   ts of each event (f64)
 *   8 + 16·N      8·N   rev of each event (f64)
 *   8 + 24·N      4·N   ref of each event's id (u32: an index in the connection's id table)
 *   8 + 28·N      N     kind of each event (u8: its index in EVENT_KINDS)
 *   8 + 29·N      4·N   only with flag bit 0: the link-layout number of each event (u32; 0: none;
 *                       linkLayouts.ts: within one connection a number > 0 stands for one layout)
 *   then          4·N   only with flag bit 1 (usage columns): the shape column, a u32 per event
 *                       (0: the payload is in the body; n > 0: shape n of the connection's shape
 *                       table, shapesFrames.ts, a usage or a status shape, and the body holds
 *                       null in that event's place)
 *   then          4     only with flag bit 1: V, the number of values (u32)
 *   then          8·V   only with flag bit 1: the values block (f64), per shaped event in event
 *                       order its shape's values (usageShapes.ts's, statusShapes.ts's order)
 *   then          rest  body: one MessagePack value, the array of the N `data` payloads
 *                       (msgpackr records and bundled strings, as version 1's body)
 *
 * Ids frame:
 *   0             1     magic 0x4C
 *   1             1     version 2
 *   2             1     frame type 1 (ids)
 *   3             1     flags: bit 0 = restart (the client empties its table first); other bits 0
 *   4             4     M, the number of ids defined (u32, 0 … MAX_EVENTS_PER_FRAME)
 *   8             4·M   ref of each id (u32, < MAX_WIRE_IDS)
 *   8 + 4·M       rest  body: one MessagePack value, the array of the M id strings
 *
 * Refs are server-wide (WireIdTable), so one events frame is shared by every socket that gets the
 * same burst (the gateway's BinaryFrameMemo); what a socket was sent is tracked per connection
 * (SentIds). The table of a connection starts empty (the first ids frame says restart), and the
 * server restarts it after a `reset` it sends (the snapshot that follows is loaded with a fresh
 * table) and when its own table is full (MAX_WIRE_IDS ids, a new generation).
 *
 * Shapes frame (frame type 2): defines usage shapes for the usage columns; see shapesFrames.ts.
 * A reader without a shape table (ReaderV2.shapes absent) refuses shapes frames and the flag.
 *
 * Why (docs/performance.md §3e): per event, version 1 decodes a fresh id string that the worker
 * then interns and looks up in the model's unit map (two hash lookups of a 10,000-entry table, each
 * a few cache misses); with a ref the worker reads its id table and the record cache in arrays.
 *
 * Validation: a frame is checked whole before anything of it is used: header, counts, column
 * bounds, the body, every ref of an events frame defined in the table. A frame that fails is
 * refused whole with a message naming the field and its byte offset; the stream goes on. A refused
 * ids frame **empties** the table (it may have been a restart: keeping the old ids could apply a
 * later event to the wrong entity), so every events frame after it is refused in turn, each naming
 * the missing ref, until the client reconnects (LiveSession does) and the new connection's table
 * is sent again.
 */
import type { Decoded } from './issueText.ts';
import type { Envelope } from './envelope.ts';
import { decodeEnvelope } from './envelope.ts';
import type { EventKind } from './kinds.ts';
import { EVENT_KINDS } from './kinds.ts';
import { MAX_EVENTS_PER_FRAME } from './ops.ts';
import type { EventColumns } from './binaryFrames.ts';
import { BINARY_FRAME_MAGIC, BINARY_HEADER_BYTES, packFrameBody, unpackFrameBody, writeEventColumns } from './binaryFrames.ts';
import { LinkLayouts } from './linkLayouts.ts';
import { isDataOf } from './payloadGuards.ts';
import type { ConnectionShapes, ShapedValues, ShapeKinds, UsageColumns, WireShape, WireShapeTable } from './shapesFrames.ts';
import { ALL_SHAPE_KINDS, FRAME_TYPE_SHAPES, readShapesFrame, SentShapes, usageColumnsOf } from './shapesFrames.ts';
import { checkStatusValues } from './statusShapes.ts';
import type { UsageShape } from './usageShapes.ts';
import { checkUsageValues, usagePayloadOf } from './usageShapes.ts';

/** The query a client adds to the websocket URL to get version-2 binary frames (`?frames=bin2`). */
export const BINARY_V2_QUERY = 'frames=bin2';
export const BINARY_V2_VERSION = 2;
export const FRAME_TYPE_EVENTS = 0;
export const FRAME_TYPE_IDS = 1;
/** Ids frame flag: the client empties its table before defining this frame's ids. */
export const IDS_RESTART = 1;
/** Events frame flag: the frame has the layouts column (a u32 link-layout number per event, linkLayouts.ts). */
export const EVENTS_LAYOUTS = 1;
/**
 * Events frame flag: the frame has the usage columns (the shape column, the value count and the
 * values block; docs/performance.md §3k): shaped unit.usage events carry no MessagePack payload.
 */
export const EVENTS_USAGE_COLUMNS = 2;
/** The query a client adds (with `frames=bin2`) to be sent usage shapes (`usage=shapes`). */
export const USAGE_SHAPES_QUERY = 'usage=shapes';
/** The query a client adds (with `frames=bin2`) to be sent status shapes (`status=shapes`; statusShapes.ts). */
export const STATUS_SHAPES_QUERY = 'status=shapes';

/** `url` with the usage-shapes query (keeps any query it already has). */
export function withUsageShapes(url: string): string {
  if (/[?&]usage=shapes(&|$)/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${USAGE_SHAPES_QUERY}`;
}

/** `url` with the status-shapes query (keeps any query it already has). */
export function withStatusShapes(url: string): string {
  if (/[?&]status=shapes(&|$)/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${STATUS_SHAPES_QUERY}`;
}
/** Fixed bytes per event in an events frame: seq, ts, rev (f64), ref (u32), kind (u8). */
export const V2_BYTES_PER_EVENT = 29;
/**
 * Refs a table holds at most (2^20): bounds the client's arrays (~8 MB of id pointers and 4 MB of
 * slots at worst) and a connection's sent marks (1 MiB); past it the server starts a new generation.
 */
export const MAX_WIRE_IDS = 1 << 20;

/** `url` with the version-2 binary-frames query (keeps any query it already has). */
export function withBinaryFramesV2(url: string): string {
  if (/[?&]frames=bin2(&|$)/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${BINARY_V2_QUERY}`;
}

/** An event as the encoder needs it (the server's LiveEvent, the protocol's Envelope). */
export interface WireEventV2 {
  readonly seq: number;
  readonly ts: number;
  readonly kind: EventKind;
  readonly id: string;
  readonly rev: number;
  readonly data: unknown;
}

// ---- server side ----------------------------------------------------------------------------

/**
 * The server's refs: id → ref, handed out in order. One per gateway (or per feed), shared by its
 * connections. When full it starts again at 0 with a new generation; every connection then gets a
 * restart before its next events frame (SentIds compares generations).
 */
export class WireIdTable {
  private readonly refs = new Map<string, number>();
  private readonly ids: string[] = [];
  generation = 0;

  /** `capacity`: refs per generation (MAX_WIRE_IDS; the tests make it small to restart often). */
  constructor(private readonly capacity = MAX_WIRE_IDS) {}

  idOf(ref: number): string {
    const id = this.ids[ref];
    if (id === undefined) throw new Error(`WireIdTable: ref ${ref} is not in generation ${this.generation}`);
    return id;
  }

  /** The refs of `events`' ids in the current generation (a full table restarts first, never mid-frame). */
  refsOf(events: readonly { readonly id: string }[]): Uint32Array {
    if (this.ids.length + events.length > this.capacity) {
      const missing = new Set<string>();
      for (const event of events) if (!this.refs.has(event.id)) missing.add(event.id);
      if (this.ids.length + missing.size > this.capacity) {
        if (new Set(events.map((event) => event.id)).size > this.capacity) throw new Error(`WireIdTable: one frame has more distinct ids than the table's ${this.capacity}`);
        this.refs.clear();
        this.ids.length = 0;
        this.generation += 1;
      }
    }
    const refs = new Uint32Array(events.length);
    for (let i = 0; i < events.length; i += 1) {
      const id = (events[i] as { id: string }).id;
      let ref = this.refs.get(id);
      if (ref === undefined) {
        ref = this.ids.length;
        this.refs.set(id, ref);
        this.ids.push(id);
      }
      refs[i] = ref;
    }
    return refs;
  }
}

/** What one connection was sent of a WireIdTable: the ids frame it needs before an events frame. */
export class SentIds {
  /** The table generation the marks are for; -1: nothing sent yet (the next ids frame restarts). */
  private generation = -1;
  private marks = new Uint8Array(0);

  /** The next ids frame restarts the client's table (after a `reset` the server sent). */
  restart(): void {
    this.generation = -1;
  }

  /** The ids frame to send before an events frame with `refs`, or null when the connection has them all. */
  idsFrameFor(table: WireIdTable, refs: Uint32Array): Uint8Array | null {
    let restart = false;
    if (this.generation !== table.generation) {
      restart = true;
      this.generation = table.generation;
      this.marks.fill(0);
    }
    let newRefs: number[] | null = null;
    for (let i = 0; i < refs.length; i += 1) {
      const ref = refs[i] as number;
      if (ref >= this.marks.length) this.grow(ref);
      if (this.marks[ref] === 1) continue;
      this.marks[ref] = 1;
      (newRefs ??= []).push(ref);
    }
    if (newRefs === null && !restart) return null;
    const defined = newRefs ?? [];
    return encodeIdsFrame(defined, defined.map((ref) => table.idOf(ref)), restart);
  }

  private grow(ref: number): void {
    const next = new Uint8Array(Math.min(MAX_WIRE_IDS, Math.max(ref + 1, this.marks.length * 2, 1024)));
    next.set(this.marks);
    this.marks = next;
  }
}

/** An ids frame defining `ids[i]` as ref `refs[i]` (restart: the client empties its table first). */
export function encodeIdsFrame(refs: readonly number[], ids: readonly string[], restart: boolean): Uint8Array {
  if (refs.length !== ids.length || refs.length > MAX_EVENTS_PER_FRAME) {
    throw new Error(`ids frame: ${refs.length} refs and ${ids.length} ids; a frame defines 0 to ${MAX_EVENTS_PER_FRAME}, one id per ref`);
  }
  const body = packFrameBody(ids);
  const fixed = BINARY_HEADER_BYTES + 4 * refs.length;
  const frame = new Uint8Array(fixed + body.byteLength);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  view.setUint8(0, BINARY_FRAME_MAGIC);
  view.setUint8(1, BINARY_V2_VERSION);
  view.setUint8(2, FRAME_TYPE_IDS);
  view.setUint8(3, restart ? IDS_RESTART : 0);
  view.setUint32(4, refs.length, true);
  for (let i = 0; i < refs.length; i += 1) view.setUint32(BINARY_HEADER_BYTES + 4 * i, refs[i] as number, true);
  frame.set(body, fixed);
  return frame;
}

/**
 * An events frame of `events` (1 … MAX_EVENTS_PER_FRAME, in seq order) with their ids' refs and,
 * when given, their link-layout numbers (the layouts column; null: a frame without it).
 */
export function encodeEventsFrameV2(events: readonly WireEventV2[], refs: Uint32Array, layouts: Uint32Array | null = null, usage: UsageColumns | null = null): Uint8Array {
  if (events.length === 0 || events.length > MAX_EVENTS_PER_FRAME || refs.length !== events.length || (layouts !== null && layouts.length !== events.length)) {
    throw new Error(`events frame: ${events.length} events, ${refs.length} refs and ${layouts?.length ?? 'no'} layouts; a frame holds 1 to ${MAX_EVENTS_PER_FRAME} events, one ref (and one layout) each`);
  }
  if (usage !== null && usage.shapes.length !== events.length) throw new Error(`events frame: ${events.length} events and ${usage.shapes.length} shape numbers; one each`);
  const datas = usage === null ? events.map((event) => event.data) : events.map((event, i) => (usage.shapes[i] === 0 ? event.data : null));
  return assembleEventsFrameV2(events.length, (i) => events[i] as WireEventV2, refs, packFrameBody(datas), layouts, usage);
}

/** Bytes of the usage columns in an events frame of `count` events (0 without them). */
function usageColumnsBytes(count: number, usage: UsageColumns | null): number {
  return usage === null ? 0 : 4 * count + 4 + 8 * usage.values.length;
}

/** Writes an events frame's header and columns in front of an encoded body (the bench feed caches bodies). */
export function assembleEventsFrameV2(
  count: number,
  column: (index: number) => EventColumns,
  refs: Uint32Array,
  body: Uint8Array,
  layouts: Uint32Array | null = null,
  usage: UsageColumns | null = null,
): Uint8Array {
  const usageAt = BINARY_HEADER_BYTES + (V2_BYTES_PER_EVENT + (layouts === null ? 0 : 4)) * count;
  const fixed = usageAt + usageColumnsBytes(count, usage);
  const frame = new Uint8Array(fixed + body.byteLength);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  view.setUint8(0, BINARY_FRAME_MAGIC);
  view.setUint8(1, BINARY_V2_VERSION);
  view.setUint8(2, FRAME_TYPE_EVENTS);
  view.setUint8(3, (layouts === null ? 0 : EVENTS_LAYOUTS) | (usage === null ? 0 : EVENTS_USAGE_COLUMNS));
  view.setUint32(4, count, true);
  const refAt = BINARY_HEADER_BYTES + 24 * count;
  for (let i = 0; i < count; i += 1) view.setUint32(refAt + 4 * i, refs[i] as number, true);
  if (layouts !== null) {
    const layoutAt = BINARY_HEADER_BYTES + V2_BYTES_PER_EVENT * count;
    for (let i = 0; i < count; i += 1) view.setUint32(layoutAt + 4 * i, layouts[i] as number, true);
  }
  if (usage !== null) {
    for (let i = 0; i < count; i += 1) view.setUint32(usageAt + 4 * i, usage.shapes[i] as number, true);
    const valuesAt = usageAt + 4 * count + 4;
    view.setUint32(valuesAt - 4, usage.values.length, true);
    for (let v = 0; v < usage.values.length; v += 1) view.setFloat64(valuesAt + 8 * v, usage.values[v] as number, true);
  }
  writeEventColumns(view, count, column, BINARY_HEADER_BYTES + 28 * count, 'events frame');
  frame.set(body, fixed);
  return frame;
}

/**
 * One connection's frames for a list of events, as the gateway sends them: an ids frame when the
 * connection lacks some of their ids, then the events frame. For the tests, the bench and any
 * sender without a shared memo.
 */
export class ConnectionEncoderV2 {
  readonly sent = new SentIds();
  readonly sentShapes = new SentShapes();

  /**
   * `layouts`: the gateway's link-layout numbers (shared like the table), or null for frames
   * without the layouts column (what readers before it accept; the bench's A/B against them).
   * `shapes`: the gateway's shapes for a connection that asked for them (`usage=shapes`,
   * `status=shapes`: `kinds`), or null for frames without the usage columns.
   */
  constructor(
    readonly table: WireIdTable = new WireIdTable(),
    readonly layouts: LinkLayouts | null = new LinkLayouts(),
    readonly shapes: WireShapeTable | null = null,
    readonly kinds: ShapeKinds = ALL_SHAPE_KINDS,
  ) {}

  frames(events: readonly WireEventV2[]): Uint8Array[] {
    const refs = this.table.refsOf(events);
    const out: Uint8Array[] = [];
    const ids = this.sent.idsFrameFor(this.table, refs);
    if (ids !== null) out.push(ids);
    const usage = this.shapes === null ? null : usageColumnsOf(this.shapes, events, this.kinds);
    const shapesFrame = usage === null || this.shapes === null ? null : this.sentShapes.shapesFrameFor(this.shapes, usage.shapes);
    if (shapesFrame !== null) out.push(shapesFrame);
    out.push(encodeEventsFrameV2(events, refs, this.layouts?.columnOf(events, refs) ?? null, usage));
    return out;
  }
}

// ---- client side ----------------------------------------------------------------------------

/**
 * A connection's id table as the client keeps it: ref → id string (undefined: not defined). It
 * holds non-empty strings only (define and remap refuse anything else), so an event's id read from
 * it needs no check of its own (headFits).
 */
export class ConnectionIds {
  private ids: (string | undefined)[] = [];
  /** Defined refs (the table's size for the stats and tests). */
  size = 0;

  get(ref: number): string | undefined {
    return this.ids[ref];
  }

  /** A new connection (or an ids frame's restart): the table starts empty. */
  clear(): void {
    this.ids = [];
    this.size = 0;
  }

  define(ref: number, id: string): void {
    assertWireId(id, ref);
    while (this.ids.length <= ref) this.ids.push(undefined);
    if (this.ids[ref] === undefined) this.size += 1;
    this.ids[ref] = id;
  }

  /** Replaces every id with `map(id)` (the session's interned string after a snapshot load). */
  remap(map: (id: string) => string): void {
    for (let ref = 0; ref < this.ids.length; ref += 1) {
      const id = this.ids[ref];
      if (id === undefined) continue;
      const mapped = map(id);
      assertWireId(mapped, ref);
      this.ids[ref] = mapped;
    }
  }
}

/** The table's one invariant; a breach is the caller's bug (readIds refuses such ids with a reason first). */
function assertWireId(id: unknown, ref: number): void {
  if (typeof id !== 'string' || id === '') throw new Error(`id table: ref ${ref} given ${JSON.stringify(id) ?? String(id)}, expected a non-empty string`);
}

/**
 * isEnvelopeHead for an event read from a frame's columns, from what the reader just read:
 * seq, ts and rev are f64s (numbers by construction, so only their integer ranges are left to
 * check), the kind is EVENT_KINDS' own string or undefined for a byte past it, and the id comes from
 * the connection's table, which holds non-empty strings only. Same verdict as isEnvelopeHead(cursor)
 * (binaryFramesV2.test.ts checks both on damaged frames); why: that guard re-read each field of the
 * reused cursor through property loads and a Set lookup of the kind, ~4 % of the worker's busy time
 * at 60,000 events/s in Chromium (docs/performance.md §3n).
 */
function headFits(seq: number, ts: number, rev: number, kind: EventKind | undefined): boolean {
  return kind !== undefined && Number.isSafeInteger(seq) && seq >= 0 && Number.isSafeInteger(ts) && ts >= 0 && Number.isSafeInteger(rev) && rev >= 1;
}

/** What one version-2 frame was: an ids frame (M ids defined) or an events frame (N events). */
export type ReadV2 =
  | { readonly type: 'ids'; readonly count: number; readonly restart: boolean }
  | { readonly type: 'shapes'; readonly count: number; readonly restart: boolean }
  | { readonly type: 'events'; readonly count: number };

/** The envelope every event of a frame is read into, one after the other (never kept by the reader). */
type Cursor = { seq: number; ts: number; kind: string | undefined; id: unknown; rev: number; data: unknown };

/** True when the bytes are a version-2 binary frame (magic and version bytes). */
export function isBinaryFrameV2(bytes: Uint8Array): boolean {
  return bytes.byteLength > 1 && bytes[0] === BINARY_FRAME_MAGIC && bytes[1] === BINARY_V2_VERSION;
}

/**
 * Reads one version-2 frame. An ids frame defines its ids in the reader's table (`intern` gives the
 * string to keep for each: the session's own, so the model's keys compare by identity). An events
 * frame hands each valid event to `visit` through ONE reused envelope with its ref (the caller
 * copies what it keeps); an invalid event goes to `bad` with its index and seq. A frame that fails
 * a check is refused whole (nothing defined, nothing visited) and the reason names the field and
 * its byte offset.
 */
export interface ReaderV2 {
  readonly table: ConnectionIds;
  /** The connection's shapes (shapesFrames.ts: usage and status); absent: shapes frames and the usage columns are refused. */
  readonly shapes?: ConnectionShapes;
  /**
   * Each valid event of an events frame, through one reused envelope, with its id's ref and its
   * link-layout number (0: none, or a frame without the layouts column).
   */
  visit(event: Envelope, ref: number, layout: number): void;
  /**
   * Each valid shaped usage event (usage columns), when given: through the same reused envelope,
   * whose `data` is then null, and one reused ShapedValues (the payload is never built). Absent:
   * shaped events go to `visit` with their payload built from shape and values.
   */
  shaped?(event: Envelope, ref: number, layout: number, usage: ShapedValues): void;
  /** Each invalid event of an events frame (index, seq, field); its neighbours are visited. */
  bad(reason: string): void;
  /** The string to keep for each id an ids frame defines (default: the decoded one). */
  intern?(id: string): string;
  /**
   * The table no longer matches the server's: an ids frame was refused (and the table emptied),
   * or an events frame used a ref the table lacks. Only a new connection sends the ids again.
   */
  tableLost?(): void;
}

export function readBinaryFrameV2(bytes: Uint8Array, reader: ReaderV2): Decoded<ReadV2> {
  const { table, visit, bad } = reader;
  const intern = reader.intern ?? ((id: string) => id);
  const fail = (error: string): Decoded<ReadV2> => ({ ok: false, error: `binary frame v2: ${error}` });
  if (bytes.byteLength < BINARY_HEADER_BYTES) return fail(`${bytes.byteLength} bytes, shorter than the ${BINARY_HEADER_BYTES}-byte header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint8(0);
  if (magic !== BINARY_FRAME_MAGIC) return fail(`byte 0 (magic) is 0x${magic.toString(16)}, expected 0x4c ('L')`);
  const version = view.getUint8(1);
  if (version !== BINARY_V2_VERSION) return fail(`byte 1 (version) is ${version}, expected ${BINARY_V2_VERSION}`);
  const type = view.getUint8(2);
  const flags = view.getUint8(3);
  const count = view.getUint32(4, true);
  if (type === FRAME_TYPE_IDS) return readIds(bytes, view, flags, count, table, intern, (error) => {
    reader.tableLost?.();
    return fail(error);
  });
  const shapes = reader.shapes;
  if (type === FRAME_TYPE_SHAPES) {
    if (shapes === undefined) return fail('a shapes frame (type 2), but this connection did not ask for usage shapes');
    const read = readShapesFrame(bytes, view, flags, count, shapes);
    if (!read.ok) {
      reader.tableLost?.();
      return fail(read.error);
    }
    return { ok: true, value: { type: 'shapes', ...read.value } };
  }
  if (type !== FRAME_TYPE_EVENTS) return fail(`byte 2 (frame type) is ${type}, expected 0 (events), 1 (ids) or 2 (shapes)`);
  const knownFlags = EVENTS_LAYOUTS | (shapes === undefined ? 0 : EVENTS_USAGE_COLUMNS);
  if ((flags & ~knownFlags) !== 0) {
    return fail(`byte 3 (flags) is ${flags} in an events frame, expected 0 or ${EVENTS_LAYOUTS} (layouts)${shapes === undefined ? '' : ` with ${EVENTS_USAGE_COLUMNS} (usage columns)`}`);
  }
  if (count < 1 || count > MAX_EVENTS_PER_FRAME) return fail(`bytes 4–7 (count) are ${count}, expected 1 to ${MAX_EVENTS_PER_FRAME} events`);
  const hasLayouts = (flags & EVENTS_LAYOUTS) !== 0;
  const layoutAt = BINARY_HEADER_BYTES + V2_BYTES_PER_EVENT * count;
  const usageAt = layoutAt + (hasLayouts ? 4 * count : 0);
  let fixed = usageAt;
  let usage: ReadUsage | null = null;
  if ((flags & EVENTS_USAGE_COLUMNS) !== 0) {
    const read = readUsageColumns(bytes, view, count, usageAt, shapes as ConnectionShapes);
    if (typeof read === 'string') {
      if (!read.startsWith(LOST)) return fail(read);
      reader.tableLost?.();
      return fail(read.slice(LOST.length));
    }
    usage = read;
    fixed = read.end;
  }
  if (bytes.byteLength <= fixed) return fail(`events frame of ${bytes.byteLength} bytes, too short for ${count} events (the columns end at byte ${fixed}, then the body)`);
  const refAt = BINARY_HEADER_BYTES + 24 * count;
  // Every ref must be defined before any event is handed over: a frame is applied whole or not at all.
  for (let i = 0; i < count; i += 1) {
    const ref = view.getUint32(refAt + 4 * i, true);
    if (table.get(ref) === undefined) {
      reader.tableLost?.();
      const seq = view.getFloat64(BINARY_HEADER_BYTES + 8 * i, true);
      return fail(`events[${i}] (seq ${seq}): ref ${ref} at byte ${refAt + 4 * i} is not in the connection's id table (${table.size} ids; an ids frame is missing or was refused)`);
    }
  }
  const datas = unpackArrayBody(bytes, fixed, count, 'payloads');
  if (typeof datas === 'string') return fail(datas);
  if (usage !== null) {
    const wrong = checkShapedEvents(view, count, usage, datas);
    if (wrong !== null) return fail(wrong);
  }
  const tsAt = BINARY_HEADER_BYTES + 8 * count;
  const revAt = BINARY_HEADER_BYTES + 16 * count;
  const kindAt = BINARY_HEADER_BYTES + 28 * count;
  const cursor: Cursor = { seq: 0, ts: 0, kind: undefined, id: undefined, rev: 0, data: undefined };
  const shapedTo = usage === null ? undefined : reader.shaped?.bind(reader);
  // One object for every shaped event of the frame (the sink copies the values); its shape is set per event.
  const shapedUsage: ShapedValues = { shape: undefined as unknown as UsageShape, values: usage === null ? EMPTY_VALUES : usage.values, at: 0 };
  for (let i = 0; i < count; i += 1) {
    const ref = view.getUint32(refAt + 4 * i, true);
    const seq = view.getFloat64(BINARY_HEADER_BYTES + 8 * i, true);
    const ts = view.getFloat64(tsAt + 8 * i, true);
    const rev = view.getFloat64(revAt + 8 * i, true);
    const kind = EVENT_KINDS[view.getUint8(kindAt + i)];
    cursor.seq = seq;
    cursor.ts = ts;
    cursor.rev = rev;
    cursor.kind = kind;
    cursor.id = table.get(ref);
    const head = headFits(seq, ts, rev, kind);
    const shape = usage === null ? undefined : usage.shapeOf[i];
    if (shape !== undefined && shape.kind === 'unit.status') {
      // A shaped status event: its template passed the status guard once when defined and its
      // values were checked above (checkShapedEvents); the payload shares its number-free parts.
      cursor.data = shape.payloadOf((usage as ReadUsage).values, (usage as ReadUsage).valueAt[i] as number);
      if (head) {
        visit(cursor as Envelope, ref, hasLayouts ? view.getUint32(layoutAt + 4 * i, true) : 0);
        continue;
      }
    } else if (shape !== undefined) {
      // A shaped usage event: its shape passed the usage guard once when defined and its values
      // were checked above (checkShapedEvents), so only the envelope's other fields are checked.
      const at = (usage as ReadUsage).valueAt[i] as number;
      const values = (usage as ReadUsage).values;
      const layout = hasLayouts ? view.getUint32(layoutAt + 4 * i, true) : 0;
      if (shapedTo !== undefined) {
        cursor.data = null;
        if (head) {
          shapedUsage.shape = shape;
          shapedUsage.at = at;
          shapedTo(cursor as Envelope, ref, layout, shapedUsage);
          continue;
        }
      }
      cursor.data = usagePayloadOf(shape, values, at);
      if (head) {
        visit(cursor as Envelope, ref, layout);
        continue;
      }
    } else {
      const data = datas[i];
      cursor.data = data;
      if (head && isDataOf(kind as EventKind, data)) {
        visit(cursor as Envelope, ref, hasLayouts ? view.getUint32(layoutAt + 4 * i, true) : 0);
        continue;
      }
    }
    // Rare: name the bad field as the text path would (decodeEnvelope's messages).
    const kindByte = view.getUint8(kindAt + i);
    const decoded = decodeEnvelope({ ...cursor, kind: cursor.kind ?? `#${kindByte}` });
    const reason = decoded.ok ? 'invalid event' : decoded.error;
    bad(`events[${i}] (seq ${cursor.seq}): ${cursor.kind === undefined ? `kind byte ${kindByte} at byte ${kindAt + i} is not an event kind; ` : ''}${reason}`);
  }
  return { ok: true, value: { type: 'events', count } };
}

/** The usage columns of an events frame, read and bounds-checked. */
interface ReadUsage {
  /** Per event: its shape, or undefined when its payload is in the body. */
  readonly shapeOf: (WireShape | undefined)[];
  /** Per event: where its values start in `values` (shaped events only). */
  readonly valueAt: Uint32Array;
  /** Valid until the next frame is read (f64Block's reused buffer). */
  readonly values: Float64Array;
  /** The byte after the values block: where the body starts. */
  readonly end: number;
}

const EMPTY_VALUES = new Float64Array(0);

/** Errors that mean the shape table no longer matches the server's (a reconnect sends it again). */
const LOST = 'shape lost: ';

/**
 * The shape column, value count and values block from byte `at` on; the reason naming what is
 * wrong when they run past the frame, use a shape the table lacks, or do not add up.
 */
function readUsageColumns(bytes: Uint8Array, view: DataView, count: number, at: number, shapes: ConnectionShapes): ReadUsage | string {
  const countAt = at + 4 * count;
  if (bytes.byteLength < countAt + 4) return `usage columns: the shape column and value count end at byte ${countAt + 4}, past the frame's ${bytes.byteLength} bytes`;
  const valueCount = view.getUint32(countAt, true);
  const valuesAt = countAt + 4;
  const end = valuesAt + 8 * valueCount;
  if (bytes.byteLength < end) return `usage columns: ${valueCount} values (bytes ${valuesAt}–${end - 1}) run past the frame's ${bytes.byteLength} bytes`;
  const shapeOf: (WireShape | undefined)[] = new Array<WireShape | undefined>(count);
  const valueAt = new Uint32Array(count);
  let next = 0;
  for (let i = 0; i < count; i += 1) {
    const number = view.getUint32(at + 4 * i, true);
    if (number === 0) continue;
    const shape = shapes.get(number);
    if (shape === undefined) return `${LOST}events[${i}]: shape ${number} at byte ${at + 4 * i} is not in the connection's shape table (${shapes.size} shapes; a shapes frame is missing or was refused)`;
    shapeOf[i] = shape;
    valueAt[i] = next;
    next += shape.valueCount;
  }
  if (next !== valueCount) return `usage columns: bytes ${countAt}–${countAt + 3} (value count) are ${valueCount}, but the shaped events' shapes hold ${next} values`;
  return { shapeOf, valueAt, values: f64Block(bytes, view, valuesAt, valueCount), end };
}

/** True on a little-endian machine, where a Float64Array reads the wire's f64s as they are. */
const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The values block of the frame being read, reused from frame to frame (grown by doubling; 32 KiB
 * at first). Why not a buffer per frame: in Chromium's worker at 60,000 events/s the new buffer of
 * each frame (~50-200 KiB, zero-filled by the allocator, then counted as external memory by the
 * GC) was 6 % of the worker's self time, three quarters of it the allocation (docs/performance.md
 * §3o). Safe because a frame is read in one synchronous call and nothing keeps the values past it:
 * the shaped sink copies them (ShapedValues), the other paths build the payload object at once.
 */
let valuesScratch = new Float64Array(4_096);

/**
 * `count` little-endian f64s from byte `at` on, as a Float64Array valid until the next frame is
 * read: one native copy of the bytes (a frame's values block is rarely 8-byte aligned in its
 * buffer) rather than a DataView read per value, which was ~2 % of the worker at 60,000 events/s in
 * Chromium (§3n).
 */
function f64Block(bytes: Uint8Array, view: DataView, at: number, count: number): Float64Array {
  if (valuesScratch.length < count) valuesScratch = new Float64Array(Math.max(count, 2 * valuesScratch.length));
  const values = valuesScratch.subarray(0, count);
  if (HOST_LITTLE_ENDIAN) new Uint8Array(values.buffer, 0, 8 * count).set(bytes.subarray(at, at + 8 * count));
  else for (let v = 0; v < count; v += 1) values[v] = view.getFloat64(at + 8 * v, true);
  return values;
}

/** Every shaped event: its shape's kind, null in the body, values as the guard would accept them; else the reason. */
function checkShapedEvents(view: DataView, count: number, usage: ReadUsage, datas: unknown[]): string | null {
  const kindAt = BINARY_HEADER_BYTES + 28 * count;
  for (let i = 0; i < count; i += 1) {
    const shape = usage.shapeOf[i];
    if (shape === undefined) continue;
    const kind = EVENT_KINDS[view.getUint8(kindAt + i)];
    const noun = shape.kind === 'unit.status' ? 'a status shape' : 'a usage shape';
    if (kind !== shape.kind) return `events[${i}] has ${noun} but its kind is ${kind ?? `byte ${view.getUint8(kindAt + i)}`}, not ${shape.kind}`;
    if (datas[i] !== null) return `events[${i}] has ${noun}, so its body entry must be null`;
    const at = usage.valueAt[i] as number;
    const wrong = shape.kind === 'unit.status' ? checkStatusValues(shape, usage.values, at) : checkUsageValues(shape, usage.values, at);
    if (wrong !== null) return `events[${i}] (seq ${view.getFloat64(BINARY_HEADER_BYTES + 8 * i, true)}): ${wrong}`;
  }
  return null;
}

/**
 * A frame's MessagePack body from byte `fixed` on: an array of exactly `count` values (both frame
 * types' bodies), or the error naming what is wrong with it (`noun`: what the values are).
 */
function unpackArrayBody(bytes: Uint8Array, fixed: number, count: number, noun: string): unknown[] | string {
  let body: unknown;
  try {
    body = unpackFrameBody(bytes.subarray(fixed));
  } catch (error) {
    return `body at byte ${fixed} is not valid MessagePack (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!Array.isArray(body) || body.length !== count) return `body at byte ${fixed} must be an array of ${count} ${noun}`;
  return body;
}

function readIds(
  bytes: Uint8Array,
  view: DataView,
  flags: number,
  count: number,
  table: ConnectionIds,
  intern: (id: string) => string,
  refuse: (error: string) => Decoded<ReadV2>,
): Decoded<ReadV2> {
  const fail = (error: string): Decoded<ReadV2> => {
    table.clear(); // see the header: a refused ids frame must not leave ids the server may have replaced
    return refuse(`ids frame refused, the id table is emptied: ${error}`);
  };
  if ((flags & ~IDS_RESTART) !== 0) return fail(`byte 3 (flags) is ${flags} in an ids frame, expected 0 or ${IDS_RESTART} (restart)`);
  if (count > MAX_EVENTS_PER_FRAME) return fail(`bytes 4–7 (count) are ${count}, expected 0 to ${MAX_EVENTS_PER_FRAME} ids`);
  const fixed = BINARY_HEADER_BYTES + 4 * count;
  if (bytes.byteLength <= fixed) return fail(`ids frame of ${bytes.byteLength} bytes, too short for ${count} ids (the refs end at byte ${fixed}, then the body)`);
  for (let i = 0; i < count; i += 1) {
    const ref = view.getUint32(BINARY_HEADER_BYTES + 4 * i, true);
    if (ref >= MAX_WIRE_IDS) return fail(`ids[${i}]: ref ${ref} at byte ${BINARY_HEADER_BYTES + 4 * i} is not below ${MAX_WIRE_IDS}`);
  }
  const ids = unpackArrayBody(bytes, fixed, count, 'ids');
  if (typeof ids === 'string') return fail(ids);
  for (let i = 0; i < count; i += 1) {
    const id: unknown = ids[i];
    if (typeof id !== 'string' || id.length === 0) return fail(`ids[${i}] in the body at byte ${fixed} is ${JSON.stringify(id) ?? String(id)}, expected a non-empty string`);
  }
  const restart = (flags & IDS_RESTART) !== 0;
  if (restart) table.clear();
  for (let i = 0; i < count; i += 1) table.define(view.getUint32(BINARY_HEADER_BYTES + 4 * i, true), intern(ids[i] as string));
  return { ok: true, value: { type: 'ids', count, restart } };
}
