/**
 * A first snapshot's views in two parts (issue 15 item 3, docs/performance.md §7k, §7l): the views
 * of the first screen's rows now, the rest once the page painted them.
 *
 * Why: at 50,000 units the views are 43.5 MB of UTF-8 JSON. A transferred ArrayBuffer counts
 * towards V8's *global* allocation limit (external memory), whose first value is 64 MB; the page
 * reached it with the views in the first list's own tasks and started a major collection there,
 * whose finalization waited for a core (59 ms wall for 5 ms of CPU, §7k). The first part here is
 * the ids, names, both orders, every view's offsets and the views of the first FIRST_VIEWS_ROWS
 * rows in the list's default order (~110 KB at ~870 B a view); the rest (`views`, the whole
 * buffer) goes once the page said it painted, or when the page reads a view it does not have.
 *
 * The first part's columns carry `views: null` and `first`; the store reads a view from `first`
 * while `views` is null (columnViewIfCome) and answers undefined for a view not come yet
 * (src/fleet/store.ts says what a screen shows then and how it is told when the rest comes).
 */
import type { UnitView } from './diff.ts';
import type { FirstViews, SnapshotColumns } from './snapshotColumns.ts';
import { decodeColumnView } from './snapshotColumns.ts';

/**
 * Rows whose views go in the first part: the first rows in the list's default order (name
 * ascending). The list's rows are 41 px; 128 rows is a 5,000 px-tall window with its overscan,
 * above any screen the console is shown on, for ~110 KB (870 B a view in the bench's fleet).
 */
export const FIRST_VIEWS_ROWS = 128;

const decoder = new TextDecoder();

/**
 * The first part of `columns` (views of the first `rows` rows in name order; `views: null`) and the
 * rest (the whole views' bytes, to transfer once the page painted). `columns.views` must be bytes.
 */
export function splitFirstViews(columns: SnapshotColumns, rows: number): { first: SnapshotColumns; firstTransfer: ArrayBuffer[]; rest: Uint8Array } {
  const views = columns.views;
  if (!(views instanceof Uint8Array)) throw new TypeError('splitFirstViews: the views must be UTF-8 bytes, not yet split');
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`splitFirstViews: rows must be a non-negative integer, got ${rows}`);
  const count = Math.min(rows, columns.nameOrder.length);
  const indices = Uint32Array.from(columns.nameOrder.subarray(0, count)).sort();
  const offsets = new Uint32Array(count + 1);
  let length = 0;
  for (let at = 0; at < count; at += 1) {
    const index = indices[at] as number;
    length += (columns.offsets[index + 1] as number) - (columns.offsets[index] as number);
    offsets[at + 1] = length;
  }
  const bytes = new Uint8Array(length);
  for (let at = 0; at < count; at += 1) {
    const index = indices[at] as number;
    bytes.set(views.subarray(columns.offsets[index], columns.offsets[index + 1]), offsets[at]);
  }
  const first: FirstViews = { indices, offsets, views: bytes };
  return {
    first: { ...columns, views: null, first },
    firstTransfer: [indices.buffer, offsets.buffer, bytes.buffer] as ArrayBuffer[],
    rest: views,
  };
}

/** Where unit `index`'s view is in `first` (-1: not there). `first.indices` ascend. */
function firstSlot(first: FirstViews, index: number): number {
  let low = 0;
  let high = first.indices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((first.indices[middle] as number) < index) low = middle + 1;
    else high = middle;
  }
  return low < first.indices.length && first.indices[low] === index ? low : -1;
}

/**
 * Unit `index`'s whole view (a new object each call), or undefined while its view has not come
 * (the columns' `views` still null and the unit not among the first rows).
 */
export function columnViewIfCome(columns: SnapshotColumns, index: number): UnitView | undefined {
  if (columns.views !== null) return decodeColumnView(columns, index);
  const first = columns.first;
  const slot = first === undefined ? -1 : firstSlot(first, index);
  if (first === undefined || slot < 0) return undefined;
  return JSON.parse(decoder.decode(first.views.subarray(first.offsets[slot], first.offsets[slot + 1]))) as UnitView;
}

/**
 * The rest of a split snapshot's views, checked against the columns it completes: an error names
 * what does not fit (never a partly usable store).
 */
export function checkRestViews(columns: SnapshotColumns, rest: Uint8Array): void {
  if (columns.views !== null) throw new Error('snapshot views: the rest came for a snapshot that already has its views');
  const end = columns.offsets[columns.offsets.length - 1];
  if (rest.byteLength !== end) throw new Error(`snapshot views: the rest is ${rest.byteLength} bytes, expected ${end} (the views' last offset)`);
}
