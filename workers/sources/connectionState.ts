/**
 * The connection state the UI shows (issue 4 item 3): live, reconnecting in N s, resyncing,
 * offline since T. Times are ms since the epoch from the injected clock; the UI turns `retryAt`
 * into "in N s" with its own clock, so the worker does not post a diff every second.
 */
import { assertNever } from '../../src/domain/brand.ts';

export const CONNECTION_PHASES = ['connecting', 'live', 'behind', 'resyncing', 'reconnecting', 'offline', 'ended'] as const;
export type ConnectionPhase = (typeof CONNECTION_PHASES)[number];

export type ConnectionState =
  /** The first connection attempt is under way. */
  | { readonly phase: 'connecting' }
  /** Connected and up to date (events flow). */
  | { readonly phase: 'live' }
  /**
   * Connected, but slower than the stream: the server sends the latest state per entity
   * ({"op":"behind"} until {"op":"caught-up"}, docs/protocol.md "Falling behind"), so what is
   * shown is current but changes in between were skipped.
   */
  | { readonly phase: 'behind' }
  /** Connected, a REST snapshot is being fetched after `reset` (events are buffered meanwhile). */
  | { readonly phase: 'resyncing' }
  /** Closed; attempt `attempt` starts at `retryAt`; disconnected since `since`. */
  | { readonly phase: 'reconnecting'; readonly attempt: number; readonly retryAt: number; readonly since: number }
  /** Gave up after the maximum reconnects (a page reload follows at `reloadAt`), or stopped. */
  | { readonly phase: 'offline'; readonly since: number; readonly reloadAt: number | null }
  /**
   * The server ended the session (signed out in another tab: close code 4401, SESSION_ENDED_CLOSE):
   * final, no retry; the UI returns to the sign-in page (spec 002 §8).
   */
  | { readonly phase: 'ended'; readonly since: number };

/** The close code of a session the server ended (src/server/live/gateway.ts CLOSE_SESSION_ENDED). */
export const SESSION_ENDED_CLOSE = 4401;

/** Whole seconds until `at`, never negative (rounded up: "in 1 s" until the moment itself). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A short English line for a status bar: "live", "reconnecting in 7 s", "offline since 10:42:05", "session ended". */
export function describeConnection(state: ConnectionState, now: number, formatTime: (ms: number) => string = isoTime): string {
  switch (state.phase) {
    case 'connecting':
      return 'connecting';
    case 'live':
      return 'live';
    case 'behind':
      return 'behind: showing latest state';
    case 'resyncing':
      return 'resyncing';
    case 'reconnecting':
      return `reconnecting in ${secondsUntil(state.retryAt, now)} s`;
    case 'offline':
      return `offline since ${formatTime(state.since)}`;
    case 'ended':
      return 'session ended';
    default:
      return assertNever(state, 'connection state');
  }
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}
