/**
 * The activity feed's rules (issue 17 item 3): every write through the API is recorded (who, what,
 * which entity, before and after, when, from which application id), kept 60 days, and read back
 * by a time span "from today to 60 days". Pure: the server's hook (src/server/http/route.ts), its
 * repository and the console's screen all read these.
 *
 * Who sees what (ours; the issue says "super users and admins see their inventories'"):
 * - a super user: every entry;
 * - the admin set (spec 002 §6): entries about their inventories, and entries by users of their
 *   inventories;
 * - everyone else: their own entries.
 */

/** How long entries are kept (days): "a time span from today to 60 days". */
export const ACTIVITY_RETENTION_DAYS = 60;
export const DAY_MS = 86_400_000;
export const ACTIVITY_RETENTION_MS = ACTIVITY_RETENTION_DAYS * DAY_MS;

/** The spans the screen offers, shortest first (today = since local midnight). */
export const ACTIVITY_SPANS = ['today', '7d', '30d', '60d'] as const;
export type ActivitySpan = (typeof ACTIVITY_SPANS)[number];

const SPAN_DAYS: Readonly<Record<Exclude<ActivitySpan, 'today'>, number>> = { '7d': 7, '30d': 30, '60d': 60 };

/**
 * The first moment of a span (ms since the epoch). `startOfToday` is local midnight as the caller's
 * clock sees it (the console computes it; the server never guesses a time zone).
 */
export function activitySpanStart(span: ActivitySpan, now: number, startOfToday: number): number {
  if (span === 'today') return startOfToday;
  return now - SPAN_DAYS[span] * DAY_MS;
}

/** What became of a write: done (2xx/3xx), refused (4xx: the server said no), failed (5xx). */
export const ACTIVITY_OUTCOMES = ['done', 'refused', 'failed'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

export function activityOutcomeOf(status: number): ActivityOutcome {
  if (status >= 500) return 'failed';
  if (status >= 400) return 'refused';
  return 'done';
}

/**
 * Largest recorded request, before or after document (characters of JSON). A larger one is kept
 * as `{ "truncated": true, "chars": N }`: a 50,000-unit answer has no place in a feed row.
 */
export const ACTIVITY_SNAPSHOT_MAX_CHARS = 16_384;

/** Keys never recorded, whatever their value (passwords, hashes, tokens, keys). */
const SECRET_KEY = /pass(word)?|secret|token|hash|salt|credential|api_?key|cookie/i;
export const REDACTED = '[redacted]';

/** A copy of a JSON value with every secret key's value replaced by "[redacted]" (any depth). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1);
  return out;
}

/**
 * The JSON text a feed row keeps of a value: redacted, and within ACTIVITY_SNAPSHOT_MAX_CHARS;
 * null for nothing (undefined) or a value JSON cannot say.
 */
export function activitySnapshot(value: unknown): string | null {
  if (value === undefined) return null;
  let text: string | undefined;
  try {
    text = JSON.stringify(redactSecrets(value));
  } catch {
    return null;
  }
  if (text === undefined) return null;
  return text.length <= ACTIVITY_SNAPSHOT_MAX_CHARS ? text : JSON.stringify({ truncated: true, chars: text.length });
}

/**
 * The top-level fields whose value differs between before and after (either may be absent).
 * Fields only one side has count when both sides are objects: a created entity shows every field.
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(before) && !isObject(after)) return [];
  const left = isObject(before) ? before : {};
  const right = isObject(after) ? after : {};
  // Only fields both describe, when both exist: an answer often carries more than the stored row
  // (counts, names of related things), and those are not changes.
  const keys = isObject(before) && isObject(after) ? Object.keys(right).filter((key) => key in left) : Object.keys({ ...left, ...right });
  return keys.filter((key) => JSON.stringify(left[key]) !== JSON.stringify(right[key])).sort();
}
