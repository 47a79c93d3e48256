/**
 * Usage shapes (issue 15 item 2, docs/performance.md §3j's next step; NOT on the wire yet): a
 * `unit.usage` payload split into its *shape*, everything but the numbers that change every 5 s,
 * and its *values*, those numbers in a fixed order, so that a version-2 events frame could carry a
 * usage event as a u32 shape number and a few f64 values instead of a MessagePack payload (msgpackr's
 * decode, the payload guards and the garbage of the decoded links were ~50 % of the worker's time at
 * 60,000 events/s in Chromium, §3i).
 *
 * Why not the link-layout number (linkLayouts.ts): a layout is only (port, name, type) per link; a
 * payload also holds `sim`, `roaming`, which optional keys are present and the payload's own totals.
 * A shape holds all of them, so shape + values give back exactly the payload (usagePayloadOf).
 *
 * Shape of a payload `{links: [...], uplinkKbps?, downlinkKbps?}`:
 *   - per link: port, name (or absent), type (or absent), sim (string, null or absent), roaming
 *     (boolean or absent), and a bit per value key present (LINK_VALUE_KEYS order);
 *   - a bit per top-level value key present (TOTAL_VALUE_KEYS order).
 * Values, in order: per link its present value keys (LINK_VALUE_KEYS order; a boolean as 1 or 0),
 * then the present totals. A payload with any other key, or a value of another type, has no shape
 * (null): it would go as a MessagePack payload, as today.
 *
 * Pure; the same module would serve the gateway (usageShapeOf) and the worker (checkUsageValues,
 * usagePayloadOf for the rare paths that need the object: a resync buffer, a bad-event report).
 */

/** Per link, the keys whose values change from event to event: kbps (≥ 0), signal (unitless), booleans. */
export const LINK_VALUE_KEYS = ['uplinkKbps', 'downlinkKbps', 'signal', 'signalQuality', 'connected', 'enabled'] as const;
/** The payload's own totals (kbps, ≥ 0). */
export const TOTAL_VALUE_KEYS = ['uplinkKbps', 'downlinkKbps'] as const;
/** How each link value is checked and written: kbps ≥ 0, a finite number, a boolean as 1 / 0. */
const LINK_VALUE_KINDS = ['kbps', 'kbps', 'finite', 'finite', 'boolean', 'boolean'] as const;
/** Link keys that belong to the shape (any other key: no shape). */
const LINK_SHAPE_KEYS = new Set(['port', 'name', 'type', 'sim', 'roaming', ...LINK_VALUE_KEYS]);

type ValueKind = (typeof LINK_VALUE_KINDS)[number];

/** One link of a shape: its fixed fields and the bits of its value keys present (bit i: LINK_VALUE_KEYS[i]). */
export interface LinkShape {
  readonly port: string;
  readonly name?: string;
  readonly type?: string;
  readonly sim?: string | null;
  readonly roaming?: boolean;
  readonly present: number;
}

export interface UsageShape {
  /** Which kind of event the shape is for (shapes frames also carry status shapes: statusShapes.ts). */
  readonly kind: 'unit.usage';
  readonly links: readonly LinkShape[];
  /** Bit i: TOTAL_VALUE_KEYS[i] is present. */
  readonly totals: number;
  /** How many values an event of this shape carries. */
  readonly valueCount: number;
  /** One text per shape: equal exactly when the shapes are equal (the gateway's interning key). */
  readonly key: string;
  /**
   * How each of the `valueCount` values is checked, in value order (VALUE_KBPS, VALUE_FINITE,
   * VALUE_BOOLEAN): made once per shape so that checkUsageValues checks an event's values in one
   * flat loop (docs/performance.md §3n).
   */
  readonly valueKinds: Uint8Array;
}

/** valueKinds' codes: a kbps value (finite, ≥ 0), any finite number, a boolean as 1 or 0. */
const VALUE_KBPS = 0;
const VALUE_FINITE = 1;
const VALUE_BOOLEAN = 2;
const KIND_CODE: Readonly<Record<ValueKind, number>> = { kbps: VALUE_KBPS, finite: VALUE_FINITE, boolean: VALUE_BOOLEAN };

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: Obj, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;

function valueFits(kind: ValueKind, value: unknown): boolean {
  if (kind === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return kind === 'finite' || value >= 0;
}

/** The shape of a usage payload and its values, or null when it has none (see the header). */
export function usageShapeOf(data: unknown): { shape: UsageShape; values: number[] } | null {
  if (!isObject(data) || !Array.isArray(data['links'])) return null;
  for (const key of Object.keys(data)) {
    if (data[key] === undefined) continue; // dropped on the wire, as JSON drops it
    if (key !== 'links' && !(TOTAL_VALUE_KEYS as readonly string[]).includes(key)) return null;
  }
  const links: LinkShape[] = [];
  const values: number[] = [];
  for (const link of data['links'] as unknown[]) {
    if (!isObject(link) || typeof link['port'] !== 'string') return null;
    for (const key of Object.keys(link)) if (link[key] !== undefined && !LINK_SHAPE_KEYS.has(key)) return null;
    const { name, type, sim, roaming } = link;
    if (name !== undefined && typeof name !== 'string') return null;
    if (type !== undefined && typeof type !== 'string') return null;
    if (sim !== undefined && sim !== null && typeof sim !== 'string') return null;
    if (roaming !== undefined && typeof roaming !== 'boolean') return null;
    let present = 0;
    for (let i = 0; i < LINK_VALUE_KEYS.length; i += 1) {
      const key = LINK_VALUE_KEYS[i] as string;
      if (!own(link, key)) continue;
      const value = link[key];
      if (!valueFits(LINK_VALUE_KINDS[i] as ValueKind, value)) return null;
      present |= 1 << i;
      values.push(typeof value === 'boolean' ? (value ? 1 : 0) : (value as number));
    }
    links.push({
      port: link['port'],
      ...(name !== undefined ? { name } : {}),
      ...(type !== undefined ? { type } : {}),
      ...(sim !== undefined ? { sim } : {}),
      ...(roaming !== undefined ? { roaming } : {}),
      present,
    });
  }
  let totals = 0;
  for (let i = 0; i < TOTAL_VALUE_KEYS.length; i += 1) {
    const key = TOTAL_VALUE_KEYS[i] as string;
    if (!own(data, key)) continue;
    if (!valueFits('kbps', data[key])) return null;
    totals |= 1 << i;
    values.push(data[key] as number);
  }
  return { shape: makeShape(links, totals), values };
}

/** A shape from its parts (the gateway's, or a descriptor the worker read), with its count and key. */
export function makeShape(links: readonly LinkShape[], totals: number): UsageShape {
  const parts: unknown[] = [totals];
  // One check kind per value, in value order: their count is the shape's value count.
  const kinds: number[] = [];
  for (const link of links) {
    // 0 stands for an absent field: no string, null or boolean equals it.
    parts.push(link.port, link.name ?? 0, link.type ?? 0, link.sim === undefined ? 0 : link.sim, link.roaming ?? 0, link.present);
    for (let i = 0; i < LINK_VALUE_KEYS.length; i += 1) if ((link.present & (1 << i)) !== 0) kinds.push(KIND_CODE[LINK_VALUE_KINDS[i] as ValueKind]);
  }
  for (let i = 0; i < TOTAL_VALUE_KEYS.length; i += 1) if ((totals & (1 << i)) !== 0) kinds.push(VALUE_KBPS);
  return { kind: 'unit.usage', links, totals, valueCount: kinds.length, key: JSON.stringify(parts), valueKinds: Uint8Array.from(kinds) };
}

/**
 * Checks `shape.valueCount` values from `values[at]` on as the payload guard would check the fields
 * they stand for; null when all hold, else the reason naming the value (its index from `at`).
 */
export function checkUsageValues(shape: UsageShape, values: ArrayLike<number>, at: number): string | null {
  if (at < 0 || at + shape.valueCount > values.length) return `values ${at}…${at + shape.valueCount - 1} are outside the ${values.length} given`;
  // Every event's values through one flat loop; the walk below only names a value that fails.
  const kinds = shape.valueKinds;
  let fits = true;
  for (let k = 0; k < kinds.length && fits; k += 1) {
    const value = values[at + k] as number;
    const kind = kinds[k];
    fits = kind === VALUE_BOOLEAN ? value === 0 || value === 1 : Number.isFinite(value) && (kind === VALUE_FINITE || value >= 0);
  }
  return fits ? null : badUsageValue(shape, values, at);
}

/** The reason naming the first of the shape's values from `at` on that does not fit (null: none). */
function badUsageValue(shape: UsageShape, values: ArrayLike<number>, at: number): string | null {
  let index = at;
  for (const [l, link] of shape.links.entries()) {
    for (let i = 0; i < LINK_VALUE_KEYS.length; i += 1) {
      if ((link.present & (1 << i)) === 0) continue;
      const value = values[index] as number;
      const kind = LINK_VALUE_KINDS[i] as ValueKind;
      const fits = kind === 'boolean' ? value === 0 || value === 1 : Number.isFinite(value) && (kind === 'finite' || value >= 0);
      if (!fits) return `value ${index - at} (links[${l}].${LINK_VALUE_KEYS[i]}) is ${value}, expected ${kind === 'boolean' ? '0 or 1' : kind === 'kbps' ? 'a finite number ≥ 0' : 'a finite number'}`;
      index += 1;
    }
  }
  for (let i = 0; i < TOTAL_VALUE_KEYS.length; i += 1) {
    if ((shape.totals & (1 << i)) === 0) continue;
    const value = values[index] as number;
    if (!(Number.isFinite(value) && value >= 0)) return `value ${index - at} (${TOTAL_VALUE_KEYS[i]}) is ${value}, expected a finite number ≥ 0`;
    index += 1;
  }
  return null;
}

/** The payload a shape and its values stand for (values checked first: checkUsageValues). */
export function usagePayloadOf(shape: UsageShape, values: ArrayLike<number>, at: number): { links: Obj[]; uplinkKbps?: number; downlinkKbps?: number } {
  let index = at;
  const links = shape.links.map((link) => {
    const out: Obj = { port: link.port };
    if (link.name !== undefined) out['name'] = link.name;
    if (link.type !== undefined) out['type'] = link.type;
    if (link.sim !== undefined) out['sim'] = link.sim;
    if (link.roaming !== undefined) out['roaming'] = link.roaming;
    for (let i = 0; i < LINK_VALUE_KEYS.length; i += 1) {
      if ((link.present & (1 << i)) === 0) continue;
      const value = values[index] as number;
      index += 1;
      out[LINK_VALUE_KEYS[i] as string] = LINK_VALUE_KINDS[i] === 'boolean' ? value === 1 : value;
    }
    return out;
  });
  const payload: { links: Obj[]; uplinkKbps?: number; downlinkKbps?: number } = { links };
  for (let i = 0; i < TOTAL_VALUE_KEYS.length; i += 1) {
    if ((shape.totals & (1 << i)) === 0) continue;
    payload[TOTAL_VALUE_KEYS[i] as 'uplinkKbps' | 'downlinkKbps'] = values[index] as number;
    index += 1;
  }
  return payload;
}
