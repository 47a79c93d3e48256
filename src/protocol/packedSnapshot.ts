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

/** `value` as JSON.parse(JSON.stringify(value)) would give it back, without the text. */
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
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) {
      const item = jsonShape(value[i]);
      out[i] = item === undefined ? null : item;
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = jsonShape((value as Record<string, unknown>)[key]);
    if (field === undefined) continue;
    // An own "__proto__" key (JSON.parse makes one) must stay a field: `out[key] =` would set the prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
    else out[key] = field;
  }
  return out;
}
