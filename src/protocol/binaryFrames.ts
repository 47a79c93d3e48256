/**
 * Binary event frames (docs/protocol.md "Binary frames", issue 15 item 1): the console's own
 * socket opts in with `?frames=bin`; every other client, and every recorded log, keeps the text
 * frames of protocol.md. One binary frame carries the events of one server burst, in seq order,
 * exactly the envelopes a batched text frame would carry:
 *
 *   offset        size  field
 *   0             1     magic 0x4C ('L')
 *   1             1     version 1
 *   2             2     reserved, 0
 *   4             4     N, the number of events (u32 LE, 1 … MAX_EVENTS_PER_FRAME)
 *   8             8·N   seq of each event (f64 LE, a safe integer)
 *   8 + 8·N       8·N   ts of each event (f64 LE)
 *   8 + 16·N      8·N   rev of each event (f64 LE)
 *   8 + 24·N      N     kind of each event (u8: its index in EVENT_KINDS)
 *   8 + 25·N      rest  body: one MessagePack value, [ids, datas] (two arrays of N: the entity id
 *                       string and the `data` payload of each event), written by msgpackr with
 *                       record structures (`useRecords`, defined inline in each frame, none shared
 *                       between frames) and `bundleStrings`.
 *
 * Why this shape (docs/performance.md "Binary frames"): the envelope's numbers are fixed-width
 * columns read in place with a DataView, so the worker builds no envelope object per event (one
 * reused cursor visits every event); the payloads, whose repeated shapes dominate the bytes, are
 * records (each shape's keys written once per frame) with the frame's strings bundled, so the
 * browser decodes them in one pass, several times faster than JSON.parse of the same events.
 *
 * Validation: the frame is checked whole (magic, version, N, column lengths, the body's shape)
 * before any event is handed over, so a malformed frame is refused whole with a message naming
 * what is wrong and the model is untouched; then each event passes the envelope guard the text
 * path uses (isEnvelope), and a bad one is reported by its index and seq, its neighbours kept.
 */
import { Packr, Unpackr } from 'msgpackr';
import type { Decoded } from './issueText.ts';
import type { Envelope } from './envelope.ts';
import { decodeEnvelope, isEnvelope } from './envelope.ts';
import type { EventKind } from './kinds.ts';
import { EVENT_KINDS } from './kinds.ts';
import { MAX_EVENTS_PER_FRAME } from './ops.ts';

/** The query a client adds to the websocket URL to get binary event frames (`?frames=bin`). */
export const BINARY_FRAMES_QUERY = 'frames=bin';
export const BINARY_FRAME_MAGIC = 0x4c;
export const BINARY_FRAME_VERSION = 1;
/** Bytes before the columns: magic, version, reserved u16, N u32. */
export const BINARY_HEADER_BYTES = 8;
/** Fixed bytes per event: seq, ts, rev (f64 each) and kind (u8). */
export const BINARY_BYTES_PER_EVENT = 25;

/** An event as the encoder needs it (the server's LiveEvent, the protocol's Envelope). */
export interface WireEvent {
  readonly seq: number;
  readonly ts: number;
  readonly kind: EventKind;
  readonly id: string;
  readonly rev: number;
  readonly data: unknown;
}

const KIND_INDEX: ReadonlyMap<string, number> = new Map(EVENT_KINDS.map((kind, index) => [kind, index]));

/** `url` with the binary-frames query added (keeps any query it already has). */
export function withBinaryFrames(url: string): string {
  if (/[?&]frames=bin(&|$)/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${BINARY_FRAMES_QUERY}`;
}

/**
 * The body codec. `skipValues: [undefined]` drops undefined properties as JSON.stringify does, so a
 * payload decodes to what JSON would have carried. One instance per side: with no shared
 * structures, every frame defines its own records and decodes alone.
 */
function bodyPackr(): Packr {
  return new Packr({ useRecords: true, bundleStrings: true, skipValues: [undefined] } as ConstructorParameters<typeof Packr>[0]);
}
const packr = bodyPackr();

/** The body of a frame alone ([ids, datas]): the feed of the bench caches it per chunk. */
export function encodeBinaryBody(ids: readonly string[], datas: readonly unknown[]): Uint8Array {
  return packr.pack([ids, datas]);
}

/** One MessagePack value with the frames' body options (records, bundled strings): version 2's bodies (binaryFramesV2.ts). */
export function packFrameBody(value: unknown): Uint8Array {
  return packr.pack(value);
}

/** Writes the header and the fixed columns of `events` in front of an encoded body. */
export function assembleBinaryFrame(
  count: number,
  column: (index: number) => EventColumns,
  body: Uint8Array,
): Uint8Array {
  const fixed = BINARY_HEADER_BYTES + BINARY_BYTES_PER_EVENT * count;
  const frame = new Uint8Array(fixed + body.byteLength);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  view.setUint8(0, BINARY_FRAME_MAGIC);
  view.setUint8(1, BINARY_FRAME_VERSION);
  view.setUint16(2, 0, true);
  view.setUint32(4, count, true);
  writeEventColumns(view, count, column, BINARY_HEADER_BYTES + 24 * count, 'binary frame');
  frame.set(body, fixed);
  return frame;
}

/** The fixed columns of one event, as both versions' events frames carry them. */
export type EventColumns = { seq: number; ts: number; rev: number; kind: EventKind };

/**
 * Writes the columns both versions' events frames share (docs/protocol.md "Binary frames"): seq,
 * ts and rev as little-endian float64 columns of `count` values from the header on, and each
 * event's kind as a u8 at `kindAt` (after version 2's refs, which it writes itself). `what` names
 * the frame in the error for an unknown kind.
 */
export function writeEventColumns(view: DataView, count: number, column: (index: number) => EventColumns, kindAt: number, what: string): void {
  const tsAt = BINARY_HEADER_BYTES + 8 * count;
  const revAt = BINARY_HEADER_BYTES + 16 * count;
  for (let i = 0; i < count; i += 1) {
    const event = column(i);
    view.setFloat64(BINARY_HEADER_BYTES + 8 * i, event.seq, true);
    view.setFloat64(tsAt + 8 * i, event.ts, true);
    view.setFloat64(revAt + 8 * i, event.rev, true);
    const kind = KIND_INDEX.get(event.kind);
    if (kind === undefined) throw new Error(`${what}: unknown event kind "${String(event.kind)}"`);
    view.setUint8(kindAt + i, kind);
  }
}

/** One binary frame of `events` (1 … MAX_EVENTS_PER_FRAME of them, in seq order). */
export function encodeBinaryFrame(events: readonly WireEvent[]): Uint8Array {
  if (events.length === 0 || events.length > MAX_EVENTS_PER_FRAME) {
    throw new Error(`binary frame: ${events.length} events; a frame holds 1 to ${MAX_EVENTS_PER_FRAME}`);
  }
  const ids = events.map((event) => event.id);
  const datas = events.map((event) => event.data);
  return assembleBinaryFrame(events.length, (i) => events[i] as WireEvent, encodeBinaryBody(ids, datas));
}

/** True when the bytes start like a binary event frame (magic byte), whatever the version. */
export function looksBinaryFrame(bytes: Uint8Array): boolean {
  return bytes.byteLength > 0 && bytes[0] === BINARY_FRAME_MAGIC;
}

/** The envelope every event of a frame is read into, one after the other (never kept by the reader). */
type Cursor = { seq: number; ts: number; kind: string | undefined; id: unknown; rev: number; data: unknown };

const unpackr = new Unpackr({ useRecords: true, bundleStrings: true } as ConstructorParameters<typeof Unpackr>[0]);

/** Reads a body written by packFrameBody; throws msgpackr's error on bytes that are not one valid value. */
export function unpackFrameBody(bytes: Uint8Array): unknown {
  return unpackr.unpack(bytes);
}

/**
 * Reads one binary frame. Checks the whole frame first; a frame refused whole returns its reason
 * and visits nothing. Then `visit` gets each valid event in order, through ONE reused envelope
 * object: it must copy what it keeps (the model keeps `id` and `data`, which are the event's own;
 * a buffer that holds events copies the envelope). Each invalid event goes to `bad` with its
 * index and seq. Returns the number of events in the frame.
 */
export function readBinaryFrame(bytes: Uint8Array, visit: (event: Envelope) => void, bad: (reason: string) => void): Decoded<number> {
  const fail = (error: string): Decoded<number> => ({ ok: false, error: `binary frame: ${error}` });
  if (bytes.byteLength < BINARY_HEADER_BYTES) return fail(`${bytes.byteLength} bytes, shorter than the ${BINARY_HEADER_BYTES}-byte header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint8(0);
  if (magic !== BINARY_FRAME_MAGIC) return fail(`first byte 0x${magic.toString(16)}, expected 0x4c ('L')`);
  const version = view.getUint8(1);
  if (version !== BINARY_FRAME_VERSION) return fail(`version ${version}, this client reads version ${BINARY_FRAME_VERSION}`);
  const count = view.getUint32(4, true);
  if (count < 1 || count > MAX_EVENTS_PER_FRAME) return fail(`count ${count}, expected 1 to ${MAX_EVENTS_PER_FRAME} events`);
  const fixed = BINARY_HEADER_BYTES + BINARY_BYTES_PER_EVENT * count;
  if (bytes.byteLength <= fixed) return fail(`${bytes.byteLength} bytes, too short for ${count} events (columns end at byte ${fixed}, then the body)`);
  let body: unknown;
  try {
    body = unpackr.unpack(bytes.subarray(fixed));
  } catch (error) {
    return fail(`body is not valid MessagePack (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(body) || body.length !== 2) return fail('body must be a MessagePack array [ids, datas]');
  const [ids, datas] = body as [unknown, unknown];
  if (!Array.isArray(ids) || ids.length !== count) return fail(`body ids must be an array of ${count} ids`);
  if (!Array.isArray(datas) || datas.length !== count) return fail(`body datas must be an array of ${count} payloads`);
  const tsAt = BINARY_HEADER_BYTES + 8 * count;
  const revAt = BINARY_HEADER_BYTES + 16 * count;
  const kindAt = BINARY_HEADER_BYTES + 24 * count;
  const cursor: Cursor = { seq: 0, ts: 0, kind: undefined, id: undefined, rev: 0, data: undefined };
  for (let i = 0; i < count; i += 1) {
    cursor.seq = view.getFloat64(BINARY_HEADER_BYTES + 8 * i, true);
    cursor.ts = view.getFloat64(tsAt + 8 * i, true);
    cursor.rev = view.getFloat64(revAt + 8 * i, true);
    cursor.kind = EVENT_KINDS[view.getUint8(kindAt + i)];
    cursor.id = ids[i];
    cursor.data = datas[i];
    if (isEnvelope(cursor)) {
      visit(cursor);
      continue;
    }
    // Rare: name the bad field as the text path would (decodeEnvelope's messages).
    const kindByte = view.getUint8(kindAt + i);
    const decoded = decodeEnvelope({ ...cursor, kind: cursor.kind ?? `#${kindByte}` });
    const reason = decoded.ok ? 'invalid event' : decoded.error;
    bad(`events[${i}] (seq ${cursor.seq}): ${cursor.kind === undefined ? `kind byte ${kindByte} is not an event kind; ` : ''}${reason}`);
  }
  return { ok: true, value: count };
}
