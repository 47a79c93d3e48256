/**
 * The replay summary's fast line reader (issue 15 item 5): one log line, as UTF-8 bytes in a
 * Buffer, read for the few fields the replay summary needs, without JSON.parse of the whole line
 * and without a string copy of it.
 *
 * What the summary needs (workers/model/summary.ts over workers/model/fleetModel.ts): every event's
 * seq, ts, kind, id and rev (rev order decides what is applied; every unit.* event moves its unit's
 * rev); of unit.added data uid, name, type, status.state, status.applications, isDemo,
 * isBlockedVendor and alerts; of unit.status data state and applications; of unit.alert data the
 * alerts. The reader hands the fleet model a SLIM envelope holding exactly those fields, so every
 * rule (rev order, derived status, counters, transitions) stays the model's and the domain's.
 *
 * Exactness: `scanSummaryEvent` returns an envelope only when it has PROVED that the line is what
 * JSON.parse + decodeEnvelope (the full path, src/protocol/logFormat.ts) would accept, with the same
 * values in the fields above. Otherwise it returns null and the caller hands the line to the full
 * path, which gives the same event or the same error naming the line. So the proof covers:
 * - the whole line is valid JSON (strict grammar: strings, escapes, numbers, nesting, nothing after
 *   the object); a line that is not JSON is never accepted here;
 * - the envelope fields, by the same predicates as isEnvelope (non-negative safe integers, a known
 *   kind, a non-empty id, rev ≥ 1), the last of a repeated key winning as in JSON.parse;
 * - the payload, by the project's guard (payloadGuards.ts isDataOf) on the fields read; the large
 *   parts the summary never reads are checked without building them: a config aspect must be an
 *   object, and a link list (unit.usage, unit.added links) goes through `linkListEnd`, the link
 *   rules of payloadGuards.ts (isLink / isUsageLink) read from the bytes (the one rule written here
 *   again; summaryScan.test.ts checks with fast-check that it accepts exactly what isDataOf does).
 * Anything else (an escaped key, a key this reader cannot compare, nesting deeper than MAX_DEPTH, a
 * non-ASCII byte outside a string) is simply not proved: the full path reads that line.
 *
 * Strings the summary keeps (id, kind, state, type…) are latin1 slices of their bytes when they are
 * plain ASCII without escapes (the same text JSON.parse gives), else JSON.parse of their UTF-8 text.
 */
import type { Envelope } from '../src/protocol/envelope.ts';
import type { EventKind } from '../src/protocol/kinds.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { isDataOf } from '../src/protocol/payloadGuards.ts';
import { LINK_TYPES, SIM_SLOTS } from '../src/protocol/payloads.ts';

/** Deeper nesting is left to JSON.parse (recursion here; no log the recorder writes comes close). */
export const MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const FAIL = -1;

type Bytes = Buffer;

// The line being read. Module state: the functions below are the hot path, called per value.
let b: Bytes = Buffer.alloc(0);
let end = 0;
/** Set by stringEnd: the string just skipped had no escape and no byte ≥ 0x80. */
let plain = true;
/** Set by numberEnd: the number just skipped was digits only (no sign, fraction or exponent). */
let digitsOnly = true;

/** The byte at `i`, or -1 past the line's end (the Buffer may hold more lines after it). */
function at(i: number): number {
  return i < end ? (b[i] as number) : -1;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function skipSpace(i: number): number {
  const bytes = b;
  const stop = end;
  while (i < stop && isSpace(bytes[i] as number)) i += 1;
  return i;
}

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** `i` at an opening quote: the index after the closing quote, or FAIL. Sets `plain`. */
function stringEnd(i: number): number {
  const bytes = b;
  const stop = end;
  plain = true;
  i += 1;
  // The common bytes first: printable ASCII other than the quote and the backslash.
  while (i < stop) {
    const c = bytes[i] as number;
    if (c >= 0x20 && c < 0x80 && c !== QUOTE && c !== BACKSLASH) {
      i += 1;
      continue;
    }
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return FAIL;
    if (c === BACKSLASH) {
      plain = false;
      const e = at(i + 1);
      if (e === 0x75) {
        // \uXXXX
        if (i + 5 >= end || !isHex(b[i + 2] as number) || !isHex(b[i + 3] as number) || !isHex(b[i + 4] as number) || !isHex(b[i + 5] as number)) return FAIL;
        i += 6;
        continue;
      }
      if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
        i += 2;
        continue;
      }
      return FAIL;
    }
    if (c >= 0x80) plain = false;
    i += 1;
  }
  return FAIL;
}

function digitsEnd(i: number): number {
  const bytes = b;
  const stop = end;
  while (i < stop) {
    const c = bytes[i] as number;
    if (c < ZERO || c > NINE) break;
    i += 1;
  }
  return i;
}

/** `i` at a number: the index after it (JSON's number grammar), or FAIL. Sets `digitsOnly`. */
function numberEnd(i: number): number {
  const start = i;
  if (at(i) === MINUS) i += 1;
  const first = at(i);
  if (first === ZERO) i += 1;
  else if (first > ZERO && first <= NINE) i = digitsEnd(i + 1);
  else return FAIL;
  digitsOnly = at(start) !== MINUS;
  if (i < end && at(i) === DOT) {
    digitsOnly = false;
    const after = digitsEnd(i + 1);
    if (after === i + 1) return FAIL;
    i = after;
  }
  if (i < end && (at(i) === LOWER_E || at(i) === UPPER_E)) {
    digitsOnly = false;
    i += 1;
    if (i < end && (at(i) === PLUS || at(i) === MINUS)) i += 1;
    const after = digitsEnd(i);
    if (after === i) return FAIL;
    i = after;
  }
  return i;
}

function literalEnd(i: number, word: string): number {
  if (i + word.length > end) return FAIL;
  for (let k = 0; k < word.length; k += 1) if (b[i + k] !== word.charCodeAt(k)) return FAIL;
  return i + word.length;
}

/** `i` at a value: the index after it, or FAIL (not JSON, or nested deeper than MAX_DEPTH). */
function valueEnd(i: number, depth: number): number {
  if (i >= end) return FAIL;
  const c = b[i] as number;
  if (c === QUOTE) return stringEnd(i);
  if (c === OPEN_BRACE) return objectEnd(i, depth + 1);
  if (c === OPEN_BRACKET) return arrayEnd(i, depth + 1);
  if (c === 0x74) return literalEnd(i, 'true');
  if (c === 0x66) return literalEnd(i, 'false');
  if (c === 0x6e) return literalEnd(i, 'null');
  return numberEnd(i);
}

function objectEnd(i: number, depth: number): number {
  if (depth > MAX_DEPTH) return FAIL;
  i = skipSpace(i + 1);
  if (at(i) === CLOSE_BRACE) return i + 1;
  for (;;) {
    if (at(i) !== QUOTE) return FAIL;
    i = stringEnd(i);
    if (i === FAIL) return FAIL;
    i = skipSpace(i);
    if (at(i) !== COLON) return FAIL;
    i = valueEnd(skipSpace(i + 1), depth);
    if (i === FAIL) return FAIL;
    i = skipSpace(i);
    const c = at(i);
    if (c === CLOSE_BRACE) return i + 1;
    if (c !== COMMA) return FAIL;
    i = skipSpace(i + 1);
  }
}

function arrayEnd(i: number, depth: number): number {
  if (depth > MAX_DEPTH) return FAIL;
  i = skipSpace(i + 1);
  if (at(i) === CLOSE_BRACKET) return i + 1;
  for (;;) {
    i = valueEnd(i, depth);
    if (i === FAIL) return FAIL;
    i = skipSpace(i);
    const c = at(i);
    if (c === CLOSE_BRACKET) return i + 1;
    if (c !== COMMA) return FAIL;
    i = skipSpace(i + 1);
  }
}

// ------------------------------------------------------------------------------------------------
// Reading values

type LatinSlice = (start: number, end: number) => string;

/** The text of bytes [start, stop) read as latin1 (exact for ASCII). */
function latin1(start: number, stop: number): string {
  return (b as unknown as { latin1Slice: LatinSlice }).latin1Slice(start, stop);
}

/** The value JSON.parse gives for the (already validated) value bytes [start, stop). */
function valueAt(start: number, stop: number): unknown {
  const c = b[start] as number;
  if (c === QUOTE) {
    stringEnd(start);
    return plain ? latin1(start + 1, stop - 1) : JSON.parse(b.toString('utf8', start, stop));
  }
  if (c === 0x74) return true;
  if (c === 0x66) return false;
  if (c === 0x6e) return null;
  if (c === OPEN_BRACE && stop === start + 2) return {};
  if (c === OPEN_BRACKET && stop === start + 2) return [];
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return JSON.parse(b.toString('utf8', start, stop));
  return numberAt(start, stop);
}

/** The number of the (validated) number bytes [start, stop): digit arithmetic when exact, else Number(). */
function numberAt(start: number, stop: number): number {
  numberEnd(start);
  if (digitsOnly && stop - start <= 15) {
    let value = 0;
    for (let i = start; i < stop; i += 1) value = value * 10 + ((b[i] as number) - ZERO);
    return value;
  }
  return Number(latin1(start, stop));
}

// Keys are compared as bytes, never made into strings: a number per key this reader knows.
const K_SEQ = 1;
const K_TS = 2;
const K_KIND = 3;
const K_ID = 4;
const K_REV = 5;
const K_DATA = 6;
const K_STATE = 7;
const K_APPLICATIONS = 8;
const K_STATUS = 9;
const K_LINKS = 10;
const K_CONFIG = 11;
const K_UID = 12;
const K_NAME = 13;
const K_TYPE = 14;
const K_IS_DEMO = 15;
const K_IS_BLOCKED_VENDOR = 16;
const K_LAT = 17;
const K_LNG = 18;
const K_ADDRESS = 19;
const K_BATTERY = 20;
const K_ALERTS = 21;
const K_PORT = 22;
const K_CONNECTED = 23;
const K_ENABLED = 24;
const K_ROAMING = 25;
const K_SIGNAL_QUALITY = 26;
const K_SIM = 27;
const K_UPLINK_KBPS = 28;
const K_DOWNLINK_KBPS = 29;
/** Any other plain key (its value is checked as JSON and not read). */
const K_OTHER = 0;
const KEY_NAMES = ['seq', 'ts', 'kind', 'id', 'rev', 'data', 'state', 'applications', 'status', 'links', 'config', 'uid', 'name', 'type', 'isDemo', 'isBlockedVendor', 'lat', 'lng', 'address', 'battery', 'alerts', 'port', 'connected', 'enabled', 'roaming', 'signalQuality', 'sim', 'uplinkKbps', 'downlinkKbps'] as const;

/** The known keys by byte length: [bytes, key number] pairs. */
const KEYS_BY_LENGTH: (readonly [Uint8Array, number])[][] = [];
KEY_NAMES.forEach((name, index) => {
  const list = (KEYS_BY_LENGTH[name.length] ??= []);
  list.push([Buffer.from(name, 'latin1'), index + 1]);
});

/** The number of the key whose quotes are at `i` and `stop - 1`: K_OTHER when unknown, FAIL when not plain. */
function keyAt(i: number, stop: number): number {
  if (!plain) return FAIL;
  const start = i + 1;
  const length = stop - 1 - start;
  const candidates = KEYS_BY_LENGTH[length];
  if (candidates === undefined) return K_OTHER;
  const bytes = b;
  for (const [name, key] of candidates) {
    let k = 0;
    while (k < length && bytes[start + k] === name[k]) k += 1;
    if (k === length) return key;
  }
  return K_OTHER;
}

/**
 * Walks the members of the object at `i`: `member(key, valueStart, valueEnd)` for each, in order
 * (a repeated key is seen again: the last call wins, as in JSON.parse). Returns the index after
 * the object, or FAIL when it is not valid JSON, a key is not plain, or `member` returns false.
 */
function members(i: number, depth: number, member: (key: number, start: number, stop: number) => boolean): number {
  if (at(i) !== OPEN_BRACE || depth > MAX_DEPTH) return FAIL;
  i = skipSpace(i + 1);
  if (at(i) === CLOSE_BRACE) return i + 1;
  for (;;) {
    if (at(i) !== QUOTE) return FAIL;
    const keyStop = stringEnd(i);
    if (keyStop === FAIL) return FAIL;
    const key = keyAt(i, keyStop);
    if (key === FAIL) return FAIL;
    i = skipSpace(keyStop);
    if (at(i) !== COLON) return FAIL;
    const start = skipSpace(i + 1);
    const stop = valueEnd(start, depth);
    if (stop === FAIL || !member(key, start, stop)) return FAIL;
    i = skipSpace(stop);
    const c = at(i);
    if (c === CLOSE_BRACE) return i + 1;
    if (c !== COMMA) return FAIL;
    i = skipSpace(i + 1);
  }
}

// ------------------------------------------------------------------------------------------------
// Links (payloadGuards.ts isLinkFields + isLink / isUsageLink, read from the bytes)

const LINK_TYPE_SET: ReadonlySet<string> = new Set(LINK_TYPES);
const SIM_SLOT_SET: ReadonlySet<string> = new Set(SIM_SLOTS);

function isBooleanAt(start: number): boolean {
  const c = b[start];
  return c === 0x74 || c === 0x66;
}

function isNumberAt(start: number): boolean {
  const c = b[start] as number;
  return c === MINUS || (c >= ZERO && c <= NINE);
}

function finiteAt(start: number, stop: number): number | undefined {
  if (!isNumberAt(start)) return undefined;
  const value = numberAt(start, stop);
  return Number.isFinite(value) ? value : undefined;
}

function isStringOf(start: number, stop: number, set: ReadonlySet<string>): boolean {
  if (at(start) !== QUOTE) return false;
  const text = valueAt(start, stop);
  return typeof text === 'string' && set.has(text);
}

let linkPort = false;
let linkUp = false;
let linkDown = false;

function linkMember(key: number, start: number, stop: number): boolean {
  switch (key) {
    case K_PORT:
      linkPort = at(start) === QUOTE;
      return linkPort;
    case K_TYPE:
      return isStringOf(start, stop, LINK_TYPE_SET);
    case K_NAME:
      return at(start) === QUOTE;
    case K_CONNECTED:
    case K_ENABLED:
    case K_ROAMING:
      return isBooleanAt(start);
    case K_SIGNAL_QUALITY:
      return finiteAt(start, stop) !== undefined;
    case K_SIM:
      return at(start) === 0x6e || isStringOf(start, stop, SIM_SLOT_SET);
    case K_UPLINK_KBPS:
    case K_DOWNLINK_KBPS: {
      const value = finiteAt(start, stop);
      if (value === undefined || !(value >= 0)) return false;
      if (key === K_UPLINK_KBPS) linkUp = true;
      else linkDown = true;
      return true;
    }
    default:
      return true; // other fields: any JSON (the Schema strips or keeps them; nothing reads them)
  }
}

/**
 * `i` at a value that must be an array of links (bitrates required for a usage report): the index
 * after it when every link is valid, else FAIL (not proved: the full path decides).
 */
export function linkListEnd(i: number, usage: boolean, depth: number): number {
  if (at(i) !== OPEN_BRACKET) return FAIL;
  i = skipSpace(i + 1);
  if (at(i) === CLOSE_BRACKET) return i + 1;
  for (;;) {
    linkPort = false;
    linkUp = false;
    linkDown = false;
    i = members(i, depth + 1, linkMember);
    if (i === FAIL || !linkPort || (usage && !(linkUp && linkDown))) return FAIL;
    i = skipSpace(i);
    const c = at(i);
    if (c === CLOSE_BRACKET) return i + 1;
    if (c !== COMMA) return FAIL;
    i = skipSpace(i + 1);
  }
}

// ------------------------------------------------------------------------------------------------
// Payloads

/** Read payload fields; `links` and `config` stand for their (checked, unread) values. */
type Slim = Record<string, unknown>;

/** The unread, checked value of a config aspect or a link list (the model stores it; the summary never reads it). */
const UNREAD_CONFIG: Readonly<Record<string, never>> = Object.freeze({});
const UNREAD_LINKS: readonly never[] = Object.freeze([]);

let slim: Slim = {};

/** unit.status data (or unit.added's status): state and applications, the rest checked as JSON. */
function statusMember(key: number, start: number, stop: number): boolean {
  if (key === K_STATE || key === K_APPLICATIONS) slim[KEY_NAMES[key - 1] as string] = valueAt(start, stop);
  return true;
}

function statusAt(start: number, stop: number, depth: number): Slim | undefined {
  const outer = slim;
  slim = {};
  const read = members(start, depth, statusMember) === stop ? slim : undefined;
  slim = outer;
  return read;
}

/** unit.added: the summary's fields, the scalars the guard checks, the links and config checked unread. */
function unitMember(key: number, start: number, stop: number): boolean {
  switch (key) {
    case K_STATUS: {
      if (at(start) !== OPEN_BRACE) return false;
      const status = statusAt(start, stop, 2);
      if (status === undefined) return false;
      slim['status'] = status;
      return true;
    }
    case K_LINKS:
      if (linkListEnd(start, false, 2) !== stop) return false;
      slim['links'] = UNREAD_LINKS;
      return true;
    case K_CONFIG:
      if (at(start) !== OPEN_BRACE) return false;
      slim['config'] = UNREAD_CONFIG;
      return true;
    case K_UID:
    case K_NAME:
    case K_TYPE:
    case K_IS_DEMO:
    case K_IS_BLOCKED_VENDOR:
    case K_LAT:
    case K_LNG:
    case K_ADDRESS:
    case K_BATTERY:
    case K_ALERTS:
      slim[KEY_NAMES[key - 1] as string] = valueAt(start, stop);
      return true;
    default:
      return true;
  }
}

let usageLinks = false;

function usageMember(key: number, start: number, stop: number): boolean {
  if (key !== K_LINKS) return true;
  usageLinks = linkListEnd(start, true, 2) === stop;
  return usageLinks;
}

/** The slim data of `kind` at [start, stop) (a validated JSON value), or undefined when not proved. */
function dataOf(kind: EventKind, start: number, stop: number): unknown {
  switch (kind) {
    case 'unit.status': {
      if (at(start) !== OPEN_BRACE) return undefined;
      const status = statusAt(start, stop, 1);
      return status !== undefined && isDataOf(kind, status) ? status : undefined;
    }
    case 'unit.added': {
      if (at(start) !== OPEN_BRACE) return undefined;
      slim = {};
      const read = members(start, 1, unitMember) === stop ? slim : undefined;
      slim = {};
      return read !== undefined && isDataOf(kind, read) ? read : undefined;
    }
    case 'unit.usage':
      usageLinks = false;
      return at(start) === OPEN_BRACE && members(start, 1, usageMember) === stop && usageLinks ? { links: UNREAD_LINKS } : undefined;
    case 'unit.config':
    case 'channel.config':
    case 'camera.config':
      return at(start) === OPEN_BRACE ? UNREAD_CONFIG : undefined;
    default: {
      // Small or rare payloads (alerts, removals, speed tests, channels, servers, social): whole.
      const data = valueAt(start, stop);
      return isDataOf(kind, data) ? data : undefined;
    }
  }
}

// ------------------------------------------------------------------------------------------------
// The envelope

const KINDS: ReadonlyMap<string, EventKind> = new Map(EVENT_KINDS.map((kind) => [kind, kind]));

let seq: unknown;
let ts: unknown;
let kind: unknown;
let id: unknown;
let rev: unknown;
let dataStart = FAIL;
let dataStop = FAIL;

function envelopeMember(key: number, start: number, stop: number): boolean {
  switch (key) {
    case K_SEQ:
      seq = isNumberAt(start) ? numberAt(start, stop) : undefined;
      return true;
    case K_TS:
      ts = isNumberAt(start) ? numberAt(start, stop) : undefined;
      return true;
    case K_REV:
      rev = isNumberAt(start) ? numberAt(start, stop) : undefined;
      return true;
    case K_KIND:
      kind = at(start) === QUOTE ? valueAt(start, stop) : undefined;
      return true;
    case K_ID:
      id = at(start) === QUOTE ? valueAt(start, stop) : undefined;
      return true;
    case K_DATA:
      dataStart = start;
      dataStop = stop;
      return true;
    default:
      return true;
  }
}

function isNonNegativeInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Reads the line `bytes[start, stop)` (no line end) for the summary: a slim envelope when proved
 * (see the header), else null (the caller reads the line with the full path).
 */
export function scanSummaryEvent(bytes: Bytes, start: number, stop: number): Envelope | null {
  b = bytes;
  end = stop;
  seq = ts = kind = id = rev = undefined;
  dataStart = dataStop = FAIL;
  const from = skipSpace(start);
  const after = members(from, 1, envelopeMember);
  if (after === FAIL || skipSpace(after) !== stop || dataStart === FAIL) return null;
  const known = typeof kind === 'string' ? KINDS.get(kind) : undefined;
  if (
    known === undefined ||
    !isNonNegativeInt(seq) ||
    !isNonNegativeInt(ts) ||
    !isNonNegativeInt(rev) ||
    rev < 1 ||
    typeof id !== 'string' ||
    id === ''
  ) {
    return null;
  }
  const data = dataOf(known, dataStart, dataStop);
  if (data === undefined) return null;
  return { seq, ts, kind: known, id, rev, data } as Envelope;
}
