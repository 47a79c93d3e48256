/**
 * Unit patches as columns in one transferred ArrayBuffer (issue 15 item 2; docs/performance.md
 * §3b): the form a diff's patches take beyond INLINE_UNITS_MAX, instead of the UTF-8 JSON of a
 * list of patch objects. Why: in the worker's profile, `JSON.stringify` of the patch list (and the
 * patch and link objects built only to be stringified) was about a third of the diff building, and
 * `JSON.parse` of it the main thread's largest cost per diff. Here the worker writes numbers into a
 * Float64Array as it reads the model (no object per patch, none per link), and the strings go as
 * one text of every id back to back, and one small JSON section: each distinct state string,
 * applications list, battery and speed test once per diff (a diff of 4,000 status patches holds a
 * handful of them).
 *
 * Layout (all f64 little-endian, as Float64Array writes them; then bytes):
 *
 *   f64 index            field
 *   0                    PATCH_COLUMNS_VERSION
 *   1                    N, the number of patches
 *   2                    L, the number of link values of all patches together
 *   3                    J, the byte length of the JSON section
 *   4                    I, the byte length of the ids' text
 *   5                    the ids' text's encoding: 8, UTF-8; 16, UTF-16 code units (little-endian)
 *   6 + STRIDE·i + k     row i, column k (ROW below): rev, aspect mask, status code, ...
 *   6 + STRIDE·N + j     link value j (diff.ts LINK_VALUES_STRIDE numbers per link, rows in order)
 *   then I bytes         the ids back to back; row i's id ends at its idEnd column (UTF-16 code
 *                        units into the decoded text) and starts where row i − 1's ends
 *   then J bytes         UTF-8 JSON {"s": [strings], "o": [objects]}
 *
 * Why the ids are not in the JSON (version 2, round p18, docs/performance.md §3l): in the worker's
 * profile at 60,000 events/s, `finish`'s JSON text of ~1,400 ids and its UTF-8 encoding were ~4 %
 * of the worker, the largest part of building a diff after the rows themselves. Now the ids are
 * joined (one native copy) and encoded as one text, and the UI slices each id out of one decoded
 * string instead of parsing a JSON list. The text is UTF-8 unless an id holds a UTF-16 surrogate:
 * UTF-8 cannot carry a lone one (it would come back as U+FFFD), so such a diff writes code units.
 *
 * A column that refers to a string or an object holds its index in "s" or "o", −1 for undefined;
 * a number column that may be undefined holds NaN for it (the numbers of a patch are finite: the
 * model's payload guards refuse the rest); a status is its index in UNIT_STATUSES.
 *
 * Contract: decodePatchColumns(encodePatchColumns(patches)) gives patches that applyUnitPatch
 * turns into exactly the views the JSON list gave (tests/property/patchColumns.test.ts).
 */
import type { UnitStatus } from '../../src/domain/units/status.ts';
import { UNIT_STATUSES } from '../../src/domain/units/status.ts';
import type { UnitPatch, UnitView } from './diff.ts';
import { ASPECT, LINK_VALUES_STRIDE, linksWithValues } from './diff.ts';
import { batteryKey, KeyedTexts, mapNamesKey, NameCodes, namesKey, NO_KEY } from './patchObjectKeys.ts';

export const PATCH_COLUMNS_VERSION = 2;
const HEADER = 6;
/** f64 numbers before the first row (the header's length, for tests that damage a buffer). */
export const PATCH_COLUMNS_HEADER = HEADER;
/** The ids' text's encodings (header index 5). */
const IDS_UTF8 = 8;
const IDS_UTF16 = 16;
/** Any UTF-16 surrogate: an id text with one goes as code units (exact for lone surrogates). */
const SURROGATE = /[\uD800-\uDFFF]/;
/** Any code unit past ASCII: an id text without one is as many UTF-8 bytes as code units. */
const NOT_ASCII = /[^\u0000-\u007f]/;
/** The columns of a row, in order. */
const ROW = {
  rev: 0,
  mask: 1,
  /** Index in UNIT_STATUSES, −1: undefined. */
  status: 2,
  /** Index in the string table, −1: undefined. */
  state: 3,
  videoState: 4,
  /** Index in the object table of the applications' names (a list), −1: undefined. */
  applications: 5,
  /** 1, 0, or −1: undefined. */
  onAir: 6,
  battery: 7,
  /** NaN: undefined. */
  uplinkKbps: 8,
  /** How many link values the row has (its values follow the previous rows' values). */
  linkValues: 9,
  /** NaN: undefined. */
  activeAlerts: 10,
  speedTest: 11,
  /** Where the row's id ends in the ids' text (UTF-16 code units); it starts at the previous row's end. */
  idEnd: 12,
} as const;
/** f64 columns per row. */
export const PATCH_ROW_STRIDE = 13;

/** Spare buffers the writer keeps (PatchColumnsWriter.recycle): the diffs in flight at once are fewer. */
const SPARE_BUFFERS = 4;
/** The smallest buffer finish makes (16 KiB: ~120 rows with their links). */
const MIN_BUFFER_BYTES = 16_384;

const STATUS_CODE: ReadonlyMap<string, number> = new Map(UNIT_STATUSES.map((status, index) => [status, index]));
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** The ids' text: a leading U+FEFF is the first id's, not a byte order mark to strip (the default). */
const idsDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Builds one buffer row by row. The pipeline writes each patched unit straight from the model
 * (`row`, then the aspects' calls); encodePatchColumns writes patch objects the same way.
 */
export class PatchColumnsWriter {
  private rows = new Float64Array(PATCH_ROW_STRIDE * 256);
  private links = new Float64Array(256);
  private count = 0;
  private linkCount = 0;
  /** The row being written: its first column's index in `rows`. */
  private at = 0;
  /**
   * The rows' ids: the first `count` (one per row). Never emptied with `length = 0`, which gives the
   * array's store back: refilled with ~1,000 ids a diff, it regrew every time (§3n).
   */
  private readonly ids: string[] = [];
  /** The ids' text's length so far (UTF-16 code units): the next row's id starts here. */
  private idsLength = 0;
  private readonly strings = new TextTable();
  /** JSON texts of the objects, one per distinct text. */
  private readonly objects = new TextTable();
  /**
   * This diff's batteries and application name lists by number key (patchObjectKeys.ts): key →
   * index in `objects`, so a repeated one is found without making its JSON text. Emptied with it.
   */
  private readonly batteries = new KeyIndex(BATTERY_KEYS);
  private readonly nameLists = new Map<number, number>();
  private readonly nameCodes = new NameCodes();
  /** The texts of the keys, kept across diffs (one map per kind: their keys overlap). */
  private readonly batteryTexts = new KeyedTexts();
  private readonly nameListTexts = new KeyedTexts();
  /**
   * Buffers of earlier diffs the UI handed back once applied (`recycle`), reused by `finish`. Why:
   * a new buffer per diff (~100-500 KiB at 60,000 events/s) is fresh memory, and in Chromium's
   * worker the first touch of it was most of `finish`'s 11 % of the worker's self time; the worker
   * thread spent ~40 % of its CPU in the kernel, at ~12,000 minor page faults a second
   * (docs/performance.md §3o). A reused buffer's pages are already the process's.
   */
  private readonly spare: ArrayBuffer[] = [];

  get size(): number {
    return this.count;
  }

  /** Starts a row: every aspect column undefined until its call below. */
  row(id: string, rev: number, mask: number): void {
    if (this.rows.length < (this.count + 1) * PATCH_ROW_STRIDE) this.rows = grow(this.rows, (this.count + 1) * PATCH_ROW_STRIDE);
    const at = this.count * PATCH_ROW_STRIDE;
    const rows = this.rows;
    rows[at + ROW.rev] = rev;
    rows[at + ROW.mask] = mask;
    rows[at + ROW.status] = -1;
    rows[at + ROW.state] = -1;
    rows[at + ROW.videoState] = -1;
    rows[at + ROW.applications] = -1;
    rows[at + ROW.onAir] = -1;
    rows[at + ROW.battery] = -1;
    rows[at + ROW.uplinkKbps] = Number.NaN;
    rows[at + ROW.linkValues] = 0;
    rows[at + ROW.activeAlerts] = Number.NaN;
    rows[at + ROW.speedTest] = -1;
    this.idsLength += id.length;
    rows[at + ROW.idEnd] = this.idsLength;
    this.at = at;
    this.ids[this.count] = id;
    this.count += 1;
  }

  /** ASPECT.status's fields. `applications` is the list of active application names. */
  status(status: UnitStatus | undefined, state: string | undefined, videoState: string | undefined, applications: readonly string[] | undefined, onAir: boolean | undefined, battery: unknown): void {
    const names = applications === undefined ? -1 : this.keyed(this.nameLists, this.nameListTexts, namesKey(applications, this.nameCodes), applications);
    this.writeStatus(status, state, videoState, names, onAir, battery);
  }

  /**
   * status() for a unit of the model: the names are the keys of its applications map (as
   * `Object.keys(applications ?? {})`), read without making the list when the list was seen.
   */
  statusOfUnit(status: UnitStatus, state: string | undefined, videoState: string | undefined, applications: Readonly<Record<string, unknown>> | undefined, onAir: boolean, battery: unknown): void {
    const key = mapNamesKey(applications, this.nameCodes);
    const lists = this.nameLists;
    const known = key === NO_KEY ? undefined : lists.get(key);
    const names = known ?? this.keyed(lists, this.nameListTexts, key, Object.keys(applications ?? {}));
    this.writeStatus(status, state, videoState, names, onAir, battery);
  }

  private writeStatus(status: UnitStatus | undefined, state: string | undefined, videoState: string | undefined, applications: number, onAir: boolean | undefined, battery: unknown): void {
    const rows = this.rows;
    const at = this.at;
    if (status !== undefined) {
      const code = STATUS_CODE.get(status);
      if (code === undefined) throw new Error(`patch columns: unit ${this.ids[this.count - 1]} has status "${String(status)}", not a unit status`);
      rows[at + ROW.status] = code;
    }
    rows[at + ROW.state] = this.string(state);
    rows[at + ROW.videoState] = this.string(videoState);
    rows[at + ROW.applications] = applications;
    rows[at + ROW.onAir] = onAir === undefined ? -1 : onAir ? 1 : 0;
    if (battery === undefined) rows[at + ROW.battery] = -1;
    else {
      const key = batteryKey(battery);
      rows[at + ROW.battery] = this.keyed(this.batteries, this.batteryTexts, key < BATTERY_KEYS ? key : NO_KEY, battery);
    }
  }

  /** ASPECT.usage's total uplink (kbps; undefined allowed for patches that lack it). `+ 0`: −0 becomes the 0 JSON gave. */
  uplink(uplinkKbps: number | undefined): void {
    this.rows[this.at + ROW.uplinkKbps] = uplinkKbps === undefined ? Number.NaN : uplinkKbps + 0;
  }

  /** Appends one of the row's link values (diff.ts LINK_VALUES_STRIDE per link). `+ 0` makes −0 the 0 JSON gave. */
  linkValue(value: number): void {
    if (this.links.length <= this.linkCount) this.links = grow(this.links, this.linkCount + 1);
    this.links[this.linkCount] = value + 0;
    this.linkCount += 1;
    const rows = this.rows;
    rows[this.at + ROW.linkValues] = (rows[this.at + ROW.linkValues] as number) + 1;
  }

  /**
   * Room for `links` more links' values (LINK_VALUES_STRIDE each) from `linkValueCount` on: the array
   * to write them into, for a caller that writes a row's links in one go (shapedLinks.ts); then
   * `linksWritten` counts them to the row. One capacity check and one count per row where
   * linkValue makes both per value (~2 % of the worker at 60,000 events/s in Chromium, §3n).
   */
  reserveLinks(links: number): Float64Array {
    const needed = this.linkCount + LINK_VALUES_STRIDE * links;
    if (this.links.length < needed) this.links = grow(this.links, needed);
    return this.links;
  }

  /** Where the next link value goes in the array reserveLinks returns. */
  get linkValueCount(): number {
    return this.linkCount;
  }

  /** The `links` links' values written at `linkValueCount` belong to the row being written. */
  linksWritten(links: number): void {
    const count = LINK_VALUES_STRIDE * links;
    this.linkCount += count;
    const rows = this.rows;
    rows[this.at + ROW.linkValues] = (rows[this.at + ROW.linkValues] as number) + count;
  }

  /** ASPECT.alerts. */
  alerts(activeAlerts: number | undefined): void {
    this.rows[this.at + ROW.activeAlerts] = activeAlerts === undefined ? Number.NaN : activeAlerts + 0;
  }

  /** ASPECT.speedTest. */
  speedTest(speedTest: unknown): void {
    this.rows[this.at + ROW.speedTest] = this.object(speedTest);
  }

  /**
   * The buffer of every row written (transferable; a spare one when one fits, so it may be longer
   * than the rows: the header gives their sizes); the writer is empty again after.
   */
  finish(): ArrayBuffer {
    const json = encoder.encode(`{"s":${JSON.stringify(this.strings.texts)},"o":[${this.objects.texts.join(',')}]}`);
    // Cut to this diff's rows first: a shorter length keeps the store unless it is under half full.
    if (this.ids.length !== this.count) this.ids.length = this.count;
    const idText = this.ids.join('');
    // ASCII ids (the usual case) are encoded straight into the answer below, without a buffer of
    // their own; other ids as UTF-8 bytes made first, or as code units when a surrogate is among them.
    const ascii = !NOT_ASCII.test(idText);
    const utf16 = !ascii && SURROGATE.test(idText);
    const utf8 = !ascii && !utf16 ? encoder.encode(idText) : null;
    const idByteLength = ascii ? idText.length : utf16 ? idText.length * 2 : (utf8 as Uint8Array).byteLength;
    const numbers = HEADER + PATCH_ROW_STRIDE * this.count + this.linkCount;
    const buffer = this.bufferOf(numbers * 8 + idByteLength + json.byteLength);
    const f64 = new Float64Array(buffer, 0, numbers);
    f64[0] = PATCH_COLUMNS_VERSION;
    f64[1] = this.count;
    f64[2] = this.linkCount;
    f64[3] = json.byteLength;
    f64[4] = idByteLength;
    f64[5] = utf16 ? IDS_UTF16 : IDS_UTF8;
    f64.set(this.rows.subarray(0, PATCH_ROW_STRIDE * this.count), HEADER);
    f64.set(this.links.subarray(0, this.linkCount), HEADER + PATCH_ROW_STRIDE * this.count);
    // The ids start at a multiple of 8 bytes, so code units are aligned for a Uint16Array.
    if (ascii) encoder.encodeInto(idText, new Uint8Array(buffer, numbers * 8, idByteLength));
    else if (utf8 !== null) new Uint8Array(buffer, numbers * 8, idByteLength).set(utf8);
    else {
      const units = new Uint16Array(buffer, numbers * 8, idText.length);
      for (let index = 0; index < idText.length; index += 1) units[index] = idText.charCodeAt(index);
    }
    new Uint8Array(buffer, numbers * 8 + idByteLength).set(json);
    this.reset();
    return buffer;
  }

  /**
   * A buffer finish gave out, handed back by the UI after it applied the diff (the answer to the
   * diff, fleetPipeline.ts `post`); kept for a later finish. Anything else (nothing, a detached
   * buffer, more than SPARE_BUFFERS) is let go.
   */
  recycle(buffer: unknown): void {
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength === 0 || this.spare.length >= SPARE_BUFFERS) return;
    this.spare.push(buffer);
  }

  /**
   * A buffer of at least `bytes`: the smallest spare that fits, else a new one rounded up to a power
   * of two (at least MIN_BUFFER_BYTES), so that the next diffs, larger by up to half as much again on
   * average, fit it. (A quarter more room measured no fewer page faults than none, §3o.) The pages
   * past this diff's bytes are never touched in a new buffer, so a consumer that hands nothing back
   * pays only address space for them. The bytes past this diff's in a spare are left as they were:
   * the reader goes by the header's sizes.
   */
  private bufferOf(bytes: number): ArrayBuffer {
    const spare = this.spare;
    let best = -1;
    for (let index = 0; index < spare.length; index += 1) {
      const length = (spare[index] as ArrayBuffer).byteLength;
      if (length >= bytes && (best === -1 || length < (spare[best] as ArrayBuffer).byteLength)) best = index;
    }
    if (best === -1) return new ArrayBuffer(Math.max(MIN_BUFFER_BYTES, 2 ** Math.ceil(Math.log2(bytes))));
    const buffer = spare[best] as ArrayBuffer;
    spare[best] = spare[spare.length - 1] as ArrayBuffer;
    spare.pop();
    return buffer;
  }

  /** Drops every row written (after finish, or when a row could not be written). */
  reset(): void {
    this.count = 0;
    this.linkCount = 0;
    this.idsLength = 0;
    this.strings.clear();
    this.objects.clear();
    this.batteries.clear();
    this.nameLists.clear();
  }

  private string(value: string | undefined): number {
    if (value === undefined) return -1;
    return this.strings.indexOf(value);
  }

  /** An object (or list) by its JSON text, once per distinct text; −1 for undefined. */
  private object(value: unknown): number {
    if (value === undefined) return -1;
    return this.objects.indexOf(JSON.stringify(value));
  }

  /**
   * object() through a number key (NO_KEY: by text alone): this diff's index of the key, else the
   * key's text (made once per key, kept in `texts`) looked up in the table. The text decides the
   * index, so a keyed object and an unkeyed one with the same text share it, as before the keys.
   */
  private keyed(byKey: KeyToIndex, texts: KeyedTexts, key: number, value: unknown): number {
    if (key === NO_KEY) return this.object(value);
    let index = byKey.get(key);
    if (index === undefined) {
      index = this.objects.indexOf(texts.text(key, value));
      byKey.set(key, index);
    }
    return index;
  }
}

/** A number key's index in this diff's objects (a Map, or KeyIndex for small keys). */
interface KeyToIndex {
  get(key: number): number | undefined;
  set(key: number, value: number): unknown;
}

/** Battery keys are below 2^15 (patchObjectKeys.ts batteryKey); a key past it goes by its text, as NO_KEY. */
const BATTERY_KEYS = 1 << 15;

/**
 * This diff's index of each small key (below `size`), emptied at once by a new generation. Why
 * not a Map cleared every diff: at 60,000 events/s a diff holds a few hundred battery keys, and
 * the cleared Map regrew its table to them every time (~29 B of garbage per event, §3n). Two
 * typed arrays of `size` entries (256 KiB for the battery keys) instead, kept for the writer's life.
 */
class KeyIndex {
  private readonly index: Int32Array;
  /** The generation each key's index was set in; a key of an older one is not in this diff. */
  private readonly stamp: Uint32Array;
  private generation = 1;

  constructor(readonly size: number) {
    this.index = new Int32Array(size);
    this.stamp = new Uint32Array(size);
  }

  get(key: number): number | undefined {
    return this.stamp[key] === this.generation ? this.index[key] : undefined;
  }

  set(key: number, value: number): this {
    this.stamp[key] = this.generation;
    this.index[key] = value;
    return this;
  }

  clear(): void {
    this.generation += 1;
    if (this.generation === 0xffff_ffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }
}

function grow(array: Float64Array, needed: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/** Distinct texts in first-seen order, each with its index (a diff's string and object tables). */
class TextTable {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();

  /** The text's index, added at the end when first seen. */
  indexOf(text: string): number {
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.texts.length;
      this.texts.push(text);
      this.index.set(text, at);
    }
    return at;
  }

  clear(): void {
    this.texts.length = 0;
    this.index.clear();
  }
}

/** Patch objects as columns (tests, and any caller that has patches rather than the model). */
export function encodePatchColumns(patches: readonly UnitPatch[], writer: PatchColumnsWriter = new PatchColumnsWriter()): ArrayBuffer {
  try {
    writePatches(patches, writer);
  } catch (error) {
    writer.reset();
    throw error;
  }
  return writer.finish();
}

function writePatches(patches: readonly UnitPatch[], writer: PatchColumnsWriter): void {
  for (const patch of patches) {
    writer.row(patch.id, patch.rev, patch.a);
    if ((patch.a & ASPECT.status) !== 0) writer.status(patch.status, patch.state, patch.videoState, patch.applications, patch.onAir, patch.battery);
    if ((patch.a & ASPECT.usage) !== 0) {
      writer.uplink(patch.uplinkKbps);
      for (const value of patch.linkValues ?? []) writer.linkValue(value);
    }
    if ((patch.a & ASPECT.alerts) !== 0) writer.alerts(patch.activeAlerts);
    if ((patch.a & ASPECT.speedTest) !== 0) writer.speedTest(patch.speedTest);
  }
}

/**
 * The patches of a columns buffer, as the JSON list decoded to (fields of the patched aspects only,
 * undefined ones absent). A buffer that does not hold what its header says is refused with an
 * error naming what is wrong. The store does not use this (PatchColumns.applyRow: no object per
 * patch); tests, the bench's per-event baseline and Node tools do.
 */
export function decodePatchColumns(buffer: ArrayBuffer): UnitPatch[] {
  const columns = new PatchColumns(buffer);
  const patches: UnitPatch[] = [];
  for (let row = 0; row < columns.count; row += 1) patches.push(columns.patch(row));
  return patches;
}

/**
 * A columns buffer read once (issue 15 item 4, docs/performance.md §5i): the header and every row
 * checked when it is made, so a damaged buffer is refused before any of its patches is applied
 * (as decodePatchColumns refused it); then each row is applied straight to the unit's last view
 * (applyRow) without the patch object and the link-values array decodePatchColumns makes per row,
 * which were ~15-19 % of the main thread's allocation under a 60,000 events/s stream.
 *
 * Contract: applyRow(view, row) equals applyUnitPatch(view, patch(row)) (patchColumns.test.ts).
 */
export class PatchColumns {
  /** The number of rows (patches). */
  readonly count: number;
  private readonly f64: Float64Array;
  /**
   * Each row's id, sliced once out of the ids' text when the buffer is read: the store reads a row's
   * id twice (to apply it, then to tell the views), and a slice per read cost ~40 bytes per update more.
   */
  private readonly ids: string[];
  private readonly strings: readonly unknown[];
  private readonly objects: readonly unknown[];
  /** Each row's first link value's index in f64 (count + 1 entries: the last is the end). */
  private readonly linkStart: Uint32Array;

  constructor(buffer: ArrayBuffer) {
    if (buffer.byteLength < HEADER * 8) fail(`${buffer.byteLength} bytes, shorter than the ${HEADER * 8}-byte header`);
    const head = new Float64Array(buffer, 0, HEADER);
    const [version, count, linkCount, jsonBytes, idBytes, idEncoding] = head as unknown as [number, number, number, number, number, number];
    if (version !== PATCH_COLUMNS_VERSION) fail(`version ${version}, this reader reads version ${PATCH_COLUMNS_VERSION}`);
    const numbers = HEADER + PATCH_ROW_STRIDE * count + linkCount;
    if (![count, linkCount, jsonBytes, idBytes].every((size) => Number.isSafeInteger(size) && size >= 0)) {
      fail(`header counts ${count}, ${linkCount}, ${jsonBytes}, ${idBytes} are not sizes`);
    }
    if (idEncoding !== IDS_UTF8 && !(idEncoding === IDS_UTF16 && idBytes % 2 === 0)) fail(`the ids' encoding ${idEncoding} (${idBytes} bytes) is neither ${IDS_UTF8} (UTF-8) nor ${IDS_UTF16} (UTF-16, an even length)`);
    // A reused buffer (PatchColumnsWriter.recycle) is longer than its diff: the bytes past it are not read.
    if (buffer.byteLength < numbers * 8 + idBytes + jsonBytes) fail(`${buffer.byteLength} bytes, the header says ${numbers * 8 + idBytes + jsonBytes}`);
    const f64 = new Float64Array(buffer, 0, numbers);
    const tables = JSON.parse(decoder.decode(new Uint8Array(buffer, numbers * 8 + idBytes, jsonBytes))) as { s?: unknown; o?: unknown };
    const { s: strings, o: objects } = tables;
    if (!Array.isArray(strings) || !Array.isArray(objects)) fail('the string and object tables must be lists');
    const idText = idEncoding === IDS_UTF8 ? idsDecoder.decode(new Uint8Array(buffer, numbers * 8, idBytes)) : codeUnitsText(new Uint16Array(buffer, numbers * 8, idBytes / 2));
    const ids = new Array<string>(count);
    this.count = count;
    this.f64 = f64;
    this.strings = strings as unknown[];
    this.objects = objects as unknown[];
    this.linkStart = new Uint32Array(count + 1);
    // Every row checked in row order, with decodePatchColumns' messages, before any is applied.
    let link = HEADER + PATCH_ROW_STRIDE * count;
    let idEnd = 0;
    for (let row = 0; row < count; row += 1) {
      const at = HEADER + PATCH_ROW_STRIDE * row;
      const mask = f64[at + ROW.mask] as number;
      const end = f64[at + ROW.idEnd] as number;
      if (!(Number.isSafeInteger(end) && end >= idEnd && end <= idText.length)) fail(`row ${row}: its id ends at ${end}, not between ${idEnd} and the ids' text's ${idText.length}`);
      ids[row] = idText.slice(idEnd, end);
      idEnd = end;
      this.linkStart[row] = link;
      if ((mask & ASPECT.status) !== 0) {
        const code = f64[at + ROW.status] as number;
        if (code !== -1 && UNIT_STATUSES[code] === undefined) fail(`row ${row}: status code ${code} is not a unit status`);
        this.stringAt(row, f64[at + ROW.state] as number);
        this.stringAt(row, f64[at + ROW.videoState] as number);
        this.objectAt(row, f64[at + ROW.applications] as number);
        this.objectAt(row, f64[at + ROW.battery] as number);
      }
      if ((mask & ASPECT.speedTest) !== 0) this.objectAt(row, f64[at + ROW.speedTest] as number);
      // A count that is not a whole number ≥ 0 would put the next rows' values out of step.
      const values = f64[at + ROW.linkValues] as number;
      if (!(Number.isSafeInteger(values) && values >= 0) || link + values > numbers) fail(`row ${row}: ${values} link values do not fit the header's ${linkCount}`);
      link += values;
    }
    this.linkStart[count] = link;
    if (idEnd !== idText.length) fail(`the rows' ids end at ${idEnd}, the ids' text is ${idText.length} long`);
    this.ids = ids;
    if (link !== numbers) fail(`the rows hold ${link - HEADER - PATCH_ROW_STRIDE * count} link values, the header says ${linkCount}`);
  }

  /** The unit id of a row. */
  id(row: number): string {
    return this.ids[row] as string;
  }

  /** A row as the patch object the JSON list decoded to (decodePatchColumns). */
  patch(row: number): UnitPatch {
    const f64 = this.f64;
    const at = HEADER + PATCH_ROW_STRIDE * row;
    const mask = f64[at + ROW.mask] as number;
    const patch: { -readonly [K in keyof UnitPatch]: UnitPatch[K] } = { id: this.id(row), rev: f64[at + ROW.rev] as number, a: mask };
    if ((mask & ASPECT.status) !== 0) {
      const code = f64[at + ROW.status] as number;
      if (code !== -1) patch.status = UNIT_STATUSES[code] as UnitStatus;
      const state = this.stringAt(row, f64[at + ROW.state] as number);
      if (state !== undefined) patch.state = state;
      const videoState = this.stringAt(row, f64[at + ROW.videoState] as number);
      if (videoState !== undefined) patch.videoState = videoState;
      const applications = this.objectAt(row, f64[at + ROW.applications] as number);
      if (applications !== undefined) patch.applications = applications as string[];
      const onAir = f64[at + ROW.onAir] as number;
      if (onAir !== -1) patch.onAir = onAir === 1;
      const battery = this.objectAt(row, f64[at + ROW.battery] as number);
      if (battery !== undefined) patch.battery = battery as UnitPatch['battery'];
    }
    if ((mask & ASPECT.usage) !== 0) {
      const uplink = f64[at + ROW.uplinkKbps] as number;
      if (!Number.isNaN(uplink)) patch.uplinkKbps = uplink;
      // A plain loop: Array.from over a typed-array view (an iterator and a view object per row) made
      // decodePatchColumns ~3.5x slower than before PatchColumns (docs/performance.md §3j).
      const end = this.linkStart[row + 1] as number;
      const linkValues: number[] = [];
      for (let value = this.linkStart[row] as number; value < end; value += 1) linkValues.push(f64[value] as number);
      patch.linkValues = linkValues;
    }
    if ((mask & ASPECT.alerts) !== 0) {
      const alerts = f64[at + ROW.activeAlerts] as number;
      if (!Number.isNaN(alerts)) patch.activeAlerts = alerts;
    }
    if ((mask & ASPECT.speedTest) !== 0) {
      const speedTest = this.objectAt(row, f64[at + ROW.speedTest] as number);
      if (speedTest !== undefined) patch.speedTest = speedTest as UnitPatch['speedTest'];
    }
    return patch;
  }

  /**
   * The unit's last view with row `row` applied: what applyUnitPatch(view, this.patch(row)) gives,
   * read straight from the columns. Links whose numbers did not change are the view's own objects
   * (linksWithValues).
   */
  applyRow(view: UnitView, row: number): UnitView {
    const f64 = this.f64;
    const at = HEADER + PATCH_ROW_STRIDE * row;
    const mask = f64[at + ROW.mask] as number;
    const next: { -readonly [K in keyof UnitView]: UnitView[K] } = { ...view, rev: f64[at + ROW.rev] as number };
    if ((mask & ASPECT.status) !== 0) {
      const code = f64[at + ROW.status] as number;
      next.status = code === -1 ? view.status : (UNIT_STATUSES[code] as UnitStatus);
      next.state = this.stringAt(row, f64[at + ROW.state] as number);
      next.videoState = this.stringAt(row, f64[at + ROW.videoState] as number);
      next.applications = (this.objectAt(row, f64[at + ROW.applications] as number) as string[] | undefined) ?? [];
      const onAir = f64[at + ROW.onAir] as number;
      next.onAir = onAir === -1 ? undefined : onAir === 1;
      next.battery = this.objectAt(row, f64[at + ROW.battery] as number) as UnitView['battery'];
    }
    if ((mask & ASPECT.usage) !== 0) {
      const uplink = f64[at + ROW.uplinkKbps] as number;
      next.uplinkKbps = Number.isNaN(uplink) ? undefined : uplink;
      const from = this.linkStart[row] as number;
      next.links = linksWithValues(view.links, f64, from, (this.linkStart[row + 1] as number) - from);
    }
    if ((mask & ASPECT.alerts) !== 0) {
      const alerts = f64[at + ROW.activeAlerts] as number;
      next.activeAlerts = Number.isNaN(alerts) ? 0 : alerts;
    }
    if ((mask & ASPECT.speedTest) !== 0) next.speedTest = this.objectAt(row, f64[at + ROW.speedTest] as number) as UnitView['speedTest'];
    return next;
  }

  private stringAt(row: number, index: number): string | undefined {
    if (index === -1) return undefined;
    const value = this.strings[index];
    return typeof value === 'string' ? value : fail(`row ${row}: string index ${index} is not in the table of ${this.strings.length}`);
  }

  private objectAt(row: number, index: number): unknown {
    if (index === -1) return undefined;
    if (!(Number.isInteger(index) && index >= 0 && index < this.objects.length)) fail(`row ${row}: object index ${index} is not in the table of ${this.objects.length}`);
    return this.objects[index];
  }
}

/** A string of exactly these UTF-16 code units (lone surrogates kept), in chunks under the argument limit. */
function codeUnitsText(units: Uint16Array): string {
  const CHUNK = 8_192;
  let text = '';
  for (let from = 0; from < units.length; from += CHUNK) text += String.fromCharCode(...units.subarray(from, from + CHUNK));
  return text;
}

function fail(what: string): never {
  throw new Error(`patch columns: ${what}`);
}
