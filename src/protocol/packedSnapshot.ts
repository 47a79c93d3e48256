/**
 * The console worker's faster form of the REST snapshot (GET devices/fetch, issue 15 item 3): the
 * same DeviceSnapshot value as MessagePack with msgpackr's record extension (each object shape
 * once, then only its values), asked for with `Accept: application/x-msgpack`. Without that
 * Accept the call answers JSON as the contract says, for every other client (docs/api.md).
 *
 * Why: a 50,000-unit snapshot is ~60 MB of JSON (1.2 KB a unit, most of it repeated keys); packed
 * it is ~14 MB. Node (with msgpackr's native extension) unpacks it 2.4–3.5× faster than JSON.parse
 * reads the text; in Chromium's worker (pure JS) the two were within the machine's noise
 * (docs/performance.md §7): the gain there is the bytes on the wire.
 *
 * The packed value has exactly the JSON form's content: `jsonShape` drops what JSON.stringify
 * drops (undefined fields, functions), turns what it turns (toJSON, non-finite numbers → null,
 * undefined in arrays → null), so the worker decodes the same units from either form
 * (property test: tests/property/packedSnapshot.test.ts).
 */

/** The media type of the packed snapshot (request Accept, answer Content-Type). */
export const PACKED_SNAPSHOT_TYPE = 'application/x-msgpack';

/**
 * `value` as JSON.parse(JSON.stringify(value)) would give it back, without the text. Copy on
 * write: a part that JSON would give back as it is (plain objects and arrays of strings, booleans,
 * finite numbers other than −0 and null) is returned itself, not copied, so the caller must not
 * mutate either. Why: the server shapes every snapshot it packs (GET devices/fetch), and a
 * deep copy of a 10,000-unit group was ~80 ms of its event loop per request, and ~10 MB of
 * garbage, for a value that is almost all JSON already (docs/performance.md §7p).
 */
export function jsonShape(value: unknown): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) return null;
      return value === 0 ? 0 : value; // -0 reads back as 0 from JSON
    case 'object':
      break;
    default:
      return undefined; // undefined, functions, symbols: left out (in an array: null, below)
  }
  const withJson = value as { toJSON?: unknown };
  if (typeof withJson.toJSON === 'function') return jsonShape((withJson.toJSON as () => unknown).call(value));
  if (Array.isArray(value)) return arrayShape(value);
  return objectShape(value as Record<string, unknown>);
}

/** True when JSON gives `raw` back as `shaped` itself (Object.is: −0 is not 0; undefined is dropped, never kept). */
const unchanged = (raw: unknown, shaped: unknown): boolean => shaped !== undefined && Object.is(raw, shaped);

function arrayShape(value: readonly unknown[]): unknown[] {
  // JSON.parse makes plain arrays: any other kind is copied (a subclass, another realm's array).
  let out: unknown[] | null = Object.getPrototypeOf(value) === Array.prototype ? null : [];
  for (let i = 0; i < value.length; i += 1) {
    const raw = value[i];
    const item = jsonShape(raw);
    if (out === null && !unchanged(raw, item)) out = value.slice(0, i); // the items before were unchanged
    if (out !== null) out[i] = item === undefined ? null : item;
  }
  return out ?? (value as unknown[]);
}

function objectShape(value: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(value);
  // JSON.parse makes plain objects: any other prototype (a class instance, null) means a copy.
  let out: Record<string, unknown> | null = Object.getPrototypeOf(value) === Object.prototype ? null : {};
  for (let k = 0; k < keys.length; k += 1) {
    const key = keys[k] as string;
    const raw = value[key];
    const field = jsonShape(raw);
    // (An own "__proto__" key, which JSON.parse makes, needs no copy: setField keeps it a field when one is made.)
    if (out === null && !unchanged(raw, field)) {
      out = {};
      for (let before = 0; before < k; before += 1) setField(out, keys[before] as string, value[keys[before] as string]);
    }
    if (out !== null && field !== undefined) setField(out, key, field);
  }
  return out ?? value;
}

/** `out[key] = field`, except that an own "__proto__" key stays a field (`out[key] =` would set the prototype). */
function setField(out: Record<string, unknown>, key: string, field: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
  else out[key] = field;
}
