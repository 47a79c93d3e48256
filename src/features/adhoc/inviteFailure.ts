/**
 * What the invite forms show when a call fails (spec 002 §8 "Guest invites": "We encountered an
 * error, please try again." plus the invalid e-mail and invalid phone messages): a 400 naming
 * fields puts the server's words on those fields; any other failure (server error, no network,
 * refusal) shows the generic sentence, word for word.
 */
import { isApiError } from '../../api/http.ts';
import { GUEST_INVITE_FAILED } from '../../domain/adhoc.ts';

export interface InviteFailure {
  /** Form field → message (the server's field names: to, deviceName). */
  readonly fields: Readonly<Record<string, string>>;
  /** The form's own message, or null when the fields say it all. */
  readonly form: string | null;
}

export function inviteFailure(error: unknown): InviteFailure {
  if (isApiError(error) && error.status === 400 && typeof error.body === 'object' && error.body !== null) {
    const raw = (error.body as { fields?: unknown }).fields;
    if (typeof raw === 'object' && raw !== null) {
      const fields = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
      if (Object.keys(fields).length > 0) return { fields, form: null };
    }
  }
  return { fields: {}, form: GUEST_INVITE_FAILED };
}
