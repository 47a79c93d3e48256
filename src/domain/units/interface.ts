/**
 * Interface transitional states of a unit (spec 000 §4 "Interface transitional states", 001 §4)
 * and the unit's alerts (spec 000 §3, 001 §3), with the timing constants of spec 000 §9.
 */
import {
  ENHANCED_STALE_MS,
  MODEM_GRAPH_POINTS,
  MODEM_GRAPH_STEP_MS,
  MULTI_HQ_MAX_CAMERAS,
  SERVICES_STALE_MS,
  SETTINGS_STALE_MS,
  TRANSITION_POLL_COUNT,
  TRANSITION_POLL_INTERVAL_MS,
  VIRTUAL_CHANNEL_RETRIES,
} from '../constants.ts';
import type { UnitStatus } from './status.ts';
import { isOfflineState } from './status.ts';

/** Start/stop buttons that show a transition (spec 000 §4). */
export const TRANSITION_BUTTONS = ['stream', 'databridge', 'videoReturn', 'intercom', 'ipPipe'] as const;
export type TransitionButton = (typeof TRANSITION_BUTTONS)[number];
/** What a start/stop button shows while its command is in flight. */
export const BUTTON_TRANSITION_STATES = ['connecting', 'disconnecting'] as const;
export type ButtonTransitionState = (typeof BUTTON_TRANSITION_STATES)[number];

/** IP pipe states (spec 000 §4: connected, connecting, disconnecting, not connected, failed). */
export const IP_PIPE_STATES = ['connected', 'connecting', 'disconnecting', 'notConnected', 'failed'] as const;
export type IpPipeState = (typeof IP_PIPE_STATES)[number];

/** Intercom (spec 000 §3): intercom1 and intercom2, each with a mode and a state. */
export const INTERCOM_MODES = ['audioRoom', 'targetChannel'] as const;
export type IntercomMode = (typeof INTERCOM_MODES)[number];
export const INTERCOM_STATES = ['connecting', 'connected'] as const;
export type IntercomState = (typeof INTERCOM_STATES)[number];

/**
 * Whether intercom 1's transition flag clears (spec 000 §4): it was connecting or connected and
 * now has no state, or it is now connected and was not connecting. Read literally, connecting →
 * connected does NOT clear the flag here; the status-arrival / polling rule clears it then.
 */
export function intercomTransitionCleared(
  previous: IntercomState | undefined,
  current: IntercomState | undefined,
): boolean {
  if (current === undefined) return previous === 'connecting' || previous === 'connected';
  return current === 'connected' && previous !== 'connecting';
}

/** Log-fetch phases (spec 000 §4). */
export const LOG_FETCH_PHASES = ['connecting', 'collecting', 'stopping'] as const;
export type LogFetchPhase = (typeof LOG_FETCH_PHASES)[number];

/** Multi-camera modes and operating modes (spec 000 §4). */
export const MULTI_CAMERA_MODES = ['highQuality', 'switcher', 'switcherAndProxy'] as const;
export type MultiCameraMode = (typeof MULTI_CAMERA_MODES)[number];
export const OPERATING_MODES = ['Live', 'Store and Forward', 'Multi-HQ', 'Field Switcher', 'Station Switcher'] as const;
export type OperatingMode = (typeof OPERATING_MODES)[number];
/** Up to 4 cameras in Multi-HQ mode (spec 000 §9). */
export { MULTI_HQ_MAX_CAMERAS };

/** A unit in transition is polled every 2 s, at most 10 times (spec 000 §4, §9). */
export const TRANSITION_POLL_MS = TRANSITION_POLL_INTERVAL_MS;
export const TRANSITION_MAX_POLLS = TRANSITION_POLL_COUNT;

/** A unit's transition clears when a status arrives or after the 10th poll (20 s). */
export function transitionCleared(pollsDone: number, statusArrived: boolean): boolean {
  return statusArrived || pollsDone >= TRANSITION_MAX_POLLS;
}

/** Setting the virtual channel is retried up to 7 times at a caller-given interval (spec 000 §4, §9). */
export { VIRTUAL_CHANNEL_RETRIES };

/** Capabilities are refetched when a unit comes back online (spec 000 §4): offline → not offline. */
export function capabilitiesRefetchNeeded(previous: UnitStatus | undefined, next: UnitStatus): boolean {
  return previous !== undefined && isOfflineState(previous) && !isOfflineState(next);
}

/** Cached data a unit selection may refresh, with its maximum age in ms (spec 000 §4, §9). */
export const STALE_AFTER_MS = {
  enhanced: ENHANCED_STALE_MS, // 60 s, refreshed only while the unit is offline
  settings: SETTINGS_STALE_MS, // 60 s
  services: SERVICES_STALE_MS, // 30 min
} as const;
export type CachedKind = keyof typeof STALE_AFTER_MS;

/**
 * True when data of this kind fetched at `fetchedAt` (ms since epoch; undefined = never fetched)
 * is stale at `now`: an age of exactly the limit is stale (60 000 ms old settings are refetched).
 */
export function isStale(kind: CachedKind, fetchedAt: number | undefined, now: number): boolean {
  if (fetchedAt === undefined) return true;
  return now - fetchedAt >= STALE_AFTER_MS[kind];
}

/** What to refetch when a unit is selected: stale settings and services, and stale enhanced data only when offline. */
export function refreshOnSelection(
  unitOffline: boolean,
  fetchedAt: Partial<Record<CachedKind, number>>,
  now: number,
): CachedKind[] {
  const kinds: CachedKind[] = [];
  if (unitOffline && isStale('enhanced', fetchedAt.enhanced, now)) kinds.push('enhanced');
  if (isStale('settings', fetchedAt.settings, now)) kinds.push('settings');
  if (isStale('services', fetchedAt.services, now)) kinds.push('services');
  return kinds;
}

/** Modem graph: a rolling window of 360 samples, one every 5000 ms (30 min) (spec 000 §4, §9). */
export { MODEM_GRAPH_STEP_MS };
export const MODEM_GRAPH_SAMPLES = MODEM_GRAPH_POINTS;

/** A new array with `sample` appended, keeping the last 360 samples; the input is not changed. */
export function appendSample<T>(samples: readonly T[], sample: T): T[] {
  const start = Math.max(0, samples.length + 1 - MODEM_GRAPH_SAMPLES);
  const next = samples.slice(start);
  next.push(sample);
  return next;
}

/** Unit alerts (spec 000 §3, 001 §3). */
export const ALERT_SEVERITIES = ['warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_TYPES = ['battery', 'cameraDisconnected'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export type UnitAlert = {
  readonly id: string;
  readonly entityUniqueId: string;
  readonly active: boolean;
  readonly severity: AlertSeverity;
  readonly type: AlertType;
};

/** How many of the alerts are active (feeds CountedUnit.activeAlerts). */
export function activeAlertCount(alerts: Iterable<UnitAlert>): number {
  let count = 0;
  for (const alert of alerts) if (alert.active) count += 1;
  return count;
}
