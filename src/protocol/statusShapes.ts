/**
 * Status shapes (issue 15 item 1, "status as an enum": docs/performance.md §3q): a `unit.status`
 * payload split into its *template*, the payload with every number written 0, and its *values*,
 * those numbers in document order (depth first, keys in their order), so that a version-2 events
 * frame carries a status event as a u32 shape number and a few f64 values instead of a
 * MessagePack payload, as usage shapes do (usageShapes.ts).
 *
 * Why a template rather than fixed fields: a status payload is the unit's whole live state
 * (protocol.md: `state`, `applications`, and the rest the unit reports: `video`, `intercom`,
 * `battery`, `onlineSince`, ...). The bench's 10k log has 100,831 status events (half the stream)
 * in 46,380 distinct payloads, but only 165 templates once the numbers (battery percentage, online
 * since) are taken out. The template is also what the unit.status guard judges: it reads types
 * (`state` a string, each application an object whose `state` is a string), never a number's value,
 * so a template that passes it stands for payloads that all pass it whatever their finite numbers.
 *
 * The worker rebuilds a payload from template and values with the objects on the way to a number
 * made new and every subtree without one shared (frozen: several units hold it) — two objects per
 * event for the simulator's payloads, where msgpackr decoded six and their strings, and no guard.
 *
 * Pure; serves the gateway (splitStatus, statusShapeOfSplit), the shapes frame (statusShapeOfTemplate) and the worker
 * (checkStatusValues, StatusShape.payloadOf).
 */
import { isDataOf } from './payloadGuards.ts';

/** A template deeper than this (objects and arrays in one another) has no shape: it goes in the body. */
export const MAX_STATUS_TEMPLATE_DEPTH = 8;
/** A template with more nodes (objects, arrays, leaves) than this has no shape. */
export const MAX_STATUS_TEMPLATE_NODES = 256;

/** Builds a node of a payload from the values (`at`: the index of the node's first value). */
type Build = (values: ArrayLike<number>, at: number) => unknown;

export interface StatusShape {
  readonly kind: 'unit.status';
  /** The payload with every number 0 (frozen; also the shapes frame's descriptor). */
  readonly template: unknown;
  /** How many values an event of this shape carries: the template's numbers. */
  readonly valueCount: number;
  /** Where each value goes, in value order (`.battery.percentage`): the errors name it. */
  readonly valuePaths: readonly string[];
  /** One text per shape: equal exactly when the templates are equal (the gateway's interning key). */
  readonly key: string;
  /** The payload for `values[at …]` (checked first: checkStatusValues); shares every subtree without a number. */
  readonly payloadOf: Build;
}

type Obj = Record<string, unknown>;

function isPlainObject(value: unknown): value is Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A key a rebuilt object must not take: assigning it would set the object's prototype. */
const FORBIDDEN_KEY = '__proto__';

/**
 * Walks a JSON-like tree: the template (numbers as 0) and the values in document order, or the
 * reason it is not one (`path` names the node). Keys whose value is undefined are dropped, as
 * JSON and the wire drop them.
 */
function split(value: unknown, values: Values, path: string, depth: number, budget: { nodes: number }): unknown {
  budget.nodes -= 1;
  if (budget.nodes < 0) throw new TemplateError(`${rootName(values)} has more than ${MAX_STATUS_TEMPLATE_NODES} nodes`);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TemplateError(`${path} is ${value}, not a finite number`);
    if (values.fromWire && value !== 0) throw new TemplateError(`${path} is ${value}; a template writes every number as 0`);
    values.numbers.push(value);
    return 0;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (depth >= MAX_STATUS_TEMPLATE_DEPTH) throw new TemplateError(`${path} is nested deeper than ${MAX_STATUS_TEMPLATE_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item, i) => split(item, values, values.fromWire ? `${path}[${i}]` : '', depth + 1, budget));
  if (!isPlainObject(value)) throw new TemplateError(`${path} is ${describe(value)}, not a JSON value`);
  const out: Obj = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (key === FORBIDDEN_KEY) throw new TemplateError(`${path} has the key "${FORBIDDEN_KEY}"`);
    out[key] = split(item, values, values.fromWire ? `${path}.${key}` : '', depth + 1, budget);
  }
  return out;
}

class TemplateError extends Error {}

/**
 * What split collects: the numbers. `fromWire`: a template read from a shapes frame, whose numbers
 * must be 0 and whose errors name the node from `template` on; the gateway's payloads only need a
 * yes or no, so that walk makes no path strings per event.
 */
interface Values {
  readonly numbers: number[];
  readonly fromWire: boolean;
}

/** The root's name in the errors. */
const rootName = (values: Values): string => (values.fromWire ? 'template' : '');

/** The template of `value` (numbers collected into `values`), or the TemplateError that stopped the walk. */
function templateOf(value: unknown, values: Values): { template: unknown } | TemplateError {
  try {
    return { template: split(value, values, rootName(values), 0, { nodes: MAX_STATUS_TEMPLATE_NODES }) };
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
}

/** The paths of a template's numbers, in value order (`.battery.percentage`, `.readings[1]`). */
function numberPaths(node: unknown, path = '', out: string[] = []): string[] {
  if (typeof node === 'number') out.push(path);
  else if (Array.isArray(node)) node.forEach((item, i) => numberPaths(item, `${path}[${i}]`, out));
  else if (typeof node === 'object' && node !== null) for (const [key, item] of Object.entries(node)) numberPaths(item, `${path}.${key}`, out);
  return out;
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return `an object of class ${(value as object).constructor?.name ?? 'unknown'}`;
  return `a ${typeof value}`;
}

/**
 * A status payload split: its template, the template's key and its values.
 * The gateway makes the shape (statusShapeOfSplit) only for a key it has not numbered yet: the
 * builders and the freezing are per shape, not per event.
 */
export interface StatusSplit {
  readonly template: unknown;
  readonly key: string;
  readonly values: number[];
}

/** A status payload's template and values, or null when it has no shape (not JSON-like, too big, refused by the guard). */
export function splitStatus(data: unknown): StatusSplit | null {
  const values: Values = { numbers: [], fromWire: false };
  const read = templateOf(data, values);
  if (read instanceof TemplateError || !isDataOf('unit.status', read.template)) return null;
  return { template: read.template, key: JSON.stringify(read.template), values: values.numbers };
}

/** The shape of a split (the template is frozen in place: the split is not to be used after). */
export function statusShapeOfSplit(split: StatusSplit): StatusShape {
  return makeStatusShape(split.template, split.key);
}

/** A template read from the wire (a shapes frame's descriptor) as a shape, or the reason it is not one. */
export function statusShapeOfTemplate(template: unknown): StatusShape | string {
  const read = templateOf(template, { numbers: [], fromWire: true });
  if (read instanceof TemplateError) return read.message;
  if (!isDataOf('unit.status', read.template)) return 'template is refused by the unit.status guard (state must be a string, applications an object of objects whose state is a string)';
  return makeStatusShape(read.template);
}

/** A shape from a checked template (numbers 0, plain objects and arrays only). */
function makeStatusShape(template: unknown, key = JSON.stringify(template)): StatusShape {
  const valuePaths = numberPaths(template);
  const compiled = compile(template);
  return { kind: 'unit.status', template: deepFreeze(template), valueCount: valuePaths.length, valuePaths, key, payloadOf: compiled.build };
}

/** A node's builder and how many values it reads. */
interface Compiled {
  readonly build: Build;
  readonly count: number;
}

const readValue: Build = (values, at) => values[at];

/**
 * The builder of a template node: a number reads its value; a subtree without numbers is shared
 * (frozen, so a consumer's write throws instead of changing every unit that holds it); an object or
 * array with numbers is made new, its children built at their offsets.
 */
function compile(node: unknown): Compiled {
  if (typeof node === 'number') return { build: readValue, count: 1 };
  if (typeof node !== 'object' || node === null) return { build: () => node, count: 0 };
  const entries = Array.isArray(node) ? node.map((item, i) => [i, item] as const) : Object.entries(node as Obj);
  const children = entries.map(([, item]) => compile(item));
  const count = children.reduce((sum, child) => sum + child.count, 0);
  if (count === 0) {
    const shared = deepFreeze(node);
    return { build: () => shared, count: 0 };
  }
  const offsets: number[] = [];
  let offset = 0;
  for (const child of children) {
    offsets.push(offset);
    offset += child.count;
  }
  const builds = children.map((child) => child.build);
  if (Array.isArray(node)) {
    return {
      count,
      build: (values, at) => {
        const out: unknown[] = new Array<unknown>(builds.length);
        for (let i = 0; i < builds.length; i += 1) out[i] = (builds[i] as Build)(values, at + (offsets[i] as number));
        return out;
      },
    };
  }
  const names = entries.map(([key]) => key as string);
  return {
    count,
    build: (values, at) => {
      const out: Obj = {};
      for (let i = 0; i < builds.length; i += 1) out[names[i] as string] = (builds[i] as Build)(values, at + (offsets[i] as number));
      return out;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/**
 * Checks `shape.valueCount` values from `values[at]` on: each a finite number, as a JSON payload's
 * could only be (the guard reads no number's value: see the header); null when all hold, else the
 * reason naming the value (its index from `at`).
 */
export function checkStatusValues(shape: StatusShape, values: ArrayLike<number>, at: number): string | null {
  if (at < 0 || at + shape.valueCount > values.length) return `values ${at}…${at + shape.valueCount - 1} are outside the ${values.length} given`;
  for (let k = 0; k < shape.valueCount; k += 1) {
    const value = values[at + k] as number;
    if (!Number.isFinite(value)) return `value ${k} (${shape.valuePaths[k]}) is ${value}, expected a finite number`;
  }
  return null;
}
