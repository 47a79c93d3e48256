/**
 * A snapshot's units as columns for the UI (issue 15 item 3, docs/performance.md §7). The split
 * snapshot (1,500 whole views per diff, each part JSON-parsed and applied on the main thread) cost
 * the main thread ~16 µs and ~10 objects per unit before the list could show anything, and then a
 * sort of the whole fleet by name. Here the worker sends, in one diff:
 *
 * - `ids` and `names`: one string per unit (cloned; what the list needs to show the full order and
 *   to notice a rename);
 * - `nameOrder`: the indices in the list's default order (nameOrder.ts, the same function the list
 *   uses), so the main thread does not sort;
 * - `views` + `offsets`: each unit's whole view as UTF-8 JSON, back to back in one transferred
 *   buffer (bytes `offsets[i]`..`offsets[i + 1]` are unit i's). The UI store keeps the buffer as
 *   it is and parses a view only when it is read (the rows on screen), then the rest in small
 *   slices after the first paint (src/fleet/store.ts). Bytes, transferred: the same JSON as one
 *   string was cloned on the main thread in one task (~0.5–0.9 s at 50,000 units in the probe);
 *   the bytes are encoded once (one TextEncoder call over the joined JSON: encoding each view on
 *   its own cost ~3× the JSON itself in Node).
 *
 * A view parsed from its slice is exactly the view the split path would have delivered (the same
 * JSON of the same object), which is what tests/property/snapshotColumns.test.ts checks.
 */
import { nameOrder } from '../../src/features/units/nameOrder.ts';
import type { UnitView } from './diff.ts';

export interface SnapshotColumns {
  readonly ids: readonly string[];
  readonly names: readonly string[];
  /** Indices into ids in the list's name order (asc, ties by id; transferred). */
  readonly nameOrder: Uint32Array;
  /** The UTF-8 JSON of every view, back to back (transferred). */
  readonly views: ArrayBuffer;
  /** Byte offsets into `views`, one more than there are units (transferred). */
  readonly offsets: Uint32Array;
}

const NOT_ASCII = /[^\u0000-\u007f]/;

/** The length of `text` in UTF-8 bytes (JSON.stringify leaves no lone surrogate: a pair is 4 bytes). */
export function utf8Length(text: string): number {
  if (!NOT_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

const encoder = new TextEncoder();

/** The columns of these views, and the buffers to transfer with them. */
export function encodeSnapshotColumns(views: readonly UnitView[]): { columns: SnapshotColumns; transfer: ArrayBuffer[] } {
  const count = views.length;
  const ids = new Array<string>(count);
  const names = new Array<string>(count);
  const json = new Array<string>(count);
  const offsets = new Uint32Array(count + 1);
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const view = views[index] as UnitView;
    ids[index] = view.id;
    names[index] = view.name;
    const text = JSON.stringify(view);
    json[index] = text;
    at += utf8Length(text);
    offsets[index + 1] = at;
  }
  const bytes = encoder.encode(json.join(''));
  if (bytes.byteLength !== at) throw new Error(`snapshot columns: ${bytes.byteLength} bytes encoded, ${at} counted`);
  const buffer = bytes.buffer.byteLength === bytes.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.buffer.slice(0, bytes.byteLength) as ArrayBuffer);
  const order = nameOrder(ids, names);
  return {
    columns: { ids, names, nameOrder: order, views: buffer, offsets },
    transfer: [buffer, offsets.buffer as ArrayBuffer, order.buffer as ArrayBuffer],
  };
}

const decoder = new TextDecoder();

/** The whole view of unit `index` (a new object each call). */
export function decodeColumnView(columns: SnapshotColumns, index: number): UnitView {
  const start = columns.offsets[index];
  const end = columns.offsets[index + 1];
  if (start === undefined || end === undefined) throw new RangeError(`snapshot columns: no unit at index ${index} (${columns.ids.length} units)`);
  return JSON.parse(decoder.decode(new Uint8Array(columns.views, start, end - start))) as UnitView;
}
