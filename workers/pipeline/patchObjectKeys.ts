/**
 * Number keys for the two objects a status patch carries (patchColumns.ts): the battery and the
 * list of active application names. The columns writer keeps each distinct JSON text once per diff
 * and looked it up by its text; the key lets it find a battery or a name list it already wrote
 * without making the text.
 *
 * Why (issue 15 item 2, docs/performance.md §3f): in the worker's profile at diffs of ~1,000 events
 * (60,000 events/s in 16 ms frames) the writer's `JSON.stringify` of each status patch's battery
 * and applications, and the hash of that fresh text in the table, were ~8 % of the worker's CPU:
 * every status event brings a freshly decoded battery object, so nothing could be reused by
 * identity, yet a diff holds only a few dozen distinct batteries (charging × connected ×
 * percentage) and a handful of name lists.
 *
 * A key stands for exactly one JSON text (equal keys, equal texts): the battery's key holds its
 * property names in order and their values; the names' key holds each name's code in order. Shapes
 * the key cannot hold (another property, a non-integer percentage, more than MAX_NAMES names, a
 * value of another type, an object with another prototype) get NO_KEY and go by their text as before.
 */

/** No key: the object goes by its JSON text. */
export const NO_KEY = -1;

/** Names in a list that a key holds (each a base-256 digit 1…255: 256^6 < 2^53). */
export const MAX_NAMES = 6;
/** Distinct application names given a code; past it, lists with a new name go by their text. */
export const MAX_NAME_CODES = 255;

/** A battery property's code in the key (2 bits: 1…3; 0 never occurs, so orders of 1–3 names differ). */
function batteryFieldCode(name: string): number {
  if (name === 'connected') return 1;
  if (name === 'charging') return 2;
  if (name === 'percentage') return 3;
  return 0;
}

/**
 * The key of a battery as JSON.stringify would write it, or NO_KEY. Held: a plain object with at
 * most the properties connected and charging (booleans) and percentage (an integer 0…100), in any
 * order. Layout: the order of the names (base 4, ≤ 63), then the two booleans, then the percentage
 * (7 bits): below 2^15.
 */
export function batteryKey(battery: unknown): number {
  if (typeof battery !== 'object' || battery === null || Object.getPrototypeOf(battery) !== Object.prototype) return NO_KEY;
  const fields = battery as Record<string, unknown>;
  let order = 0;
  let flags = 0;
  let percentage = 0;
  let count = 0;
  for (const name in fields) {
    count += 1;
    const code = batteryFieldCode(name);
    if (code === 0 || count > 3) return NO_KEY;
    const value = fields[name];
    if (code === 3) {
      // Integers only: JSON writes every integer 0…100 one way (−0 as 0, which the key also makes 0).
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) return NO_KEY;
      percentage = value;
    } else {
      if (typeof value !== 'boolean') return NO_KEY;
      if (value) flags |= code; // connected: bit 0, charging: bit 1
    }
    order = order * 4 + code;
  }
  return (order * 4 + flags) * 128 + percentage;
}

/**
 * Codes of application names (1…MAX_NAME_CODES), kept for the writer's life: a name's code never
 * changes, so a key means the same list in every diff. Names are property keys (internalized
 * strings in V8), so the lookup hashes nothing new.
 */
export class NameCodes {
  private readonly codes = new Map<string, number>();

  /** The name's code, given on first sight; NO_KEY when the codes are used up. */
  code(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      if (this.codes.size >= MAX_NAME_CODES) return NO_KEY;
      code = this.codes.size + 1;
      this.codes.set(name, code);
    }
    return code;
  }
}

/**
 * The key of a list of names, or NO_KEY: the codes in order as digits in base 256 (no digit is 0,
 * so no two lists share a key; the empty list is 0).
 */
export function namesKey(names: readonly string[], codes: NameCodes): number {
  if (names.length > MAX_NAMES) return NO_KEY;
  let key = 0;
  for (const name of names) {
    const code = codes.code(name);
    if (code === NO_KEY) return NO_KEY;
    key = key * 256 + code;
  }
  return key;
}

/**
 * namesKey of `Object.keys(map)` without making the list (undefined: no map, the empty list), or
 * NO_KEY. A map with another prototype goes by its text (for…in would also list inherited names).
 */
export function mapNamesKey(map: Readonly<Record<string, unknown>> | undefined, codes: NameCodes): number {
  if (map === undefined) return 0;
  if (Object.getPrototypeOf(map) !== Object.prototype) return NO_KEY;
  let key = 0;
  let count = 0;
  for (const name in map) {
    count += 1;
    if (count > MAX_NAMES) return NO_KEY;
    const code = codes.code(name);
    if (code === NO_KEY) return NO_KEY;
    key = key * 256 + code;
  }
  return key;
}

/** Texts a KeyedTexts keeps at most (a battery key is below 2^15; name lists are few). */
export const MAX_KEYED_TEXTS = 1 << 15;

/**
 * The JSON text of each key, kept across diffs (a key's text never changes): a diff of ~500 status
 * patches holds a few hundred distinct batteries (percentage × charging × connected), so a cache
 * emptied per diff still made most of the texts. A text kept is also hashed once: the table's
 * lookup of a string that was hashed before reads the hash stored in it.
 */
export class KeyedTexts {
  private readonly texts = new Map<number, string>();

  /** The JSON text of `value`, whose key is `key` (not NO_KEY). */
  text(key: number, value: unknown): string {
    let text = this.texts.get(key);
    if (text === undefined) {
      text = JSON.stringify(value);
      if (this.texts.size < MAX_KEYED_TEXTS) this.texts.set(key, text);
    }
    return text;
  }
}
