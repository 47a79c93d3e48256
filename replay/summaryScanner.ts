/**
 * The summary reader's line scanner (issue 15 item 5, docs/performance.md §1 round p11): the
 * WebAssembly module built from replay/wasm/summaryScanner.ts (AssemblyScript) by replay/build.mjs,
 * and its JavaScript side. A SummaryRecordWriter (replay/summaryRecords.ts) hands it whole lines of
 * a chunk's bytes; for each line it gets either a proved unit.status / unit.usage / unit.added /
 * unit.alert envelope (seq, ts, rev, kind, the id and the status's state, application bits and
 * video state as indexes into a table of strings decoded once each; unit.added's type, isDemo,
 * isBlockedVendor and active alerts, unit.alert's active alerts: S_EXTRA) or the line's byte range,
 * which the writer reads with
 * JSON.parse as before. The scanner accepts only lines JSON.parse + isEnvelope accept, with the same
 * values (summaryScanner.test.ts, and the reader's property tests in parallelLog.test.ts).
 *
 * One scanner per thread (sharedSummaryScanner: each reader thread instantiates the module once,
 * ~20 MiB of linear memory, most of it the string table, reserved once; writers of one thread share
 * it, each keeping its own map from the scanner's string indexes, which never change).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Bytes of input per scan (whole lines; a longer line is read by JSON.parse). */
export const SCAN_INPUT_BYTES = 4 << 20;
/** Records per scan() call (8 float64 each: 4 MiB); the scan resumes after them. */
const SCAN_RECORDS = 1 << 16;
/** Float64 numbers per record (replay/wasm/summaryScanner.ts STRIDE). */
export const SCAN_STRIDE = 8;
/** unit.added: type + 2^18 × (isDemo + 3 × (isBlockedVendor + 3 × active alerts)), see addedExtra(); unit.alert: active alerts. */
export const S_EXTRA = 0;
export const S_SEQ = 1;
export const S_TS = 2;
export const S_REV = 3;
/** EVENT_KINDS index of the kind, or SCAN_FALLBACK. */
export const S_KIND = 4;
export const S_ID = 5;
/** unit.status (unit.added: its `status`): the string index of `state`, -1 when absent. */
export const S_STATE = 6;
/** unit.status (unit.added: its `status`): the application bits (APPLICATION_NAMES order) + (video state's string index + 1) × 65536. */
export const S_APPS = 7;
/** S_KIND of a line the scanner leaves to JSON.parse; its byte range is [S_SEQ, S_TS) of the piece. */
export const SCAN_FALLBACK = -1;
const NEWLINE = 0x0a;
/** The string table's indexes are below 2^18 (replay/wasm/summaryScanner.ts TABLE_BITS - 1). */
const TYPE_SPAN = 2 ** 18;

/** unit.added's fields in a record's S_EXTRA: the type's string index, each flag undefined when absent. */
export type AddedExtra = { type: number; isDemo: boolean | undefined; isBlockedVendor: boolean | undefined; active: number };

const FLAG: readonly (boolean | undefined)[] = [undefined, false, true];

/** Decodes unit.added's S_EXTRA into `into` (one object reused: no allocation per event). */
export function addedExtra(extra: number, into: AddedExtra): AddedExtra {
  const type = extra % TYPE_SPAN;
  let rest = (extra - type) / TYPE_SPAN;
  const demo = rest % 3;
  rest = (rest - demo) / 3;
  const blocked = rest % 3;
  into.type = type;
  into.isDemo = FLAG[demo];
  into.isBlockedVendor = FLAG[blocked];
  into.active = (rest - blocked) / 3;
  return into;
}

type ScannerExports = {
  readonly memory: WebAssembly.Memory;
  init(inputCap: number, records: number): number;
  recordsAt(): number;
  entriesAt(): number;
  entries(): number;
  arenaAt(): number;
  stopped(): number;
  scan(start: number, end: number): number;
};

/** Where the build writes the module: beside the bundle (`npm run replay`), or .cache/replay/ from the sources. */
export function scannerWasmUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../.cache/replay/summaryScanner.wasm', here) : new URL('./summaryScanner.wasm', here);
}

let compiled: WebAssembly.Module | undefined;

function scannerModule(): WebAssembly.Module {
  if (compiled !== undefined) return compiled;
  const url = scannerWasmUrl();
  if (!existsSync(url)) throw new Error(`replay: the summary scanner ${fileURLToPath(url)} is not built: run \`node replay/build.mjs\` (npm run replay builds it)`);
  compiled = new WebAssembly.Module(readFileSync(url));
  return compiled;
}

/** The scanner of one thread: load a piece of whole lines, then take its records batch by batch. */
export class SummaryScanner {
  private readonly wasm: ScannerExports;
  private readonly input: number;
  private readonly recordsAt: number;
  /** The table's strings decoded so far, by index. */
  readonly strings: string[] = [];
  private start = 0;
  private end = 0;

  constructor(module: WebAssembly.Module = scannerModule()) {
    this.wasm = new WebAssembly.Instance(module, { env: { abort: () => { throw new Error('replay: the summary scanner aborted'); } } }).exports as unknown as ScannerExports;
    this.input = this.wasm.init(SCAN_INPUT_BYTES, SCAN_RECORDS);
    this.recordsAt = this.wasm.recordsAt();
  }

  /**
   * Copies `bytes[from, to)` into the scanner: whole lines, `to - from` at most SCAN_INPUT_BYTES,
   * the byte before `to` a "\n".
   */
  load(bytes: Uint8Array, from: number, to: number): void {
    if (to - from > SCAN_INPUT_BYTES || bytes[to - 1] !== NEWLINE) throw new Error(`replay: scanner input must be whole lines of at most ${SCAN_INPUT_BYTES} bytes`);
    const memory = new Uint8Array(this.wasm.memory.buffer);
    memory.set(bytes.subarray(from, to), this.input);
    memory[this.input + (to - from)] = NEWLINE;
    this.start = this.input;
    this.end = this.input + (to - from);
  }

  /**
   * Scans the next lines of the loaded piece: a view of their records (SCAN_STRIDE numbers each, one
   * per line, in order; valid until the next call), empty when the piece is done. New strings are
   * decoded into `strings` first.
   */
  next(): Float64Array {
    if (this.start >= this.end) return new Float64Array(0);
    const count = this.wasm.scan(this.start, this.end);
    this.start = this.wasm.stopped();
    const total = this.wasm.entries();
    if (total > this.strings.length) {
      const memory = Buffer.from(this.wasm.memory.buffer);
      const entries = this.wasm.entriesAt();
      const arena = this.wasm.arenaAt();
      for (let index = this.strings.length; index < total; index += 1) {
        const offset = memory.readUInt32LE(entries + index * 12);
        const length = memory.readUInt32LE(entries + index * 12 + 4);
        // Only pure-ASCII strings are interned: latin1 is their exact text.
        this.strings.push(memory.toString('latin1', arena + offset, arena + offset + length));
      }
    }
    return new Float64Array(this.wasm.memory.buffer, this.recordsAt, count * SCAN_STRIDE);
  }
}

let shared: SummaryScanner | undefined;

/** This thread's scanner, created on first use. */
export function sharedSummaryScanner(): SummaryScanner {
  shared ??= new SummaryScanner();
  return shared;
}
