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
 *   buffer (`offsets[i]`..`offsets[i + 1]` are the bytes of unit i). The UI store keeps the buffer
 *   as it is and parses a view only when it is read (the rows on screen), then the rest in small
 *   slices after the first paint (src/fleet/lazyViews.ts).
 *
 * A view parsed from its slice is exactly the view the split path would have delivered (the same
 * JSON of the same object), which is what tests/property/snapshotColumns.test.ts checks.
 */
import { nameOrder } from '../../src/features/units/nameOrder.ts';
import type { UnitView } from './diff.ts';

export interface SnapshotColumns {
  readonly ids: readonly string[];
  readonly names: readonly string[];
  /** Indices into ids in the list's name order (asc, ties by id). */
  readonly nameOrder: Uint32Array;
  /** UTF-8 JSON of every view, back to back (transferred). */
  readonly views: ArrayBuffer;
  /** Byte offsets into `views`, one more than there are units (transferred). */
  readonly offsets: Uint32Array;
}

const encoder = new TextEncoder();

/** The columns of these views, and the buffers to transfer with them. */
export function encodeSnapshotColumns(views: readonly UnitView[]): { columns: SnapshotColumns; transfer: ArrayBuffer[] } {
  const count = views.length;
  const ids = new Array<string>(count);
  const names = new Array<string>(count);
  const offsets = new Uint32Array(count + 1);
  // Start at ~1 KB a view (a view with links is ~600–950 B of JSON) and double when short.
  let bytes = new Uint8Array(Math.max(1_024, count * 1_024));
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const view = views[index] as UnitView;
    ids[index] = view.id;
    names[index] = view.name;
    const json = JSON.stringify(view);
    for (;;) {
      const { read, written } = encoder.encodeInto(json, bytes.subarray(at));
      if (read === json.length) {
        at += written;
        break;
      }
      const grown = new Uint8Array(Math.max(bytes.length * 2, at + json.length * 3));
      grown.set(bytes.subarray(0, at));
      bytes = grown;
    }
    offsets[index + 1] = at;
  }
  const buffer = bytes.buffer.slice(0, at) as ArrayBuffer;
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
