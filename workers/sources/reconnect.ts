/**
 * Reconnect timing (spec 001 §7, §9: "Websocket reconnect 10000 ms"; issue 4 item 3: full jitter,
 * no lockstep storm after a server restart). Every delay is drawn uniformly from [0, 10 s], so a
 * thousand tabs dropped by one restart come back spread over ten seconds instead of all at once.
 */
import { WEBSOCKET_MAX_RECONNECTS } from '../../src/domain/constants.ts';
import { WEBSOCKET_RECONNECT_MS } from '../../src/domain/constants.ts';

/** A source of uniform numbers in [0, 1) (Math.random in production, seeded in tests). */
export type Random = () => number;

/**
 * Consecutive failed reconnects after which the socket is closed for good and the page reloads
 * (spec 001 §7 names "the maximum reconnects" without a number: ours; 60 attempts at a mean of
 * 5 s ≈ 5 minutes offline).
 */
export const MAX_RECONNECTS = WEBSOCKET_MAX_RECONNECTS;

/** Full jitter: uniform in [0, WEBSOCKET_RECONNECT_MS] ms (10 s), an integer number of ms. */
export function reconnectDelay(random: Random): number {
  const draw = Math.min(Math.max(random(), 0), 1);
  return Math.round(draw * WEBSOCKET_RECONNECT_MS);
}

/** The page reload after the last reconnect is jittered the same way (uniform in [0, 10 s]). */
export function reloadDelay(random: Random): number {
  return reconnectDelay(random);
}
