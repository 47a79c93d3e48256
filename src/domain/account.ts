/**
 * The signed-in account and client configuration rules (spec 002 §2, §3, §4, §7, §9): password
 * expiry notice, STUN/TURN refetch, websocket library change, background polling.
 */
import { BACKGROUND_POLL_INTERVAL_MS, BACKGROUND_POLL_START_DELAY_MAX_S, BACKGROUND_POLL_START_DELAY_MIN_S, PASSWORD_EXPIRY_WARNING_MS } from './constants.ts';

/** Spec 002 §9 "Password expiry warning 14 days". */
export const PASSWORD_NOTICE_SECONDS = PASSWORD_EXPIRY_WARNING_MS / 1_000;

/**
 * Spec 002 §2, §4: at 14 days or fewer before expiry the user is sent to the password notice,
 * unless postponed. An already expired password (0 or negative) also gets the notice. No value
 * (no expiry policy) gets none.
 */
export function needsPasswordNotice(secondsToPwdExpiration: number | null | undefined, postponed: boolean): boolean {
  if (postponed || secondsToPwdExpiration == null || Number.isNaN(secondsToPwdExpiration)) return false;
  return secondsToPwdExpiration <= PASSWORD_NOTICE_SECONDS;
}

/**
 * Spec 002 §3, §4: STUN/TURN information is refetched after its expiry time. turnExpiration is
 * ms since the epoch; the credentials are stale from that instant on. Nothing fetched yet: fetch.
 */
export function stunTurnNeedsRefetch(turnExpiration: number | null | undefined, now: number): boolean {
  return turnExpiration == null || now >= turnExpiration;
}

/**
 * Spec 002 §4, §8: when the client's websocket library setting changes after the first load, the
 * page reloads. firstLoaded is the value seen at the first load (null before it).
 */
export function wsLibraryChangeNeedsReload(firstLoaded: string | null, current: string): boolean {
  return firstLoaded !== null && current !== firstLoaded;
}

/** Spec 002 §7, §9: notifications and client configuration are refetched every 5 minutes. */
export const POLLING_INTERVAL_MS = BACKGROUND_POLL_INTERVAL_MS;
export const POLLING_START_DELAY_MIN_S = BACKGROUND_POLL_START_DELAY_MIN_S;
export const POLLING_START_DELAY_MAX_S = BACKGROUND_POLL_START_DELAY_MAX_S;

/**
 * The random start delay of 1 to 300 s, in whole seconds, as ms: random01 in [0, 1) (a
 * Math.random() value passed in) maps evenly onto 1..300 s. Out-of-range input is clamped.
 */
export function pollingStartDelayMs(random01: number): number {
  const span = POLLING_START_DELAY_MAX_S - POLLING_START_DELAY_MIN_S + 1;
  const r = Number.isFinite(random01) ? Math.min(Math.max(random01, 0), 1) : 0;
  const seconds = Math.min(POLLING_START_DELAY_MIN_S + Math.floor(r * span), POLLING_START_DELAY_MAX_S);
  return seconds * 1000;
}

// ── Changing one's own e-mail (issue 16 item 5) ──────────────────────────────────────────────────

/** How long the link mailed to a new address confirms the change (24 h, in ms). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/**
 * Ours. The answer to a change of one's own e-mail is the same whether another account uses the
 * address or not (so the call does not tell who has an account); the address's owner is told
 * instead, in the mail.
 */
export const EMAIL_CHANGE_TEXTS = {
  confirmSubject: 'Confirm your new e-mail address for the LUC console',
  confirmBody: (username: string, token: string, hours: number) =>
    `The LUC console user ${username} asked to use this address. To confirm, open the console's account page with this code within ${hours} hours:\n\n${token}\n\nIf you did not ask for this, ignore this message: nothing changes.`,
  takenSubject: 'Someone asked to use your address for the LUC console',
  takenBody: 'Someone asked to use this address for another LUC console account, but an account already uses it. Nothing changed. If you did not ask for this, ignore this message.',
  /** The one refusal of a code that is unknown, expired, used or another user's. */
  invalidToken: 'This confirmation code is not valid or has expired',
} as const;
