/**
 * The connection state the UI shows (issue 4 item 3): live, reconnecting in N s, resyncing,
 * offline since T. Times are ms since the epoch from the injected clock; the UI turns `retryAt`
 * into "in N s" with its own clock, so the worker does not post a diff every second.
 */
import { assertNever } from '../../src/domain/brand.ts';

export const CONNECTION_PHASES = ['connecting', 'live', 'resyncing', 'reconnecting', 'offline'] as const;
export type ConnectionPhase = (typeof CONNECTION_PHASES)[number];

export type ConnectionState =
  /** The first connection attempt is under way. */
  | { readonly phase: 'connecting' }
  /** Connected and up to date (events flow). */
  | { readonly phase: 'live' }
  /** Connected, a REST snapshot is being fetched after `reset` (events are buffered meanwhile). */
  | { readonly phase: 'resyncing' }
  /** Closed; attempt `attempt` starts at `retryAt`; disconnected since `since`. */
  | { readonly phase: 'reconnecting'; readonly attempt: number; readonly retryAt: number; readonly since: number }
  /** Gave up after the maximum reconnects (a page reload follows at `reloadAt`), or stopped. */
  | { readonly phase: 'offline'; readonly since: number; readonly reloadAt: number | null };

/** Whole seconds until `at`, never negative (rounded up: "in 1 s" until the moment itself). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A short English line for a status bar: "live", "reconnecting in 7 s", "offline since 10:42:05". */
export function describeConnection(state: ConnectionState, now: number, formatTime: (ms: number) => string = isoTime): string {
  switch (state.phase) {
    case 'connecting':
      return 'connecting';
    case 'live':
      return 'live';
    case 'resyncing':
      return 'resyncing';
    case 'reconnecting':
      return `reconnecting in ${secondsUntil(state.retryAt, now)} s`;
    case 'offline':
      return `offline since ${formatTime(state.since)}`;
    default:
      return assertNever(state, 'connection state');
  }
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}
