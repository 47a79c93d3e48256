/**
 * STUN/TURN information of an inventory (spec 001 §7 "GET stunTurnInfo by inventory name"): the
 * servers a browser uses to reach the media servers over WebRTC (audio rooms, previews), with
 * short-lived TURN credentials. The console refetches them when they expire (the brief of issue
 * 11: "refetched after its expiry"); the server issues them for TURN_CREDENTIAL_LIFETIME_MS.
 */

/** How long a TURN credential lasts (ours: 10 minutes, the usual order of ephemeral TURN secrets). */
export const TURN_CREDENTIAL_LIFETIME_MS = 10 * 60_000;

/** When to fetch again: at the expiry (never in the past), ms from now. */
export function stunRefetchDelayMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - now);
}

/** True when the information may no longer be used. */
export function stunExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt;
}
