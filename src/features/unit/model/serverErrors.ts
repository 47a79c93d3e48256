/**
 * A refused save answered by the server (error body `{ error, message, fields? }`, docs/api.md):
 * the per-field messages go on the form's fields, the rest is the form's own message. The form
 * keeps what the user typed either way (a failed save never resets it).
 */
import { isApiError } from '../../../api/http.ts';
import { errorMessageOf } from '../../../components/toasts.ts';

export interface SaveFailure {
  /** Form field → message, for the fields the form has. */
  readonly fields: Record<string, string>;
  /** The message for the form as a whole, or null when every message sits on a field. */
  readonly form: string | null;
}

/**
 * Splits a failure. `fieldMap` maps the server's field names to the form's (e.g. `totalKbps` →
 * `totalKbps`, `comment` → `comment`); a server field the form does not have goes to the form message.
 */
export function saveFailure(error: unknown, fieldMap: Readonly<Record<string, string>>): SaveFailure {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  const body = isApiError(error) ? error.body : null;
  const serverFields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['fields'] : undefined;
  if (typeof serverFields === 'object' && serverFields !== null) {
    for (const [name, message] of Object.entries(serverFields as Record<string, unknown>)) {
      if (typeof message !== 'string') continue;
      const target = fieldMap[name];
      if (target === undefined) unplaced.push(message);
      else fields[target] = message;
    }
  }
  const placed = Object.keys(fields).length > 0;
  const form = unplaced[0] ?? (placed ? null : errorMessageOf(error));
  return { fields, form };
}
