/**
 * A copy of a JSON value (objects, arrays, strings, numbers, booleans, null) that shares nothing
 * with it. The simulator copies the payloads it publishes (it changes a unit's applications and
 * intercom sessions in place, and a published event must not change with them); the fleet mirror
 * of a scale-out instance copies what it keeps from each event (parsed JSON) and what it answers;
 * the unit view copies the live maps it returns.
 *
 * Why not structuredClone: it serializes and deserializes, ~1 µs for an applications map of two
 * entries against ~0.07 µs here (Node 20), and every unit.status event made two copies; at the
 * bench's 60,000 events/s that was ~5 % of the server's event loop (docs/performance.md §2 round p25).
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  // for…in over own keys, not Object.keys: no array per object copied (a status event copies ~4).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = copyJson((value as Record<string, unknown>)[key]);
    // An own "__proto__" key stays a key: assigned, it would set the copy's prototype instead.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}
