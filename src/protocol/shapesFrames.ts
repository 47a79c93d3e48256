/**
 * Shapes on the wire (binary frames version 2, docs/performance.md §3k's design; issue 15 items 1
 * and 2): the shape table of a connection and the shapes frame (frame type 2) that fills it.
 *
 * A shape is an event payload with its numbers taken out: a usage shape (usageShapes.ts, asked for
 * with `usage=shapes`) or a status shape (statusShapes.ts, `status=shapes`, §3q). The gateway
 * numbers the shapes it meets (WireShapeTable: one counter per gateway for both kinds, a number > 0
 * stands for one shape for the gateway's life, never reused); a connection that opted in is sent a
 * shapes frame defining the numbers it lacks right before the first events frame that uses them, as
 * ids frames are (SentShapes: a per-connection mark, so one encoded events frame still serves every
 * socket of a burst). A new connection starts with an empty table (its first shapes frame says
 * restart).
 *
 * Shapes frame (little-endian):
 *   0        1     magic 0x4C ('L')
 *   1        1     version 2
 *   2        1     frame type 2 (shapes)
 *   3        1     flags: bit 0 = restart (the client empties its shape table first); other bits 0
 *   4        4     M, the number of shapes defined (u32, 0 … MAX_EVENTS_PER_FRAME)
 *   8        4·M   number of each shape (u32, 1 … MAX_WIRE_SHAPES − 1)
 *   8 + 4·M  rest  body: one MessagePack value, the array of the M shape descriptors
 * A usage descriptor is a flat array: [totals, then per link: port, name, type, sim, roaming,
 * present] (0 for an absent name, type, sim or roaming; usageShapes.ts's makeShape key, parsed).
 * A status descriptor is a map of one key, `{"unit.status": template}`: the payload with every
 * number written 0 (statusShapes.ts).
 *
 * Checks on the client: the whole frame is refused (nothing defined; the table emptied, as a
 * refused ids frame empties the id table, since the frame may have been a restart) when a count,
 * a number or the body is wrong, or a descriptor is malformed or fails its kind's guard (a usage
 * shape's payload with every value 0 must pass `isDataOf('unit.usage')`, a status template
 * `isDataOf('unit.status')`): once per shape, so a shaped event's values are then checked alone
 * (checkUsageValues, checkStatusValues).
 */
import type { Decoded } from './issueText.ts';
import { BINARY_FRAME_MAGIC, BINARY_HEADER_BYTES, packFrameBody, unpackFrameBody } from './binaryFrames.ts';
import { MAX_EVENTS_PER_FRAME } from './ops.ts';
import { isDataOf } from './payloadGuards.ts';
import type { StatusShape } from './statusShapes.ts';
import { splitStatus, statusShapeOfSplit, statusShapeOfTemplate } from './statusShapes.ts';
import type { LinkShape, UsageShape } from './usageShapes.ts';
import { LINK_VALUE_KEYS, makeShape, TOTAL_VALUE_KEYS, usagePayloadOf, usageShapeOf } from './usageShapes.ts';

/** A shape of either kind; `kind` names the event kind it stands for. */
export type WireShape = UsageShape | StatusShape;

/** Which kinds of shape a connection asked for (`usage=shapes`, `status=shapes`). */
export interface ShapeKinds {
  readonly usage: boolean;
  readonly status: boolean;
}

/** One text per set of kinds ('u', 's', 'us', ''): the key of a memo of frames made for that set. */
export function shapeKindsKey(kinds: ShapeKinds): string {
  return `${kinds.usage ? 'u' : ''}${kinds.status ? 's' : ''}`;
}

/** The key of a status descriptor (the map's one key). */
const STATUS_DESCRIPTOR_KEY = 'unit.status';

export const FRAME_TYPE_SHAPES = 2;
/** Shapes frame flag: the client empties its shape table before defining this frame's shapes. */
export const SHAPES_RESTART = 1;
/**
 * Shape numbers a gateway mints at most (2^16 − 1): a fleet has a few dozen (per model, links and
 * SIMs); the bound keeps a client's table and a connection's marks small (64 Ki entries). Past it
 * usage payloads go in the body, as without shapes.
 */
export const MAX_WIRE_SHAPES = 1 << 16;
/** Fields per link in a descriptor: port, name, type, sim, roaming, present. */
const DESCRIPTOR_LINK_FIELDS = 6;
const ALL_LINK_BITS = (1 << LINK_VALUE_KEYS.length) - 1;
const ALL_TOTAL_BITS = (1 << TOTAL_VALUE_KEYS.length) - 1;

/** The descriptor of a shape as the wire carries it (usage: the parts of its key; status: its template in a map). */
export function descriptorOf(shape: WireShape): unknown {
  return shape.kind === 'unit.status' ? { [STATUS_DESCRIPTOR_KEY]: shape.template } : (JSON.parse(shape.key) as unknown[]);
}

/** The zeros a shape's guard check uses, one array per value count. */
const zerosByCount: Float64Array[] = [];
function zeros(count: number): Float64Array {
  return (zerosByCount[count] ??= new Float64Array(count));
}

/** True when the payload a shape stands for, every value 0, passes the usage guard. */
export function shapePassesGuard(shape: UsageShape): boolean {
  return isDataOf('unit.usage', usagePayloadOf(shape, zeros(shape.valueCount), 0));
}

/** A descriptor read from the wire as a shape, or the reason it is not one. */
export function shapeOfDescriptor(descriptor: unknown): WireShape | string {
  if (Array.isArray(descriptor)) return usageShapeOfDescriptor(descriptor);
  if (typeof descriptor === 'object' && descriptor !== null) {
    const keys = Object.keys(descriptor);
    if (keys.length === 1 && keys[0] === STATUS_DESCRIPTOR_KEY) {
      const shape = statusShapeOfTemplate((descriptor as Record<string, unknown>)[STATUS_DESCRIPTOR_KEY]);
      return typeof shape === 'string' ? `(status) ${shape}` : shape;
    }
  }
  return `is neither a usage descriptor (an array of 1 + ${DESCRIPTOR_LINK_FIELDS}·links values) nor a status descriptor (a map of the one key "${STATUS_DESCRIPTOR_KEY}")`;
}

function usageShapeOfDescriptor(descriptor: unknown[]): UsageShape | string {
  if (descriptor.length < 1 || (descriptor.length - 1) % DESCRIPTOR_LINK_FIELDS !== 0) {
    return `is not an array of 1 + ${DESCRIPTOR_LINK_FIELDS}·links values`;
  }
  const totals: unknown = descriptor[0];
  if (typeof totals !== 'number' || !Number.isInteger(totals) || totals < 0 || totals > ALL_TOTAL_BITS) return `totals is ${String(totals)}, expected 0 to ${ALL_TOTAL_BITS}`;
  const links: LinkShape[] = [];
  for (let at = 1, l = 0; at < descriptor.length; at += DESCRIPTOR_LINK_FIELDS, l += 1) {
    const [port, name, type, sim, roaming, present] = descriptor.slice(at, at + DESCRIPTOR_LINK_FIELDS) as unknown[];
    if (typeof port !== 'string') return `links[${l}].port is not a string`;
    if (name !== 0 && typeof name !== 'string') return `links[${l}].name is neither a string nor 0 (absent)`;
    if (type !== 0 && typeof type !== 'string') return `links[${l}].type is neither a string nor 0 (absent)`;
    if (sim !== 0 && sim !== null && typeof sim !== 'string') return `links[${l}].sim is neither a string, null nor 0 (absent)`;
    if (roaming !== 0 && typeof roaming !== 'boolean') return `links[${l}].roaming is neither a boolean nor 0 (absent)`;
    if (typeof present !== 'number' || !Number.isInteger(present) || present < 0 || present > ALL_LINK_BITS) return `links[${l}].present is ${String(present)}, expected 0 to ${ALL_LINK_BITS}`;
    links.push({
      port,
      ...(name !== 0 ? { name } : {}),
      ...(type !== 0 ? { type } : {}),
      ...(sim !== 0 ? { sim } : {}),
      ...(roaming !== 0 ? { roaming } : {}),
      present,
    });
  }
  const shape = makeShape(links, totals);
  if (!shapePassesGuard(shape)) return 'is refused by the unit.usage guard (its payload with every value 0 is not a valid unit.usage)';
  return shape;
}

// ---- server side ----------------------------------------------------------------------------

/** A shaped event as the events frame carries it: its shape number and its values. */
export interface ShapedPayload {
  readonly number: number;
  readonly values: readonly number[];
}

/**
 * The gateway's shape numbers, one counter for both kinds: key → number, minted in order; shapes
 * their guard refuses get none (their payloads go in the body, where the client names what is
 * wrong).
 */
export class WireShapeTable {
  private readonly usageNumbers = new Map<string, number>();
  private readonly statusNumbers = new Map<string, number>();
  private readonly shapes: WireShape[] = [];
  /** Keys of usage shapes the usage guard refuses (splitStatus already returns null for those). */
  private readonly refused = new Set<string>();
  /**
   * Status templates minted at most: half the numbers. A fleet whose status payloads carry a
   * per-unit string (an address, a name) mints a template per unit, and per change of it; bounded
   * apart, they can never take the numbers the usage shapes need (past it, status payloads go in
   * the body, as before status shapes).
   */
  private readonly statusCapacity: number;
  private statusMinted = 0;

  /** `capacity`: numbers minted at most (MAX_WIRE_SHAPES − 1; the tests make it small). */
  constructor(private readonly capacity = MAX_WIRE_SHAPES - 1) {
    this.statusCapacity = Math.floor(capacity / 2);
  }

  shapeOf(number: number): WireShape {
    const shape = this.shapes[number - 1];
    if (shape === undefined) throw new Error(`WireShapeTable: shape ${number} was not minted`);
    return shape;
  }

  /** The shaped form of a unit.usage payload, or null when it goes in the body (no shape, refused, table full). */
  shapedOf(data: unknown): ShapedPayload | null {
    const split = usageShapeOf(data);
    if (split === null) return null;
    const key = split.shape.key;
    let number = this.usageNumbers.get(key);
    if (number === undefined) {
      if (this.refused.has(key) || this.shapes.length >= this.capacity) return null;
      if (!shapePassesGuard(split.shape)) {
        this.refused.add(key);
        return null;
      }
      number = this.mint(split.shape);
      this.usageNumbers.set(key, number);
    }
    return { number, values: split.values };
  }

  /** The shaped form of a unit.status payload, or null when it goes in the body (no shape, table full). */
  statusShapedOf(data: unknown): ShapedPayload | null {
    const split = splitStatus(data);
    if (split === null) return null;
    let number = this.statusNumbers.get(split.key);
    if (number === undefined) {
      if (this.shapes.length >= this.capacity || this.statusMinted >= this.statusCapacity) return null;
      number = this.mint(statusShapeOfSplit(split));
      this.statusMinted += 1;
      this.statusNumbers.set(split.key, number);
    }
    return { number, values: split.values };
  }

  private mint(shape: WireShape): number {
    this.shapes.push(shape);
    return this.shapes.length;
  }
}

/** The shape column, values block and body payloads of a frame's events (null: no event shaped). */
export interface UsageColumns {
  /** Per event: 0 (payload in the body) or its shape number. */
  readonly shapes: Uint32Array;
  /** The shaped events' values, in event order. */
  readonly values: Float64Array;
}

/** Both kinds: what the console's worker asks for. */
export const ALL_SHAPE_KINDS: ShapeKinds = { usage: true, status: true };

/**
 * The shape columns of `events` (shaped: unit.usage and unit.status events with a shape, of the
 * kinds asked for), or null when none is shaped. Named for their first kind (the events frame's
 * EVENTS_USAGE_COLUMNS flag); they carry status shapes too.
 */
export function usageColumnsOf(table: WireShapeTable, events: readonly { readonly kind: string; readonly data: unknown }[], kinds: ShapeKinds): UsageColumns | null {
  const shapes = new Uint32Array(events.length);
  const values: number[] = [];
  let shaped = 0;
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i] as { kind: string; data: unknown };
    const split = event.kind === 'unit.usage' ? (kinds.usage ? table.shapedOf(event.data) : null) : event.kind === 'unit.status' && kinds.status ? table.statusShapedOf(event.data) : null;
    if (split === null) continue;
    shapes[i] = split.number;
    for (const value of split.values) values.push(value);
    shaped += 1;
  }
  return shaped === 0 ? null : { shapes, values: Float64Array.from(values) };
}

/** What one connection was sent of a WireShapeTable: the shapes frame it needs before an events frame. */
export class SentShapes {
  private marks = new Uint8Array(0);
  private started = false;

  /** The shapes frame to send before an events frame with `column`, or null when the connection has them all. */
  shapesFrameFor(table: WireShapeTable, column: Uint32Array): Uint8Array | null {
    let fresh: number[] | null = null;
    for (let i = 0; i < column.length; i += 1) {
      const number = column[i] as number;
      if (number === 0) continue;
      if (number >= this.marks.length) this.grow(number);
      if (this.marks[number] === 1) continue;
      this.marks[number] = 1;
      (fresh ??= []).push(number);
    }
    if (fresh === null) return null;
    const restart = !this.started;
    this.started = true;
    return encodeShapesFrame(fresh, fresh.map((number) => table.shapeOf(number)), restart);
  }

  private grow(number: number): void {
    const next = new Uint8Array(Math.min(MAX_WIRE_SHAPES, Math.max(number + 1, this.marks.length * 2, 64)));
    next.set(this.marks);
    this.marks = next;
  }
}

/** A shapes frame defining `shapes[i]` as number `numbers[i]` (restart: the client empties its table first). */
export function encodeShapesFrame(numbers: readonly number[], shapes: readonly WireShape[], restart: boolean): Uint8Array {
  if (numbers.length !== shapes.length || numbers.length > MAX_EVENTS_PER_FRAME) {
    throw new Error(`shapes frame: ${numbers.length} numbers and ${shapes.length} shapes; a frame defines 0 to ${MAX_EVENTS_PER_FRAME}, one shape per number`);
  }
  const body = packFrameBody(shapes.map(descriptorOf));
  const fixed = BINARY_HEADER_BYTES + 4 * numbers.length;
  const frame = new Uint8Array(fixed + body.byteLength);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  view.setUint8(0, BINARY_FRAME_MAGIC);
  view.setUint8(1, 2);
  view.setUint8(2, FRAME_TYPE_SHAPES);
  view.setUint8(3, restart ? SHAPES_RESTART : 0);
  view.setUint32(4, numbers.length, true);
  for (let i = 0; i < numbers.length; i += 1) view.setUint32(BINARY_HEADER_BYTES + 4 * i, numbers[i] as number, true);
  frame.set(body, fixed);
  return frame;
}

// ---- client side ----------------------------------------------------------------------------

/**
 * A shaped unit.usage as the binary reader hands it over (binaryFramesV2.ts ReaderV2.shaped): the
 * payload is `shape` with `values[at …]`, already checked (the shape by the usage guard once, the
 * values one by one). One object reused by the reader between events, its `values` reused from
 * frame to frame (binaryFramesV2.ts f64Block): a sink copies the values it keeps.
 */
export interface ShapedValues {
  shape: UsageShape;
  values: Float64Array;
  at: number;
}

/** A connection's shape table as the client keeps it: number → shape (undefined: not defined). */
export class ConnectionShapes {
  private shapes: (WireShape | undefined)[] = [];
  size = 0;

  get(number: number): WireShape | undefined {
    return this.shapes[number];
  }

  clear(): void {
    this.shapes = [];
    this.size = 0;
  }

  define(number: number, shape: WireShape): void {
    while (this.shapes.length <= number) this.shapes.push(undefined);
    if (this.shapes[number] === undefined) this.size += 1;
    this.shapes[number] = shape;
  }
}

/**
 * Reads a shapes frame (the header's magic, version and type already checked): defines its shapes,
 * or refuses it whole, emptying the table, with the reason naming the field.
 */
export function readShapesFrame(bytes: Uint8Array, view: DataView, flags: number, count: number, table: ConnectionShapes): Decoded<{ count: number; restart: boolean }> {
  const fail = (error: string): Decoded<{ count: number; restart: boolean }> => {
    table.clear();
    return { ok: false, error: `shapes frame refused, the shape table is emptied: ${error}` };
  };
  if ((flags & ~SHAPES_RESTART) !== 0) return fail(`byte 3 (flags) is ${flags} in a shapes frame, expected 0 or ${SHAPES_RESTART} (restart)`);
  if (count > MAX_EVENTS_PER_FRAME) return fail(`bytes 4–7 (count) are ${count}, expected 0 to ${MAX_EVENTS_PER_FRAME} shapes`);
  const fixed = BINARY_HEADER_BYTES + 4 * count;
  if (bytes.byteLength <= fixed) return fail(`shapes frame of ${bytes.byteLength} bytes, too short for ${count} shapes (the numbers end at byte ${fixed}, then the body)`);
  for (let i = 0; i < count; i += 1) {
    const number = view.getUint32(BINARY_HEADER_BYTES + 4 * i, true);
    if (number < 1 || number >= MAX_WIRE_SHAPES) return fail(`shapes[${i}]: number ${number} at byte ${BINARY_HEADER_BYTES + 4 * i} is not 1 to ${MAX_WIRE_SHAPES - 1}`);
  }
  let body: unknown;
  try {
    body = unpackFrameBody(bytes.subarray(fixed));
  } catch (error) {
    return fail(`body at byte ${fixed} is not valid MessagePack (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(body) || body.length !== count) return fail(`body at byte ${fixed} must be an array of ${count} shape descriptors`);
  const shapes: WireShape[] = [];
  for (let i = 0; i < count; i += 1) {
    const shape = shapeOfDescriptor(body[i]);
    if (typeof shape === 'string') return fail(`shapes[${i}] (number ${view.getUint32(BINARY_HEADER_BYTES + 4 * i, true)}): the descriptor ${shape}`);
    shapes.push(shape);
  }
  const restart = (flags & SHAPES_RESTART) !== 0;
  if (restart) table.clear();
  for (let i = 0; i < count; i += 1) table.define(view.getUint32(BINARY_HEADER_BYTES + 4 * i, true), shapes[i] as WireShape);
  return { ok: true, value: { count, restart } };
}
