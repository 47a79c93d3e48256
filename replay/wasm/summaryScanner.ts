// The replay summary's line scanner, in AssemblyScript, compiled to WebAssembly by replay/build.mjs
// (.cache/replay/summaryScanner.wasm, never committed; issue 15 item 5, docs/performance.md §1
// round p11). JavaScript cannot check a line's bytes faster than V8's JSON.parse builds its objects
// (measured 1.3-2.1x slower); this loop over the bytes in linear memory does it in about half the
// CPU of JSON.parse + isEnvelope for the lines it reads.
//
// What it does: every line of INPUT[start, end) (each ending with "\n" or "\r") is either PROVED to
// be a line that JSON.parse + isEnvelope (src/protocol/envelopeGuard.ts) accept, of kind unit.status,
// unit.usage, unit.added or unit.alert, and its summary fields are written to a record; or it is
// left to JavaScript (a
// FALLBACK record: its byte range), which reads it with JSON.parse exactly as before. The proof is
// the JSON grammar over every byte of the line (RFC 8259 as JSON.parse has it: no leading zeros,
// escapes checked, no control characters in strings, only space and tab as whitespace inside a line)
// plus the guard's checks for these kinds (payloadGuards.ts isUnitStatusData, isUsageLink, isUnitData
// with isLink, isBattery and isAlert; round p12 added unit.added and unit.alert: the 50k log's
// 50,000 unit.added lines are ~40 % of its bytes).
// Whatever it is not sure of goes to JSON.parse: an escaped or repeated key it reads (JSON.parse
// keeps the last), a number it checks written with an exponent, a sign or a fraction where an
// integer is read, a read string with an escape or a byte above 0x7F, nesting beyond 200, a full
// string table. Falling back is always right; accepting is right only when proved.
//
// LIT('text') is not AssemblyScript: replay/build.mjs replaces it, before compiling, with a test
// that the key or value at `p` (`len` bytes) is exactly that ASCII text, as 64-bit word compares.
//
// Strings it reads (ids, states, video states) are INTERNED: a hash table over their bytes gives
// each distinct string an index, and JavaScript decodes each new one once (the reader turned every
// id into a fresh string and looked it up in a Map per event).

/** Numbers (f64) per record: [extra, seq, ts, rev, kind, id, state, bits + (video + 1) * 65536]; a
 *  FALLBACK record: [unused, line start, line end (offsets from INPUT), unused, -1, ...]. `state`
 *  and the bits are unit.status's, or unit.added's `status`; `extra` is unit.added's
 *  type + 2^18 * (isDemo + 3 * (isBlockedVendor + 3 * active alerts)) (each flag 0 absent, 1 false,
 *  2 true), unit.alert's active alerts, 0 otherwise. */
const STRIDE: usize = 8;
/** The string table: 2^19 slots of a u32 (2 MiB), at most half of them used (open addressing). */
const TABLE_BITS: u32 = 19;
const TABLE_MASK: u32 = (1 << TABLE_BITS) - 1;
const ENTRY_CAP: u32 = (1 << (TABLE_BITS - 1)) - 1;
/** Per string: u32 offset in the arena, u32 length, u32 hash. */
const ENTRY_BYTES: usize = 12;
/** The strings' bytes (8 MiB: ~1 million ids of 7 bytes; a full table sends lines to JSON.parse). */
const ARENA_BYTES: usize = 8 << 20;
/** EVENT_KINDS indexes (src/protocol/kinds.ts) of the kinds read here. */
const K_ADDED: i32 = 0;
const K_STATUS: i32 = 2;
const K_ALERT: i32 = 4;
const K_USAGE: i32 = 5;
/** Active alerts counted in a record at most (more go to JSON.parse): keeps `extra` an exact f64. */
const ALERTS_CAP: u32 = 1 << 20;

let INPUT: usize = 0, RECORDS: usize = 0, TABLE: usize = 0, ENTRIES: usize = 0, ARENA: usize = 0;
let recordCap: u32 = 0;
let entryCount: u32 = 0;
let arenaUsed: usize = 0;

// The line being read: the cursor, nesting, the last string and number seen.
let pos: usize = 0;
let depth: i32 = 0;
let sStart: usize = 0, sLen: usize = 0;
let sEsc = false, sHigh = false;
let nNeg = false, nFrac = false, nExp = false;
let nDigits: i32 = 0;
let nVal: u64 = 0;
// The envelope's fields and unit.status's summary fields of the line being read.
let gSeq: u64 = 0, gTs: u64 = 0, gRev: u64 = 0;
let gId: i32 = 0, gState: i32 = -1, gBits: u32 = 0, gVideo: i32 = -1;
// unit.added's and unit.alert's summary fields: the type's string index, isDemo and
// isBlockedVendor (0 absent, 1 false, 2 true), the active alerts.
let gType: i32 = 0, gDemo: u32 = 0, gBlocked: u32 = 0, gActive: u32 = 0;
let stoppedAt: usize = 0;

/** Lays out memory: `inputCap` bytes of input (+ 64 of slack), `records` records; returns INPUT. */
export function init(inputCap: u32, records: u32): usize {
  recordCap = records;
  INPUT = (__heap_base + 15) & ~15;
  RECORDS = (INPUT + inputCap + 64 + 15) & ~15;
  TABLE = RECORDS + <usize>records * STRIDE * 8;
  ENTRIES = TABLE + (<usize>1 << TABLE_BITS) * 4;
  ARENA = ENTRIES + (<usize>ENTRY_CAP + 1) * ENTRY_BYTES;
  const total = ARENA + ARENA_BYTES + 64;
  const need = <i32>((total + 65535) >> 16) - memory.size();
  if (need > 0 && memory.grow(need) < 0) unreachable();
  memory.fill(TABLE, 0, (<usize>1 << TABLE_BITS) * 4);
  return INPUT;
}
export function recordsAt(): usize { return RECORDS; }
export function entriesAt(): usize { return ENTRIES; }
export function entries(): u32 { return entryCount; }
export function arenaAt(): usize { return ARENA; }
/** Where the last scan() stopped (its `end`, or the next line when the records were full). */
export function stopped(): usize { return stoppedAt; }

/** The index of the string p[0, len) in the table, added if new; -1 when the table is full. */
function intern(p: usize, len: usize): i32 {
  let h: u32 = 2166136261; // FNV-1a
  for (let i: usize = 0; i < len; i++) h = (h ^ <u32>load<u8>(p + i)) * 16777619;
  let slot = h & TABLE_MASK;
  while (true) {
    const e = load<u32>(TABLE + (<usize>slot << 2));
    if (e == 0) break;
    const at = ENTRIES + <usize>(e - 1) * ENTRY_BYTES;
    if (load<u32>(at + 8) == h && <usize>load<u32>(at + 4) == len && memory.compare(ARENA + <usize>load<u32>(at), p, len) == 0) return <i32>(e - 1);
    slot = (slot + 1) & TABLE_MASK;
  }
  if (entryCount >= ENTRY_CAP || arenaUsed + len > ARENA_BYTES) return -1;
  const index = entryCount++;
  const at = ENTRIES + <usize>index * ENTRY_BYTES;
  memory.copy(ARENA + arenaUsed, p, len);
  store<u32>(at, <u32>arenaUsed);
  store<u32>(at + 4, <u32>len);
  store<u32>(at + 8, h);
  arenaUsed += len;
  store<u32>(TABLE + (<usize>slot << 2), index + 1);
  return <i32>index;
}

// @ts-ignore
@inline function ws(): void {
  let c = load<u8>(pos);
  while (c == 0x20 || c == 0x09) c = load<u8>(++pos);
}

// @ts-ignore
@inline function isHex(c: u32): bool { return (c - 0x30 < 10) || ((c | 0x20) - 0x61 < 6); }

/** At '"': a JSON string; sets sStart/sLen (between the quotes), sEsc, sHigh. */
function str(): bool {
  const start = ++pos;
  let esc = false, high = false;
  while (true) {
    const c = <u32>load<u8>(pos);
    if (c == 0x22) break;
    if (c == 0x5c) {
      esc = true;
      const e = <u32>load<u8>(pos + 1);
      if (e == 0x75) {
        if (!(isHex(load<u8>(pos + 2)) && isHex(load<u8>(pos + 3)) && isHex(load<u8>(pos + 4)) && isHex(load<u8>(pos + 5)))) return false;
        pos += 6;
        continue;
      }
      if (e == 0x22 || e == 0x5c || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) { pos += 2; continue; }
      return false;
    }
    if (c < 0x20) return false; // also the line end: no bound check needed
    if (c >= 0x80) high = true;
    pos++;
  }
  sStart = start; sLen = pos - start; sEsc = esc; sHigh = high;
  pos++;
  return true;
}

function num(): bool {
  let c = <u32>load<u8>(pos);
  let neg = false;
  if (c == 0x2d) { neg = true; c = load<u8>(++pos); }
  let digits: i32 = 0;
  let v: u64 = 0;
  if (c == 0x30) { digits = 1; c = load<u8>(++pos); }
  else if (c - 0x31 < 9) {
    while (c - 0x30 < 10) { v = v * 10 + <u64>(c - 0x30); digits++; c = load<u8>(++pos); }
  } else return false;
  let frac = false, exp = false;
  if (c == 0x2e) {
    c = load<u8>(++pos);
    if (c - 0x30 >= 10) return false;
    while (c - 0x30 < 10) c = load<u8>(++pos);
    frac = true;
  }
  if ((c | 0x20) == 0x65) {
    c = load<u8>(++pos);
    if (c == 0x2b || c == 0x2d) c = load<u8>(++pos);
    if (c - 0x30 >= 10) return false;
    while (c - 0x30 < 10) c = load<u8>(++pos);
    exp = true;
  }
  nNeg = neg; nFrac = frac; nExp = exp; nDigits = digits; nVal = v;
  return true;
}

/** The number at pos is a non-negative safe integer written without fraction or exponent. */
function plainInt(): bool {
  return num() && !nNeg && !nFrac && !nExp && nDigits <= 15;
}
/** Finite (no exponent, so at most ~300 digits before the point cannot overflow). */
function finite(): bool { return num() && !nExp && nDigits <= 300; }
function nonNegativeFinite(): bool { return finite() && !nNeg; }

/** The last boolean bool_() read. */
let bVal = false;

function bool_(): bool {
  const c = load<u8>(pos);
  if (c == 0x74 && load<u32>(pos) == 0x65757274) { pos += 4; bVal = true; return true; }
  if (c == 0x66 && load<u32>(pos + 1) == 0x65736c61) { pos += 5; bVal = false; return true; }
  return false;
}

/**
 * A finite number x with -limit <= x <= limit (`limit` below 1000; with `negative` false, also not
 * written with a minus: -0 is left to JSON.parse). The integer part below `limit`, or equal to it
 * without a fraction: JSON.parse's rounding never takes such a number past the limit.
 */
function within(limit: u64, negative: bool): bool {
  if (!num() || nExp || nDigits > 3 || (nNeg && !negative)) return false;
  return nVal < limit || (nVal == limit && !nFrac);
}

/** ws, then ',' (more: 1), `close` (done: 0) or anything else (-1). */
// @ts-ignore
@inline function after(close: u32): i32 {
  ws();
  const c = <u32>load<u8>(pos);
  if (c == 0x2c) { pos++; ws(); return 1; }
  if (c == close) { pos++; return 0; }
  return -1;
}

/** At '"': a key without escapes, then ':' and ws. */
// @ts-ignore
@inline function key(): bool {
  if (load<u8>(pos) != 0x22 || !str() || sEsc) return false;
  ws();
  if (load<u8>(pos) != 0x3a) return false;
  pos++;
  ws();
  return true;
}

function value(): bool {
  const c = <u32>load<u8>(pos);
  if (c == 0x22) return str();
  if (c == 0x7b) return obj();
  if (c == 0x5b) return arr();
  if (c == 0x74 || c == 0x66) return bool_();
  if (c == 0x6e) { if (load<u32>(pos) == 0x6c6c756e) { pos += 4; return true; } return false; }
  return num();
}

function obj(): bool {
  if (++depth > 200) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) { pos++; depth--; return true; }
  while (true) {
    if (load<u8>(pos) != 0x22 || !str()) return false;
    ws();
    if (load<u8>(pos) != 0x3a) return false;
    pos++; ws();
    if (!value()) return false;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) break;
  }
  depth--;
  return true;
}

function arr(): bool {
  if (++depth > 200) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x5d) { pos++; depth--; return true; }
  while (true) {
    if (!value()) return false;
    const n = after(0x5d);
    if (n < 0) return false;
    if (n == 0) break;
  }
  depth--;
  return true;
}

function appBit(p: usize, len: usize): u32 {
  if (LIT('video')) return 1 << 0;
  if (LIT('multiCamera')) return 1 << 1;
  if (LIT('upgrade')) return 1 << 2;
  if (LIT('videoReturn')) return 1 << 3;
  if (LIT('databridge')) return 1 << 4;
  if (LIT('fetchlogs')) return 1 << 5;
  if (LIT('store')) return 1 << 6;
  if (LIT('forward')) return 1 << 7;
  if (LIT('l2ControlPipe')) return 1 << 8;
  if (LIT('changeAvicMode')) return 1 << 9;
  if (LIT('switcher')) return 1 << 10;
  if (LIT('switcherAndProxy')) return 1 << 11;
  if (LIT('audioCallBySelectedChannel')) return 1 << 12;
  if (LIT('audioRoom')) return 1 << 13;
  if (LIT('ifb')) return 1 << 14;
  if (LIT('xtenderRelay')) return 1 << 15;
  return 0;
}

/** At the value of `applications`: an object of objects with an optional string `state`. */
function applications(): bool {
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) { pos++; return true; }
  while (true) {
    if (!key()) return false;
    const bit = appBit(sStart, sLen);
    if ((gBits & bit) != 0) return false; // a repeated name: JSON.parse keeps the last
    gBits |= bit;
    if (load<u8>(pos) != 0x7b) return false;
    pos++; ws();
    if (load<u8>(pos) == 0x7d) pos++;
    else {
      let seenState = false;
      while (true) {
        if (!key()) return false;
        const p = sStart, len = sLen;
        if (LIT('state')) {
          if (seenState || load<u8>(pos) != 0x22 || !str() || sEsc || sHigh) return false;
          seenState = true;
          if (bit == 1 && (gVideo = intern(sStart, sLen)) < 0) return false;
        } else if (!value()) return false;
        const n = after(0x7d);
        if (n < 0) return false;
        if (n == 0) break;
      }
    }
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) return true;
  }
}

/** unit.status data (isUnitStatusData) and its summary fields. */
function statusData(): bool {
  gState = -1; gBits = 0; gVideo = -1;
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) { pos++; return true; }
  let seen = 0;
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    if (LIT('state')) {
      if ((seen & 1) != 0 || load<u8>(pos) != 0x22 || !str() || sEsc || sHigh) return false;
      seen |= 1;
      if ((gState = intern(sStart, sLen)) < 0) return false;
    } else if (LIT('applications')) {
      if ((seen & 2) != 0 || !applications()) return false;
      seen |= 2;
    } else if (!value()) return false;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) return true;
  }
}

/** Fields a link must hold: unit.usage's (isUsageLink), unit.added's (isLink: only `port`). */
const USAGE_LINK_FIELDS = 1 | 256 | 512;
const ADDED_LINK_FIELDS = 1;

/** One link: isLinkFields, and `uplinkKbps` / `downlinkKbps` non-negative; `required` the fields' bits it must hold. */
function link(required: i32): bool {
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  let seen = 0;
  if (load<u8>(pos) == 0x7d) { pos++; return required == 0; }
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    let bit = 0;
    let ok = true;
    if (LIT('port')) { bit = 1; ok = load<u8>(pos) == 0x22 && str(); }
    else if (LIT('type')) {
      bit = 2;
      ok = load<u8>(pos) == 0x22 && str() && !sEsc;
      if (ok) { const p = sStart, len = sLen; ok = LIT('wifi') || LIT('lan') || LIT('cell'); }
    }
    else if (LIT('name')) { bit = 4; ok = load<u8>(pos) == 0x22 && str(); }
    else if (LIT('connected')) { bit = 8; ok = bool_(); }
    else if (LIT('enabled')) { bit = 16; ok = bool_(); }
    else if (LIT('signalQuality')) { bit = 32; ok = finite(); }
    else if (LIT('roaming')) { bit = 64; ok = bool_(); }
    else if (LIT('sim')) {
      bit = 128;
      if (load<u8>(pos) == 0x6e) { ok = load<u32>(pos) == 0x6c6c756e; pos += 4; }
      else { ok = load<u8>(pos) == 0x22 && str() && !sEsc; if (ok) { const p = sStart, len = sLen; ok = LIT('A') || LIT('B'); } }
    }
    else if (LIT('uplinkKbps')) { bit = 256; ok = nonNegativeFinite(); }
    else if (LIT('downlinkKbps')) { bit = 512; ok = nonNegativeFinite(); }
    else ok = value();
    if (!ok || (seen & bit) != 0) return false;
    seen |= bit;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) break;
  }
  return (seen & required) == required;
}

/** At '[': an array of links (`required` as link()). */
function links(required: i32): bool {
  if (load<u8>(pos) != 0x5b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x5d) { pos++; return true; }
  while (true) {
    if (!link(required)) return false;
    const n = after(0x5d);
    if (n < 0) return false;
    if (n == 0) return true;
  }
}

/** unit.usage data: an object whose `links` is an array of usage links. */
function usageData(): bool {
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  let seenLinks = false;
  if (load<u8>(pos) == 0x7d) return false;
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    if (LIT('links')) {
      if (seenLinks || !links(USAGE_LINK_FIELDS)) return false;
      seenLinks = true;
    } else if (!value()) return false;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) return seenLinks;
  }
}

/** One alert (isAlert): `id`, `entityUniqueId` strings, `active` a boolean (counted when true), `severity` and `type` from their lists. */
function alert(): bool {
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) return false; // all five are required
  let seen = 0;
  let active = false;
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    let bit = 0;
    let ok = true;
    if (LIT('id')) { bit = 1; ok = load<u8>(pos) == 0x22 && str(); }
    else if (LIT('entityUniqueId')) { bit = 2; ok = load<u8>(pos) == 0x22 && str(); }
    else if (LIT('active')) { bit = 4; ok = bool_(); active = bVal; }
    else if (LIT('severity')) {
      bit = 8;
      ok = load<u8>(pos) == 0x22 && str() && !sEsc;
      if (ok) { const p = sStart, len = sLen; ok = LIT('warning') || LIT('critical'); } // ALERT_SEVERITIES
    } else if (LIT('type')) {
      bit = 16;
      ok = load<u8>(pos) == 0x22 && str() && !sEsc;
      if (ok) { const p = sStart, len = sLen; ok = LIT('battery') || LIT('cameraDisconnected'); } // ALERT_TYPES
    }
    else ok = value();
    if (!ok || (seen & bit) != 0) return false;
    seen |= bit;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) break;
  }
  if (seen != 31) return false;
  if (active) gActive++;
  return gActive < ALERTS_CAP;
}

/** At '[': an array of alerts; counts the active ones into gActive (from 0). */
function alerts(): bool {
  gActive = 0;
  if (load<u8>(pos) != 0x5b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x5d) { pos++; return true; }
  while (true) {
    if (!alert()) return false;
    const n = after(0x5d);
    if (n < 0) return false;
    if (n == 0) return true;
  }
}

/** unit.alert data: an object whose `alerts` is an array of alerts. */
function alertData(): bool {
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) return false;
  let seenAlerts = false;
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    if (LIT('alerts')) {
      if (seenAlerts || !alerts()) return false;
      seenAlerts = true;
    } else if (!value()) return false;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) return seenAlerts;
  }
}

/** A battery (isBattery): an object, `connected` and `charging` booleans, `percentage` in [0, 100], each optional. */
function battery(): bool {
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) { pos++; return true; }
  let seen = 0;
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    let bit = 0;
    let ok = true;
    if (LIT('connected')) { bit = 1; ok = bool_(); }
    else if (LIT('charging')) { bit = 2; ok = bool_(); }
    else if (LIT('percentage')) { bit = 4; ok = within(100, false); }
    else ok = value();
    if (!ok || (seen & bit) != 0) return false;
    seen |= bit;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) return true;
  }
}

/** unit.added data (isUnitData) and its summary fields: type, isDemo, isBlockedVendor, status, active alerts. */
function unitData(): bool {
  gState = -1; gBits = 0; gVideo = -1; gDemo = 0; gBlocked = 0; gActive = 0;
  if (load<u8>(pos) != 0x7b) return false;
  pos++; ws();
  if (load<u8>(pos) == 0x7d) return false; // uid, name, type, status are required
  let seen = 0;
  while (true) {
    if (!key()) return false;
    const p = sStart, len = sLen;
    let bit = 0;
    let ok = true;
    if (LIT('uid')) { bit = 1; ok = load<u8>(pos) == 0x22 && str() && sLen > 0; } // an escape is at least one character
    else if (LIT('name')) { bit = 2; ok = load<u8>(pos) == 0x22 && str(); }
    else if (LIT('type')) {
      bit = 4;
      ok = load<u8>(pos) == 0x22 && str() && !sEsc && !sHigh && (gType = intern(sStart, sLen)) >= 0;
    }
    else if (LIT('status')) { bit = 8; ok = statusData(); }
    else if (LIT('isDemo')) { bit = 16; ok = bool_(); gDemo = bVal ? 2 : 1; }
    else if (LIT('isBlockedVendor')) { bit = 32; ok = bool_(); gBlocked = bVal ? 2 : 1; }
    else if (LIT('lat')) { bit = 64; ok = within(90, true); }
    else if (LIT('lng')) { bit = 128; ok = within(180, true); }
    else if (LIT('address')) { bit = 256; ok = load<u8>(pos) == 0x22 && str(); }
    else if (LIT('battery')) {
      bit = 512;
      if (load<u8>(pos) == 0x6e) { ok = load<u32>(pos) == 0x6c6c756e; pos += 4; }
      else ok = battery();
    }
    else if (LIT('links')) { bit = 1024; ok = links(ADDED_LINK_FIELDS); }
    else if (LIT('alerts')) { bit = 2048; ok = alerts(); }
    else if (LIT('config')) { bit = 4096; ok = load<u8>(pos) == 0x7b && obj(); }
    else ok = value();
    if (!ok || (seen & bit) != 0) return false;
    seen |= bit;
    const n = after(0x7d);
    if (n < 0) return false;
    if (n == 0) break;
  }
  return (seen & 15) == 15;
}

function dataOf(kind: i32): bool {
  if (kind == K_STATUS) return statusData();
  if (kind == K_USAGE) return usageData();
  if (kind == K_ADDED) return unitData();
  return alertData();
}

/** The record's `extra` number of a read line (see STRIDE). */
function extraOf(kind: i32): f64 {
  if (kind == K_ADDED) return <f64>gType + 262144.0 * <f64>(gDemo + 3 * (gBlocked + 3 * gActive));
  if (kind == K_ALERT) return <f64>gActive;
  return 0;
}

/** One line as an envelope of a read kind: its kind, or -1 for JSON.parse. */
function envelope(): i32 {
  ws();
  if (load<u8>(pos) != 0x7b) return -1;
  pos++; ws();
  let seen = 0;
  let kind: i32 = -1;
  let dataAt: usize = 0;
  while (true) {
    if (!key()) return -1;
    const p = sStart, len = sLen;
    if (LIT('seq')) { if ((seen & 1) != 0 || !plainInt()) return -1; seen |= 1; gSeq = nVal; }
    else if (LIT('ts')) { if ((seen & 2) != 0 || !plainInt()) return -1; seen |= 2; gTs = nVal; }
    else if (LIT('rev')) { if ((seen & 4) != 0 || !plainInt() || nVal < 1) return -1; seen |= 4; gRev = nVal; }
    else if (LIT('id')) {
      if ((seen & 8) != 0 || load<u8>(pos) != 0x22 || !str() || sEsc || sHigh || sLen == 0) return -1;
      seen |= 8;
      if ((gId = intern(sStart, sLen)) < 0) return -1;
    } else if (LIT('kind')) {
      if ((seen & 16) != 0 || load<u8>(pos) != 0x22 || !str() || sEsc) return -1;
      seen |= 16;
      const p = sStart, len = sLen;
      if (LIT('unit.status')) kind = K_STATUS;
      else if (LIT('unit.usage')) kind = K_USAGE;
      else if (LIT('unit.added')) kind = K_ADDED;
      else if (LIT('unit.alert')) kind = K_ALERT;
      else return -1;
    } else if (LIT('data')) {
      if ((seen & 32) != 0) return -1;
      seen |= 32;
      if (kind >= 0) { if (!dataOf(kind)) return -1; }
      else { dataAt = pos; if (!value()) return -1; }
    } else if (!value()) return -1;
    const n = after(0x7d);
    if (n < 0) return -1;
    if (n == 0) break;
  }
  if (seen != 63) return -1;
  if (dataAt != 0) {
    const end = pos;
    pos = dataAt;
    if (!dataOf(kind)) return -1;
    pos = end;
  }
  ws();
  const c = load<u8>(pos);
  return c == 0x0a || c == 0x0d ? kind : -1;
}

/**
 * Scans the lines of INPUT[start, end) (whole lines: the byte before `end` is a line end) and writes
 * one record per line; returns how many. Stops early when `records` are written: stopped() says
 * where to go on. A line ends at "\r\n", "\n" or a lone "\r" (readline's rules, replay/lineBlocks.ts).
 */
export function scan(start: usize, end: usize): u32 {
  pos = start;
  let count: u32 = 0;
  while (pos < end) {
    if (count == recordCap) break;
    const lineStart = pos;
    depth = 0;
    const kind = envelope();
    const at = RECORDS + <usize>count * STRIDE * 8;
    if (kind >= 0) {
      store<f64>(at, extraOf(kind));
      store<f64>(at + 8, <f64>gSeq);
      store<f64>(at + 16, <f64>gTs);
      store<f64>(at + 24, <f64>gRev);
      store<f64>(at + 32, <f64>kind);
      store<f64>(at + 40, <f64>gId);
      store<f64>(at + 48, <f64>gState);
      store<f64>(at + 56, <f64>gBits + <f64>(gVideo + 1) * 65536);
    } else {
      pos = lineStart;
      let c = load<u8>(pos);
      while (c != 0x0a && c != 0x0d) c = load<u8>(++pos);
      store<f64>(at + 8, <f64>(lineStart - INPUT));
      store<f64>(at + 16, <f64>(pos - INPUT));
      store<f64>(at + 32, -1);
    }
    count++;
    if (load<u8>(pos) == 0x0d && load<u8>(pos + 1) == 0x0a) pos += 2;
    else pos += 1;
  }
  stoppedAt = pos;
  return count;
}
