/**
 * Compact summary records: how a reader thread hands the main thread the events of one chunk of a
 * log (the parallel summary reader, replay/parallelLog.ts) without sending parsed objects.
 *
 * A reader thread (`SummaryRecordWriter`) reads each line as the full path does (src/protocol/
 * logFormat.ts: JSON.parse, then decodeEnvelope's guard isEnvelope), or, for the unit.status,
 * unit.usage, unit.added and unit.alert lines the WebAssembly scanner proves valid
 * (replay/summaryScanner.ts: the same verdict
 * and values as JSON.parse + isEnvelope, about half the CPU), from the scanner's record, and writes
 * one record of RECORD_STRIDE numbers per event line into a Float64Array (transferred, not copied):
 *   [line in the chunk, seq, ts, rev, kind (EVENT_KINDS index), id entry, data entry]
 * Entries index a TABLE the thread grows as it goes and sends along with the records (each new
 * entry once): the id strings, and the SUMMARY PROJECTION of the payloads the fleet model reads for
 * the summary (workers/model/fleetModel.ts + summary.ts), shared by every event with the same one:
 * - unit.status: `state`, and `applications` reduced to the application names present (an empty
 *   object each) with video's `state` kept: the domain's rules read nothing else (deriveUnitStatus,
 *   isBusy: which names are present, video.state; isOfflineState: state);
 * - unit.added: `type`, `isDemo`, `isBlockedVendor`, `status` (as above), and `alerts` reduced to
 *   its active alerts (activeAlertCount reads `active` only);
 * - unit.alert: `alerts`, reduced likewise; every other kind: no data entry (UNREAD_DATA).
 * The main thread (`SummaryRecordReader`) turns a record back into a SLIM envelope holding those
 * values and gives it to the model, so every rule (rev order, derived status, counters,
 * transitions) stays the model's and the domain's. Slim units are fit for the summary only.
 *
 * Lines the thread does not turn into a record go to the main thread as text (kind FULL_LINE),
 * where the full parser reads them with their real line number: line 1 (the header), a line that
 * is not JSON or not an envelope (an error naming it, or a torn last line), so errors, warnings and
 * the seq rule (checked on the main thread, across chunks) come from the same code as today. After
 * such a line (other than line 1) the rest of the chunk is not read: the main thread stops there.
 * Blank lines are skipped, as the full parser skips them.
 */
import type { Envelope } from '../src/protocol/envelope.ts';
import { isEnvelope } from '../src/protocol/envelopeGuard.ts';
import type { EventKind } from '../src/protocol/kinds.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { isBlankLine } from '../src/protocol/logLines.ts';
import type { RawUnitStatus } from '../src/domain/units/status.ts';
import { APPLICATION_NAMES } from '../src/domain/units/status.ts';
import type { UnitAlert } from '../src/domain/units/interface.ts';
import { forEachLine, decodeBytes, tailLines } from './lineBlocks.ts';
import type { OwnedBytes } from './logChunks.ts';
import type { SummaryFleet } from './summaryFleet.ts';
import { alertInfo, addedInfo, KIND_ADDED, KIND_ALERT, KIND_REMOVED, KIND_STATUS, statusInfo, unitKind } from './summaryFleet.ts';
import { SCAN_FALLBACK, SCAN_INPUT_BYTES, SCAN_STRIDE, S_APPS, S_EXTRA, S_ID, S_KIND, S_REV, S_SEQ, S_STATE, S_TS, addedExtra, sharedSummaryScanner } from './summaryScanner.ts';
import type { AddedExtra, SummaryScanner } from './summaryScanner.ts';

/** Numbers per record. */
export const RECORD_STRIDE = 7;
const R_LINE = 0;
const R_SEQ = 1;
const R_TS = 2;
const R_REV = 3;
const R_KIND = 4;
const R_ID = 5;
const R_DATA = 6;
/** R_KIND of a line for the full parser: R_ID is the entry of its text, R_DATA 1 when it may be torn. */
const FULL_LINE = -1;
/** R_DATA of a kind whose payload the summary never reads. */
const NO_DATA = -1;
/** Records a chunk's array starts with (grown ×2 when full; ~4,000 events per MiB in the bench logs). */
const INITIAL_RECORDS = 4_096;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
/** unit.status's EVENT_KINDS index (the scanner's records of it carry the status fields). */
const STATUS_KIND = EVENT_KINDS.indexOf('unit.status');
const ADDED_KIND = EVENT_KINDS.indexOf('unit.added');
const ALERT_KIND = EVENT_KINDS.indexOf('unit.alert');

/** What one thread read of one chunk. */
export type ChunkRecords = {
  readonly chunk: number;
  /** Lines the chunk holds (blank ones included): the next chunk's lines are numbered after them. */
  readonly lines: number;
  readonly count: number;
  /** `count` records of RECORD_STRIDE numbers (the array may be longer). */
  readonly records: Float64Array;
  /** The entries first used in this chunk, appended in order to the thread's table. */
  readonly entries: readonly unknown[];
};

/** The payload of every kind whose payload the summary never reads (checked by the guard, not kept). */
const UNREAD_DATA: Readonly<Record<string, never>> = Object.freeze({});

const APPLICATION_BIT: ReadonlyMap<string, number> = new Map(APPLICATION_NAMES.map((name, index) => [name, 1 << index]));
const KIND_INDEX: ReadonlyMap<string, number> = new Map(EVENT_KINDS.map((kind, index) => [kind, index]));

/** A string as an unambiguous piece of a table key (its length first). */
function keyPart(text: string | undefined): string {
  return text === undefined ? '-' : `${text.length}:${text}`;
}

function flagPart(value: boolean | undefined): string {
  return value === undefined ? '-' : value ? 't' : 'f';
}

/**
 * What the summary reads of a unit.status payload: `state`, the application names present (a bit
 * per name, APPLICATION_NAMES order) and video's `state`. The key names the projection in the
 * thread's table; the value is built only the first time a key is seen (most status events repeat
 * one of a few dozen projections: building it per event cost ~10 % of a reader thread's time).
 */
type StatusFields = { state: string | undefined; bits: number; videoState: string | undefined };

function statusFields(raw: RawUnitStatus, into: StatusFields): StatusFields {
  let bits = 0;
  let videoState: string | undefined;
  const present = raw.applications;
  if (present !== undefined) {
    for (const name in present) {
      const bit = APPLICATION_BIT.get(name);
      if (bit === undefined) continue;
      bits |= bit;
      if (name === 'video') videoState = present.video?.state;
    }
  }
  into.state = raw.state;
  into.bits = bits;
  into.videoState = videoState;
  return into;
}

function statusKey(fields: StatusFields): string {
  return `${keyPart(fields.state)}|${fields.bits}|${keyPart(fields.videoState)}`;
}

/**
 * The summary projection of unit.status data: its state, and an empty object per application
 * present (video's with its state). The model's rules read nothing else (deriveUnitStatus, isBusy:
 * which names are present, in any order, and video.state; isOfflineState: state).
 */
function statusValue(fields: StatusFields): RawUnitStatus {
  const applications: Record<string, { state?: string }> = {};
  APPLICATION_NAMES.forEach((name, index) => {
    if ((fields.bits & (1 << index)) === 0) return;
    applications[name] = name === 'video' && fields.videoState !== undefined ? { state: fields.videoState } : {};
  });
  return fields.state === undefined ? { applications } : { state: fields.state, applications };
}

/** A status projection from the scanner as one exact number: state + 1 and video + 1 are below 2^18 (the scanner's table), the bits below 2^16. */
function statusCode(state: number, apps: number): number {
  return (state + 1) * 2 ** 34 + apps;
}

function activeCount(alerts: readonly UnitAlert[] | undefined): number {
  let count = 0;
  if (alerts !== undefined) for (const alert of alerts) if (alert.active) count += 1;
  return count;
}

/** `count` active alerts (all the summary reads of an alert list: activeAlertCount). */
function activeAlerts(count: number): readonly { active: true }[] {
  return Array.from({ length: count }, () => ({ active: true as const }));
}

/** Reads chunks for the main thread; one per thread, its table growing across its chunks. */
export class SummaryRecordWriter {
  private readonly scanner: SummaryScanner;
  private readonly ids = new Map<string, number>();
  /** The table entry of each of the scanner's id strings (by its string index), -1 until first seen. */
  private readonly scannedIds: number[] = [];
  /** The table entry of each status projection the scanner reported, by statusCode(). */
  private readonly scannedStatuses = new Map<number, number>();
  /** The table entry of each unit.added projection the scanner reported: by its S_EXTRA, then by statusCode(). */
  private readonly scannedAdded = new Map<number, Map<number, number>>();
  /** The table entry of each unit.alert projection the scanner reported, by its active alerts. */
  private readonly scannedAlerts = new Map<number, number>();
  private readonly added: AddedExtra = { type: 0, isDemo: undefined, isBlockedVendor: undefined, active: 0 };
  private readonly projections = new Map<string, number>();
  /** The status fields of the line being read (one object reused: no allocation per event). */
  private readonly fields: StatusFields = { state: undefined, bits: 0, videoState: undefined };
  private tableSize = 0;
  // The chunk being read.
  private entries: unknown[] = [];
  private records = new Float64Array(0);
  private count = 0;
  private lines = 0;
  private holdsLineOne = false;
  private stopped = false;

  constructor(scanner: SummaryScanner = sharedSummaryScanner()) {
    this.scanner = scanner;
  }

  private entry(value: unknown): number {
    this.entries.push(value);
    this.tableSize += 1;
    return this.tableSize - 1;
  }

  private idEntry(id: string): number {
    let index = this.ids.get(id);
    if (index === undefined) {
      index = this.entry(id);
      this.ids.set(id, index);
    }
    return index;
  }

  /** The table entry of the projection named `key`, its value built by `value()` the first time. */
  private projectionEntry(key: string, value: () => unknown): number {
    let index = this.projections.get(key);
    if (index === undefined) {
      index = this.entry(value());
      this.projections.set(key, index);
    }
    return index;
  }

  private dataEntry(event: Envelope): number {
    switch (event.kind) {
      case 'unit.status': {
        const fields = statusFields(event.data, this.fields);
        return this.projectionEntry(statusKey(fields), () => statusValue(fields));
      }
      case 'unit.added': {
        const data = event.data;
        return this.addedEntry(data.type, data.isDemo, data.isBlockedVendor, activeCount(data.alerts), statusFields(data.status, this.fields));
      }
      case 'unit.alert':
        return this.alertEntry(activeCount(event.data.alerts));
      default:
        return NO_DATA;
    }
  }

  /** The table entry of a unit.added projection (JSON.parse's path and the scanner's share it). */
  private addedEntry(type: string, isDemo: boolean | undefined, isBlockedVendor: boolean | undefined, active: number, fields: StatusFields): number {
    const key = `A${keyPart(type)}|${flagPart(isDemo)}${flagPart(isBlockedVendor)}|${active}|${statusKey(fields)}`;
    return this.projectionEntry(key, () => {
      const value: Record<string, unknown> = { type, status: statusValue(fields), alerts: activeAlerts(active) };
      if (isDemo !== undefined) value['isDemo'] = isDemo;
      if (isBlockedVendor !== undefined) value['isBlockedVendor'] = isBlockedVendor;
      return value;
    });
  }

  /** The table entry of a unit.alert projection: `active` active alerts. */
  private alertEntry(active: number): number {
    return this.projectionEntry(`L${active}`, () => ({ alerts: activeAlerts(active) }));
  }

  private slot(): number {
    if ((this.count + 1) * RECORD_STRIDE > this.records.length) {
      const grown = new Float64Array(Math.max(INITIAL_RECORDS, this.count * 2) * RECORD_STRIDE);
      grown.set(this.records.subarray(0, this.count * RECORD_STRIDE));
      this.records = grown;
    }
    this.count += 1;
    return (this.count - 1) * RECORD_STRIDE;
  }

  private fullLine(text: string, tornAllowed: boolean): void {
    const at = this.slot();
    const records = this.records;
    records[at + R_LINE] = this.lines;
    records[at + R_KIND] = FULL_LINE;
    records[at + R_ID] = this.entry(text);
    records[at + R_DATA] = tornAllowed ? 1 : 0;
  }

  private line(text: string, tornAllowed: boolean): void {
    this.lines += 1;
    if (this.stopped) return;
    if (this.holdsLineOne && this.lines === 1) {
      this.fullLine(text, tornAllowed); // the header: the full parser's
      return;
    }
    if (isBlankLine(text)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !isEnvelope(parsed)) {
      this.fullLine(text, tornAllowed);
      this.stopped = true;
      return;
    }
    const at = this.slot();
    const records = this.records;
    records[at + R_LINE] = this.lines;
    records[at + R_SEQ] = parsed.seq;
    records[at + R_TS] = parsed.ts;
    records[at + R_REV] = parsed.rev;
    records[at + R_KIND] = KIND_INDEX.get(parsed.kind) as number;
    records[at + R_ID] = this.idEntry(parsed.id);
    records[at + R_DATA] = this.dataEntry(parsed);
  }

  /** The table entry of the id the scanner interned as string `index`. */
  private scannedIdEntry(index: number): number {
    const known = this.scannedIds[index];
    if (known !== undefined && known >= 0) return known;
    const entry = this.idEntry(this.scanner.strings[index] as string);
    this.scannedIds[index] = entry;
    return entry;
  }

  /** The status fields of the scanner's string indexes and bits, in this.fields. */
  private scannedStatusFields(state: number, apps: number): StatusFields {
    const strings = this.scanner.strings;
    const video = Math.floor(apps / 65536) - 1;
    const fields = this.fields;
    fields.state = state < 0 ? undefined : strings[state];
    fields.bits = apps % 65536;
    fields.videoState = video < 0 ? undefined : strings[video];
    return fields;
  }

  /** The table entry of a unit.status projection from the scanner's string indexes and bits. */
  private scannedStatusEntry(state: number, apps: number): number {
    const code = statusCode(state, apps);
    const known = this.scannedStatuses.get(code);
    if (known !== undefined) return known;
    const fields = this.scannedStatusFields(state, apps);
    const entry = this.projectionEntry(statusKey(fields), () => statusValue(fields));
    this.scannedStatuses.set(code, entry);
    return entry;
  }

  /** The table entry of a unit.added projection from the scanner's record (S_EXTRA, its status's state and bits). */
  private scannedAddedEntry(extra: number, state: number, apps: number): number {
    let byStatus = this.scannedAdded.get(extra);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.scannedAdded.set(extra, byStatus);
    }
    const code = statusCode(state, apps);
    const known = byStatus.get(code);
    if (known !== undefined) return known;
    const added = addedExtra(extra, this.added);
    const entry = this.addedEntry(this.scanner.strings[added.type] as string, added.isDemo, added.isBlockedVendor, added.active, this.scannedStatusFields(state, apps));
    byStatus.set(code, entry);
    return entry;
  }

  /** The table entry of a unit.alert projection from the scanner's count of active alerts. */
  private scannedAlertEntry(active: number): number {
    let entry = this.scannedAlerts.get(active);
    if (entry === undefined) {
      entry = this.alertEntry(active);
      this.scannedAlerts.set(active, entry);
    }
    return entry;
  }

  /** The table entry of the projection of a line the scanner read, by its kind. */
  private scannedDataEntry(kind: number, scanned: Float64Array, at: number): number {
    if (kind === STATUS_KIND) return this.scannedStatusEntry(scanned[at + S_STATE] as number, scanned[at + S_APPS] as number);
    if (kind === ADDED_KIND) return this.scannedAddedEntry(scanned[at + S_EXTRA] as number, scanned[at + S_STATE] as number, scanned[at + S_APPS] as number);
    if (kind === ALERT_KIND) return this.scannedAlertEntry(scanned[at + S_EXTRA] as number);
    return NO_DATA;
  }

  /** Reads whole lines `bytes[from, to)` (the byte before `to` a "\n") with the scanner. */
  private scanLines(bytes: Buffer, from: number, to: number): void {
    const scanner = this.scanner;
    scanner.load(bytes, from, to);
    for (let scanned = scanner.next(); scanned.length > 0; scanned = scanner.next()) {
      for (let at = 0; at < scanned.length; at += SCAN_STRIDE) {
        const kind = scanned[at + S_KIND] as number;
        if (kind === SCAN_FALLBACK) {
          this.line(decodeBytes(bytes, from + (scanned[at + S_SEQ] as number), from + (scanned[at + S_TS] as number)), false);
          continue;
        }
        this.lines += 1;
        if (this.stopped) continue;
        const slot = this.slot();
        const records = this.records;
        records[slot + R_LINE] = this.lines;
        records[slot + R_SEQ] = scanned[at + S_SEQ] as number;
        records[slot + R_TS] = scanned[at + S_TS] as number;
        records[slot + R_REV] = scanned[at + S_REV] as number;
        records[slot + R_KIND] = kind;
        records[slot + R_ID] = this.scannedIdEntry(scanned[at + S_ID] as number);
        records[slot + R_DATA] = this.scannedDataEntry(kind, scanned, at);
      }
    }
  }

  /**
   * Reads `bytes[from, to]` (`to` at a "\n" byte, included) in pieces of whole lines of at most
   * `pieceBytes` (and SCAN_INPUT_BYTES), cut after a "\n"; a run longer than that without a "\n"
   * (one long line, or lines ended by lone "\r") is read as text by JSON.parse.
   */
  private linesOfBytes(bytes: Buffer, from: number, to: number, pieceBytes: number): void {
    const most = Math.max(1, Math.min(pieceBytes, SCAN_INPUT_BYTES));
    while (from <= to) {
      let end = Math.min(to, from + most - 1);
      if (end < to) end = bytes.lastIndexOf(NEWLINE, end);
      if (end >= from) {
        this.scanLines(bytes, from, end + 1);
      } else {
        end = bytes.indexOf(NEWLINE, from);
        forEachLine(decodeBytes(bytes, from, end + 1), (text) => this.line(text, false));
      }
      from = end + 1;
    }
  }

  /**
   * Reads the lines of chunk `chunk` (`owned`: its bytes, replay/logChunks.ts) with the line rules
   * of replay/lineBlocks.ts, scanning pieces of at most `pieceBytes` (the reader's segment size:
   * 64 KiB by default, the copy into the scanner stays in cache). Chunk 0 holds line 1 (the header:
   * the full parser's, read as text).
   */
  read(chunk: number, owned: OwnedBytes, pieceBytes: number): ChunkRecords {
    this.entries = [];
    this.records = new Float64Array(INITIAL_RECORDS * RECORD_STRIDE);
    this.count = 0;
    this.lines = 0;
    this.holdsLineOne = chunk === 0;
    this.stopped = false;
    const { bytes, start, end } = owned;
    if (end > start) {
      const last = bytes.subarray(start, end).lastIndexOf(NEWLINE) + start;
      let from = start;
      if (this.holdsLineOne && last >= start) {
        // Line 1 ends at its first "\n" or "\r" ("\r\n" counting as one end).
        let lineEnd = from;
        while (bytes[lineEnd] !== NEWLINE && bytes[lineEnd] !== RETURN) lineEnd += 1;
        this.line(decodeBytes(bytes, from, lineEnd), false);
        from = lineEnd + (bytes[lineEnd] === RETURN && bytes[lineEnd + 1] === NEWLINE ? 2 : 1);
      }
      if (last >= from) this.linesOfBytes(bytes, from, last, pieceBytes);
      if (last + 1 < end) {
        // The file's tail (it does not end with "\n"): its last line may be torn.
        const tail = tailLines(decodeBytes(bytes, last + 1, end));
        tail.forEach((text, index) => this.line(text, index === tail.length - 1));
      }
    }
    return { chunk, lines: this.lines, count: this.count, records: this.records, entries: this.entries };
  }
}

/** A SLIM envelope (see the header) for the fleet model; `data` is a summary projection. */
export type SlimEvent = Envelope;

/** The main thread's side: the tables of the threads and the records turned back into events. */
export class SummaryRecordReader {
  private readonly tables: unknown[][] = [];

  /** Appends a chunk's new entries to the table of `thread` (call in the order the thread sent them). */
  addEntries(thread: number, entries: readonly unknown[]): void {
    const table = (this.tables[thread] ??= []);
    for (const entry of entries) table.push(entry);
  }

  /**
   * Walks the records of a chunk read by `thread`: `onEvent(event, line)` per event record,
   * `onFullLine(text, line, tornAllowed)` per line for the full parser; `line` is the line's
   * number in the chunk (1-based). Stops early when a callback returns false.
   */
  forEach(
    thread: number,
    chunk: ChunkRecords,
    onEvent: (event: SlimEvent, line: number) => boolean,
    onFullLine: (text: string, line: number, tornAllowed: boolean) => boolean,
  ): void {
    const table = this.tables[thread] ?? [];
    const records = chunk.records;
    for (let at = 0; at < chunk.count * RECORD_STRIDE; at += RECORD_STRIDE) {
      const kindIndex = records[at + R_KIND] as number;
      const line = records[at + R_LINE] as number;
      if (kindIndex === FULL_LINE) {
        if (!onFullLine(table[records[at + R_ID] as number] as string, line, records[at + R_DATA] === 1)) return;
        continue;
      }
      const dataIndex = records[at + R_DATA] as number;
      const event = {
        seq: records[at + R_SEQ] as number,
        ts: records[at + R_TS] as number,
        kind: EVENT_KINDS[kindIndex] as EventKind,
        id: table[records[at + R_ID] as number] as string,
        rev: records[at + R_REV] as number,
        data: dataIndex === NO_DATA ? UNREAD_DATA : table[dataIndex],
      } as SlimEvent;
      if (!onEvent(event, line)) return;
    }
  }

  /** Per thread: the fleet slot of each id entry, -1 until first seen (applyTo). */
  private readonly slots: Int32Array[] = [];
  /** Per thread: the payload info of each data entry, -1 until first seen (applyTo). */
  private readonly infos: number[][] = [];

  /**
   * forEach without an envelope per event: each event record goes straight to `fleet`
   * (replay/summaryFleet.ts), its id's slot and its payload's info computed once per table entry;
   * `onSeq(seq, line)` first (the log's seq rule); lines for the full parser go to `onFullLine`.
   * Unlike forEach it does not stop early: the seq rule and the full parser throw on a bad line.
   */
  applyTo(
    thread: number,
    chunk: ChunkRecords,
    fleet: SummaryFleet,
    onSeq: (seq: number, line: number) => void,
    onFullLine: (text: string, line: number, tornAllowed: boolean) => void,
  ): void {
    const table = this.tables[thread] ?? [];
    let slots = this.slots[thread] ?? new Int32Array(0);
    if (slots.length < table.length) {
      const grown = new Int32Array(Math.max(table.length, slots.length * 2)).fill(-1);
      grown.set(slots);
      slots = grown;
      this.slots[thread] = slots;
    }
    const infos = (this.infos[thread] ??= []);
    const records = chunk.records;
    const end = chunk.count * RECORD_STRIDE;
    for (let at = 0; at < end; at += RECORD_STRIDE) {
      const kind = records[at + R_KIND] as number;
      const line = records[at + R_LINE] as number;
      if (kind === FULL_LINE) {
        onFullLine(table[records[at + R_ID] as number] as string, line, records[at + R_DATA] === 1);
        continue;
      }
      const seq = records[at + R_SEQ] as number;
      onSeq(seq, line);
      if (!unitKind(kind)) {
        fleet.countOther();
        continue;
      }
      const idEntry = records[at + R_ID] as number;
      let slot = slots[idEntry] as number;
      if (slot < 0) {
        slot = fleet.slotOf(table[idEntry] as string);
        slots[idEntry] = slot;
      }
      const dataEntry = records[at + R_DATA] as number;
      let info = 0;
      if (kind === KIND_STATUS || kind === KIND_ADDED || kind === KIND_ALERT) {
        info = infos[dataEntry] ?? -1;
        if (info < 0) {
          const data = table[dataEntry] as never;
          info = kind === KIND_STATUS ? statusInfo(data) : kind === KIND_ADDED ? addedInfo(data) : alertInfo(data);
          infos[dataEntry] = info;
        }
      }
      fleet.apply(seq, kind, slot, records[at + R_REV] as number, info);
    }
  }
}
