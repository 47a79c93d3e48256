/**
 * A snapshot's units as columns for the UI (issue 15 item 3, docs/performance.md §7). The split
 * snapshot (1,500 whole views per diff, each part JSON-parsed and applied on the main thread) cost
 * the main thread ~16 µs and ~10 objects per unit before the list could show anything, and then a
 * sort of the whole fleet by name. Here the worker sends, in one diff:
 *
 * - `ids` and `names`: each one text with offsets (textColumn.ts; the offsets transferred): what
 *   the list needs to show the full order and to notice a rename, sliced out only when read, so
 *   the main thread does not deserialize 100,000 strings at 50k units (docs/performance.md §7e);
 * - `nameOrder`: the indices in the list's default order (nameOrder.ts, the same function the list
 *   uses), so the main thread does not sort;
 * - `idOrder`: the indices in id order (idIndex.ts), so the store finds a unit before its Map is built;
 * - `views` + `offsets`: each unit's whole view as JSON, back to back, UTF-8 in one transferred
 *   buffer (`views.subarray(offsets[i], offsets[i + 1])` is unit i's). The UI store keeps the
 *   bytes as they are and decodes and parses a view only when it is read (the rows on screen),
 *   then the rest in small slices after the first paint (src/fleet/store.ts).
 *
 * Why bytes: the views are the bulk of the snapshot (~870 B a unit, 43.5 MB at 50,000 units in the bench's fleet, docs/performance.md §7f), and a
 * string crosses the worker boundary as a copy made on the receiving side, in the main thread's
 * task: in Chromium (a bare page, 50k units, load ~14) 103–211 ms of the main thread for the
 * string against 7–20 ms for the transferred bytes, end to end the same (206–337 against
 * 214–316 ms), since `TextEncoder.encodeInto` in the worker costs about what the copy did.
 * `TextEncoder.encode` (a new buffer) measured 400–1,100 ms there, which is why an earlier try of
 * bytes was slower end to end (docs/performance.md §7b). The JSON of every view is joined once
 * and encoded in one call into a buffer of one byte per character; only a fleet with characters
 * beyond ASCII in its views pays a second pass (each view's UTF-8 length, then an exact buffer).
 * `text: true` (BENCH ONLY, `?benchSnapshotText`) keeps the views as one string, the form before,
 * for the first-list probe's same-run A/B.
 *
 * A view parsed from its slice is exactly the view the split path would have delivered (the same
 * JSON of the same object), which is what tests/property/snapshotColumns.test.ts checks.
 */
import { nameOrder } from '../../src/features/units/nameOrder.ts';
import type { UnitView } from './diff.ts';
import { sortedIdIndex } from './idIndex.ts';
import type { TextColumn } from './textColumn.ts';
import { encodeTextColumn, textCount } from './textColumn.ts';

export interface SnapshotColumns {
  /** Each unit's id (textColumn.ts: `textAt(ids, i)`). */
  readonly ids: TextColumn;
  /** Each unit's name, same indices. */
  readonly names: TextColumn;
  /** Indices into ids in the list's name order (asc, ties by id; transferred). */
  readonly nameOrder: Uint32Array;
  /** Indices into ids in ascending id order (idIndex.ts; transferred): the store's look-up before its Map is built. */
  readonly idOrder: Uint32Array;
  /**
   * The JSON of every view, back to back: UTF-8 bytes (transferred), or one string (bench only);
   * null while a first snapshot's views come in two parts (firstViews.ts) and the rest has not
   * come: the store sets it when it does (the only field written after the diff came).
   */
  views: Uint8Array | string | null;
  /** Offsets into `views` (bytes, or UTF-16 code units for a string), one more than there are units (transferred). */
  readonly offsets: Uint32Array;
  /** The first screen's views while `views` is null (firstViews.ts); absent on a snapshot sent whole. */
  readonly first?: FirstViews;
}

/** The views of some units of a snapshot whose views come in two parts (firstViews.ts). */
export interface FirstViews {
  /** The units' indices, ascending (transferred). */
  readonly indices: Uint32Array;
  /** Offsets into `views`, one more than there are indices: unit `indices[i]`'s view is `views[offsets[i], offsets[i + 1])` (transferred). */
  readonly offsets: Uint32Array;
  /** Their JSON, UTF-8, back to back (transferred). */
  readonly views: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The columns of these views, and the buffers to transfer with them (`text`: the views as one string, bench only). */
export function encodeSnapshotColumns(views: readonly UnitView[], text = false): { columns: SnapshotColumns; transfer: ArrayBuffer[] } {
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
    const viewJson = JSON.stringify(view);
    json[index] = viewJson;
    at += viewJson.length;
    offsets[index + 1] = at;
  }
  const joined = json.join('');
  const order = nameOrder(ids, names);
  const idOrder = sortedIdIndex(ids);
  const idColumn = encodeTextColumn(ids);
  const nameColumn = encodeTextColumn(names);
  const transfer = [
    offsets.buffer as ArrayBuffer,
    order.buffer as ArrayBuffer,
    idOrder.buffer as ArrayBuffer,
    idColumn.offsets.buffer as ArrayBuffer,
    nameColumn.offsets.buffer as ArrayBuffer,
  ];
  if (text) return { columns: { ids: idColumn, names: nameColumn, nameOrder: order, idOrder, views: joined, offsets }, transfer };
  let bytes = new Uint8Array(joined.length);
  const { read } = encoder.encodeInto(joined, bytes);
  if (read < joined.length) {
    // Some view holds characters beyond ASCII: the offsets in bytes, view by view, then an exact buffer.
    let end = 0;
    for (let index = 0; index < count; index += 1) {
      end += utf8Length(json[index] as string);
      offsets[index + 1] = end;
    }
    bytes = new Uint8Array(end);
    encoder.encodeInto(joined, bytes);
  }
  transfer.push(bytes.buffer as ArrayBuffer);
  return { columns: { ids: idColumn, names: nameColumn, nameOrder: order, idOrder, views: bytes, offsets }, transfer };
}

const NOT_ASCII = /[^\u0000-\u007f]/;

/** The length of `text` in UTF-8 as TextEncoder writes it (a lone surrogate becomes U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  if (!NOT_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point beyond the BMP
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The whole view of unit `index` (a new object each call). */
export function decodeColumnView(columns: SnapshotColumns, index: number): UnitView {
  const start = columns.offsets[index];
  const end = columns.offsets[index + 1];
  if (start === undefined || end === undefined) throw new RangeError(`snapshot columns: no unit at index ${index} (${textCount(columns.ids)} units)`);
  const views = columns.views;
  if (views === null) throw new Error(`snapshot columns: the view of unit ${index} has not come yet (firstViews.ts columnViewIfCome reads it)`);
  return JSON.parse(typeof views === 'string' ? views.slice(start, end) : decoder.decode(views.subarray(start, end))) as UnitView;
}
