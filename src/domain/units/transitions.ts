/**
 * Status transitions tracked for counters and alerts (spec 000 §4, 001 §4, 002 §4;
 * protocol.md "Replay summary"). A transition is counted when a unit's status class changes
 * between two events of that unit; the first status of a unit counts nothing.
 */
import { assertNever } from '../brand.ts';
import type { UnitStatus } from './status.ts';

/**
 * Status classes (protocol.md): offline; online = idle, online, forwarding; streaming =
 * streaming, streamingandforwarding; storeAndForward = storeandforward; every other status is
 * its own class. `unavailable` joins offline because the offline rule treats it as offline (the
 * derivation never yields it, so the replay summary is unaffected).
 */
export const STATUS_CLASSES = [
  'offline',
  'online',
  'streaming',
  'storeAndForward',
  'upgrading',
  'fetchlogs',
  'transparent_bridge',
  'setup_transparent_bridge',
  'speedtest',
] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export function statusClass(status: UnitStatus): StatusClass {
  switch (status) {
    case 'offline':
    case 'unavailable':
      return 'offline';
    case 'idle':
    case 'online':
    case 'forwarding':
      return 'online';
    case 'streaming':
    case 'streamingandforwarding':
      return 'streaming';
    case 'storeandforward':
      return 'storeAndForward';
    case 'upgrading':
    case 'fetchlogs':
    case 'transparent_bridge':
    case 'setup_transparent_bridge':
    case 'speedtest':
      return status;
    default:
      return assertNever(status, 'unit status');
  }
}

/** Transition names in the order of protocol.md's summary (spec 000 §4). */
export const TRANSITION_NAMES = [
  'offlineToOnline',
  'onlineToOffline',
  'onlineToStreaming',
  'offlineToStreaming',
  'streamingToOnline',
  'streamingToOffline',
  'onlineToStoreAndForward',
  'offlineToStoreAndForward',
  'storeAndForwardToOnline',
  'storeAndForwardToOffline',
  'unknown',
] as const;
export type TransitionName = (typeof TRANSITION_NAMES)[number];

/** The named transitions, keyed "from>to" by class. */
const NAMED: ReadonlyMap<string, TransitionName> = new Map<string, TransitionName>([
  ['offline>online', 'offlineToOnline'],
  ['online>offline', 'onlineToOffline'],
  ['online>streaming', 'onlineToStreaming'],
  ['offline>streaming', 'offlineToStreaming'],
  ['streaming>online', 'streamingToOnline'],
  ['streaming>offline', 'streamingToOffline'],
  ['online>storeAndForward', 'onlineToStoreAndForward'],
  ['offline>storeAndForward', 'offlineToStoreAndForward'],
  ['storeAndForward>online', 'storeAndForwardToOnline'],
  ['storeAndForward>offline', 'storeAndForwardToOffline'],
]);

/**
 * The transition between two consecutive statuses of one unit: null for the first status
 * (previous undefined) or when the class does not change; `unknown` when the class changes and no
 * named transition covers the pair (e.g. streaming → storeAndForward, idle → upgrading).
 */
export function transitionBetween(previous: UnitStatus | undefined, next: UnitStatus): TransitionName | null {
  if (previous === undefined) return null;
  const from = statusClass(previous);
  const to = statusClass(next);
  if (from === to) return null;
  return NAMED.get(`${from}>${to}`) ?? 'unknown';
}

export type TransitionCounts = Record<TransitionName, number>;

/** Every transition at 0, in TRANSITION_NAMES order (the replay summary lists every key). */
export function emptyTransitionCounts(): TransitionCounts {
  const counts = {} as TransitionCounts;
  for (const name of TRANSITION_NAMES) counts[name] = 0;
  return counts;
}
