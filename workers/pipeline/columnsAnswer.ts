/**
 * The bytes of the columnar snapshot answer (src/protocol/columnsSnapshot.ts): written by the
 * server, read by the worker. All integers are unsigned 32-bit little-endian; every section starts
 * on a multiple of 4 bytes (zero padding), so each array is one copy of its bytes.
 *
 *   "LUCC"  u32 version (1)
 *   u32 n   JSON header (UTF-8): { "watermark": number, "counters": {…}, "units": number }
 *   then 9 sections, each u32 byteLength + bytes + padding, in this order:
 *     ids text (UTF-8)        ids offsets (u32 × units+1, UTF-16 code units of the decoded text)
 *     names text (UTF-8)      names offsets (same)
 *     nameOrder (u32 × units) idOrder (u32 × units)
 *     views offsets (u32 × units+1, bytes)   views (UTF-8 JSON, back to back)
 *     packed snapshot (MessagePack, src/protocol/packedSnapshot.ts)
 *   and nothing after the last section.
 *
 * The texts travel as UTF-8 (a lone surrogate becomes U+FFFD, still one UTF-16 unit, so the offsets
 * hold; the packed form loses it the same way). Reading checks everything the UI would trust: the
 * magic, the version, each length against what is left, the offsets rising from 0 to their text's
 * end, both orders permutations of 0..units-1; anything else is an error naming the part.
 */
import type { UnitCounters } from '../../src/domain/units/counters.ts';
import { UNIT_COUNTER_NAMES } from '../../src/domain/units/counters.ts';
import type { Decoded } from '../../src/protocol/issueText.ts';
import type { SnapshotColumns } from './snapshotColumns.ts';

const MAGIC = 0x4343554c; // "LUCC" read as a little-endian u32
export const COLUMNS_ANSWER_VERSION = 1;

export interface ColumnsAnswerHeader {
  readonly watermark: number;
  readonly counters: UnitCounters;
}

/** What the worker reads: the UI's columns (own buffers, to transfer) and the packed snapshot for its model. */
export interface ColumnsAnswer extends ColumnsAnswerHeader {
  readonly columns: SnapshotColumns;
  readonly transfer: ArrayBuffer[];
  /** The packed snapshot: a copy of its bytes when the answer's buffer is in `transfer`, else a view into the answer's bytes. */
  readonly packed: Uint8Array;
}

const encoder = new TextEncoder();
const pad4 = (length: number): number => (length + 3) & ~3;

/** The answer's bytes: `columns` as fleetColumns.ts makes them, then `packed`. */
export function encodeColumnsAnswer(header: ColumnsAnswerHeader, columns: SnapshotColumns, packed: Uint8Array): Uint8Array {
  const views = columns.views;
  if (!(views instanceof Uint8Array)) throw new TypeError('columns answer: the views must be UTF-8 bytes, all of them');
  const units = columns.offsets.length - 1;
  const headerBytes = encoder.encode(JSON.stringify({ watermark: header.watermark, counters: header.counters, units }));
  const u32 = (array: Uint32Array): Uint8Array => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const sections = [
    encoder.encode(columns.ids.text),
    u32(columns.ids.offsets),
    encoder.encode(columns.names.text),
    u32(columns.names.offsets),
    u32(columns.nameOrder),
    u32(columns.idOrder),
    u32(columns.offsets),
    views,
    packed,
  ];
  let length = 12 + pad4(headerBytes.length);
  for (const section of sections) length += 4 + pad4(section.length);
  const out = new Uint8Array(length);
  const data = new DataView(out.buffer);
  data.setUint32(0, MAGIC, true);
  data.setUint32(4, COLUMNS_ANSWER_VERSION, true);
  data.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  let at = 12 + pad4(headerBytes.length);
  for (const section of sections) {
    data.setUint32(at, section.length, true);
    out.set(section, at + 4);
    at += 4 + pad4(section.length);
  }
  return out;
}

class AnswerError extends Error {}

const SECTION_NAMES = ['ids', 'id offsets', 'names', 'name offsets', 'nameOrder', 'idOrder', 'view offsets', 'views', 'packed snapshot'] as const;

/**
 * Reads the answer's bytes; an error names what is wrong (never a partial answer). An answer that
 * reads takes over the bytes' buffer when the bytes are all of it: the buffer is in `transfer`
 * (the views stay in it) and `packed` is a copy, so the caller must not use the bytes once the
 * columns were posted with their transfer list.
 */
export function readColumnsAnswer(bytes: Uint8Array): Decoded<ColumnsAnswer> {
  try {
    return { ok: true, value: read(bytes) };
  } catch (error) {
    if (error instanceof AnswerError) return { ok: false, error: `snapshot: the columns answer ${error.message}` };
    throw error;
  }
}

function read(bytes: Uint8Array): ColumnsAnswer {
  if (bytes.byteLength < 12) throw new AnswerError(`is ${bytes.byteLength} bytes, shorter than its 12-byte start`);
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.getUint32(0, true) !== MAGIC) throw new AnswerError('does not start with "LUCC"');
  const version = data.getUint32(4, true);
  if (version !== COLUMNS_ANSWER_VERSION) throw new AnswerError(`has version ${version}, expected ${COLUMNS_ANSWER_VERSION}`);
  const headerLength = data.getUint32(8, true);
  if (12 + headerLength > bytes.byteLength) throw new AnswerError(`header of ${headerLength} bytes runs past the end (${bytes.byteLength} bytes)`);
  const header = readHeader(bytes.subarray(12, 12 + headerLength));
  const units = header.units;
  let at = 12 + pad4(headerLength);
  const sections: Uint8Array[] = [];
  for (const name of SECTION_NAMES) {
    if (at + 4 > bytes.byteLength) throw new AnswerError(`ends before its ${name} (truncated at ${bytes.byteLength} bytes)`);
    const length = data.getUint32(at, true);
    if (at + 4 + length > bytes.byteLength) throw new AnswerError(`${name} of ${length} bytes runs past the end (truncated at ${bytes.byteLength} bytes)`);
    sections.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + pad4(length);
  }
  if (at < bytes.byteLength) throw new AnswerError(`has ${bytes.byteLength - at} bytes after its last part`);
  if (at > bytes.byteLength) throw new AnswerError(`ends inside its last part's padding (truncated at ${bytes.byteLength} bytes)`);
  const [idText, idOffsetBytes, nameText, nameOffsetBytes, nameOrderBytes, idOrderBytes, viewOffsetBytes, views, packed] = sections as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  // ignoreBOM: a U+FEFF that starts the first id or name is the unit's, not a byte order mark (the default strips it and every offset after slips).
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const ids = { text: decoder.decode(idText), offsets: uint32s(idOffsetBytes, units + 1, 'id offsets') };
  const names = { text: decoder.decode(nameText), offsets: uint32s(nameOffsetBytes, units + 1, 'name offsets') };
  checkOffsets(ids.offsets, ids.text.length, 'id offsets');
  checkOffsets(names.offsets, names.text.length, 'name offsets');
  const nameOrder = uint32s(nameOrderBytes, units, 'nameOrder');
  const idOrder = uint32s(idOrderBytes, units, 'idOrder');
  checkPermutation(nameOrder, 'nameOrder');
  checkPermutation(idOrder, 'idOrder');
  const offsets = uint32s(viewOffsetBytes, units + 1, 'view offsets');
  checkOffsets(offsets, views.byteLength, 'view offsets');
  // The UI keeps the views; the worker keeps the packed part for its load after the paint. When the
  // bytes are their buffer's alone (a fetch's arrayBuffer()), that buffer goes to the UI whole, the
  // views read in place, and the packed part (~14 MB at 50,000 units) is what is copied out: the
  // views' copy (~43.5 MB) and the worker's collection after it fell in the first list's span,
  // beside the main thread's tasks on the 2 cores (docs/performance.md §7k). Otherwise (a view
  // into a larger buffer) the views are copied and the caller's buffer is left alone.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const ownViews = whole ? views : views.slice();
  const ownPacked = whole ? packed.slice() : packed;
  const columns: SnapshotColumns = { ids, names, nameOrder, idOrder, views: ownViews, offsets };
  const transfer = [ids.offsets.buffer, names.offsets.buffer, nameOrder.buffer, idOrder.buffer, offsets.buffer, ownViews.buffer] as ArrayBuffer[];
  return { watermark: header.watermark, counters: header.counters, columns, transfer, packed: ownPacked };
}

function readHeader(bytes: Uint8Array): ColumnsAnswerHeader & { readonly units: number } {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new AnswerError('header is not JSON');
  }
  const header = value as { watermark?: unknown; counters?: unknown; units?: unknown };
  if (typeof value !== 'object' || value === null) throw new AnswerError('header is not an object');
  if (typeof header.watermark !== 'number' || !Number.isSafeInteger(header.watermark) || header.watermark < 0) throw new AnswerError('header.watermark: expected a non-negative integer');
  if (typeof header.units !== 'number' || !Number.isSafeInteger(header.units) || header.units < 0 || header.units >= 2 ** 32 - 1) throw new AnswerError('header.units: expected a non-negative integer');
  const counters = header.counters as Record<string, unknown> | null;
  if (typeof counters !== 'object' || counters === null) throw new AnswerError('header.counters: expected an object');
  for (const name of UNIT_COUNTER_NAMES) {
    const count = counters[name];
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) throw new AnswerError(`header.counters.${name}: expected a non-negative integer`);
  }
  return { watermark: header.watermark, counters: counters as UnitCounters, units: header.units };
}

/** `count` u32 values copied out of `bytes` (this platform is little-endian, as every browser and Node target is). */
function uint32s(bytes: Uint8Array, count: number, name: string): Uint32Array {
  if (bytes.byteLength !== count * 4) throw new AnswerError(`${name}: ${bytes.byteLength} bytes, expected ${count * 4} (${count} values)`);
  return new Uint32Array(bytes.slice().buffer);
}

function checkOffsets(offsets: Uint32Array, end: number, name: string): void {
  if (offsets[0] !== 0) throw new AnswerError(`${name}: the first is ${offsets[0]}, expected 0`);
  for (let index = 1; index < offsets.length; index += 1) {
    if ((offsets[index] as number) < (offsets[index - 1] as number)) throw new AnswerError(`${name}: offset ${index} (${offsets[index]}) is below the one before it`);
  }
  const last = offsets[offsets.length - 1];
  if (last !== end) throw new AnswerError(`${name}: the last is ${last}, expected ${end} (the end of its text)`);
}

function checkPermutation(order: Uint32Array, name: string): void {
  const seen = new Uint8Array(order.length);
  for (let index = 0; index < order.length; index += 1) {
    const value = order[index] as number;
    if (value >= order.length) throw new AnswerError(`${name}: index ${value} at ${index} is not below ${order.length}`);
    if (seen[value] === 1) throw new AnswerError(`${name}: index ${value} appears twice`);
    seen[value] = 1;
  }
}
