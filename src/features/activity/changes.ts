/**
 * What the activity feed's details show of an entry, as text (pure; the screen draws the rows):
 * every changed value, before and after, by its path. Objects and lists are opened down to their
 * plain values (a list of things with a `kind`, `id`, `uid` or `name` is keyed by it, else by
 * position), so a change of one threshold reads "thresholds.battery.value: 20 → 99", not as JSON.
 * A missing value is "—"; a long text is cut at VALUE_MAX_CHARS.
 */
import type { ActivityEntry } from '../../protocol/rest/activity.ts';

export const VALUE_MAX_CHARS = 120;
/** Rows at most (a creation of a big entity lists every field). */
export const CHANGE_ROWS_MAX = 200;

export interface ChangeRow {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** A field that holds a time (ms since the epoch): `at`, `createdAt`, `updatedAt`, ... */
const isTimeField = (path: string): boolean => /(^|\.)(at|[a-z]+At)$/.test(path);

/** A plain value as one short line; a time field's number through `formatTime`. */
export function valueText(value: unknown, path = '', formatTime?: (ms: number) => string): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'number' && formatTime !== undefined && isTimeField(path)) return formatTime(value);
  if (typeof value === 'string') return value === '' ? '""' : value.length > VALUE_MAX_CHARS ? `${value.slice(0, VALUE_MAX_CHARS - 1)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (record(value) !== null && Object.keys(value).length === 0) return '{}';
  const text = JSON.stringify(value) ?? '';
  return text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS - 1)}…` : text;
}

/** The key of a list item: its kind, id, uid or name when it has one, else its position. */
function itemKey(item: unknown, index: number): string {
  const fields = record(item);
  for (const name of ['kind', 'id', 'uid', 'name']) {
    const value = fields?.[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return String(index);
}

/** Every plain value of a document by its dotted path (depth-limited). */
export function flatten(value: unknown, path: string, out: Map<string, unknown>, depth = 0): Map<string, unknown> {
  if (depth > 6 || value === null || typeof value !== 'object' || (Array.isArray(value) && value.length === 0) || (record(value) !== null && Object.keys(value).length === 0)) {
    out.set(path, value);
    return out;
  }
  if (Array.isArray(value)) value.forEach((item, index) => flatten(item, `${path}.${itemKey(item, index)}`, out, depth + 1));
  else for (const [key, item] of Object.entries(value)) flatten(item, path === '' ? key : `${path}.${key}`, out, depth + 1);
  return out;
}

function diffRows(fields: readonly string[], before: Record<string, unknown>, after: Record<string, unknown>, formatTime?: (ms: number) => string): ChangeRow[] {
  const rows: ChangeRow[] = [];
  for (const field of fields) {
    const left = flatten(before[field], field, new Map());
    const right = flatten(after[field], field, new Map());
    for (const path of new Set([...left.keys(), ...right.keys()])) {
      const was = left.get(path);
      const is = right.get(path);
      if (JSON.stringify(was) !== JSON.stringify(is)) rows.push({ field: path, before: valueText(was, path, formatTime), after: valueText(is, path, formatTime) });
    }
  }
  return rows.slice(0, CHANGE_ROWS_MAX);
}

/** The changed values before and after; when nothing changed (a refusal), the fields that were sent. */
export function changeRows(entry: Pick<ActivityEntry, 'changed' | 'before' | 'after' | 'request'>, formatTime?: (ms: number) => string): ChangeRow[] {
  const before = record(entry.before) ?? {};
  const after = record(entry.after) ?? {};
  if (entry.changed.length > 0) return diffRows(entry.changed, before, after, formatTime);
  const sent = record(entry.request) ?? {};
  return diffRows(Object.keys(sent), before, sent, formatTime);
}
