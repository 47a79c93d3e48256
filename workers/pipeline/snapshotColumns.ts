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
 * - `views` + `offsets`: each unit's whole view as JSON, back to back in one string
 *   (`views.slice(offsets[i], offsets[i + 1])` is unit i's). The UI store keeps the string as it
 *   is and parses a view only when it is read (the rows on screen), then the rest in small slices
 *   after the first paint (src/fleet/store.ts). One string, not UTF-8 bytes in a transferred
 *   buffer: both byte forms tried were slower end to end in bench/ui/firstListProbe.ts (each view
 *   encoded with TextEncoder.encodeInto: ~3× the JSON's own cost in Node; the joined JSON encoded
 *   once: 10k A/B ratio 1.12 against the split path, where this form measured 0.65), and cloning
 *   one flat string is a copy, not an object per unit.
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
  /** The JSON of every view, back to back. */
  readonly views: string;
  /** Offsets (UTF-16 code units) into `views`, one more than there are units (transferred). */
  readonly offsets: Uint32Array;
}

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
    at += text.length;
    offsets[index + 1] = at;
  }
  const order = nameOrder(ids, names);
  return {
    columns: { ids, names, nameOrder: order, views: json.join(''), offsets },
    transfer: [offsets.buffer as ArrayBuffer, order.buffer as ArrayBuffer],
  };
}

/** The whole view of unit `index` (a new object each call). */
export function decodeColumnView(columns: SnapshotColumns, index: number): UnitView {
  const start = columns.offsets[index];
  const end = columns.offsets[index + 1];
  if (start === undefined || end === undefined) throw new RangeError(`snapshot columns: no unit at index ${index} (${columns.ids.length} units)`);
  return JSON.parse(columns.views.slice(start, end)) as UnitView;
}
