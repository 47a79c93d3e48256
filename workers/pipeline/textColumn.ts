/**
 * Many short strings as one text and its offsets (issue 15 item 3, docs/performance.md §7e): a
 * snapshot's 50,000 ids and 50,000 names crossed the worker boundary as two arrays of strings, and
 * the main thread's structured-clone deserialization made 100,000 string objects (with the GC they
 * start) in the task that holds the snapshot. As one string each they cross as two copies of
 * characters (~1 MB at 50k), and the UI slices a value out only when it reads it (the rows on
 * screen, the store's look-ups).
 *
 * A string, not UTF-8 bytes: a JavaScript string crosses exactly as it is (lone surrogates
 * included), where UTF-8 would turn a lone surrogate into U+FFFD; offsets are UTF-16 code units.
 */
export interface TextColumn {
  /** Every value, back to back. */
  readonly text: string;
  /** Value i is `text.slice(offsets[i], offsets[i + 1])`; one more offset than there are values (transferred). */
  readonly offsets: Uint32Array;
}

/** The column of these values (transfer `offsets.buffer`). */
export function encodeTextColumn(values: readonly string[]): TextColumn {
  const offsets = new Uint32Array(values.length + 1);
  let at = 0;
  for (let index = 0; index < values.length; index += 1) {
    at += (values[index] as string).length;
    offsets[index + 1] = at;
  }
  return { text: values.join(''), offsets };
}

/** How many values the column holds. */
export function textCount(column: TextColumn): number {
  return column.offsets.length - 1;
}

/** Value `index` (a new slice each call); throws naming the index when there is none. */
export function textAt(column: TextColumn, index: number): string {
  const start = column.offsets[index];
  const end = column.offsets[index + 1];
  if (start === undefined || end === undefined) throw new RangeError(`text column: no value at index ${index} (${textCount(column)} values)`);
  return column.text.slice(start, end);
}

/** Every value, in order (one slice each). */
export function textValues(column: TextColumn): string[] {
  const values = new Array<string>(textCount(column));
  for (let index = 0; index < values.length; index += 1) values[index] = textAt(column, index);
  return values;
}
