/**
 * Per-user unit alert settings (spec 000 §3, 002 §3 "Unit alert settings (per user)", stored in
 * the user preferences as unitAlertsSettings) and which status transitions raise a notification.
 */
import { assertNever } from '../brand.ts';
import type { TransitionName } from './transitions.ts';

/** The flags, all on by default (spec 000 §3). */
export const UNIT_ALERT_FLAGS = [
  'offlineToOnline',
  'startedStreaming',
  'streamingToOnline',
  'onlineToOffline',
  'streamingToOffline',
  'fileUploadStarted',
  'fileUploadCompleted',
  'newDeviceAdded',
] as const;
export type UnitAlertFlag = (typeof UNIT_ALERT_FLAGS)[number];
export type UnitAlertSettings = Record<UnitAlertFlag, boolean>;

export const DEFAULT_UNIT_ALERT_SETTINGS: Readonly<UnitAlertSettings> = Object.freeze({
  offlineToOnline: true,
  startedStreaming: true,
  streamingToOnline: true,
  onlineToOffline: true,
  streamingToOffline: true,
  fileUploadStarted: true,
  fileUploadCompleted: true,
  newDeviceAdded: true,
});

/** Stored settings completed with the defaults: a flag that is missing is on. */
export function unitAlertSettingsFrom(stored: Partial<UnitAlertSettings> | undefined): UnitAlertSettings {
  return { ...DEFAULT_UNIT_ALERT_SETTINGS, ...stored };
}

/**
 * The flag that governs a transition's notification, or null when the transition never notifies.
 * The spec names five transition flags; our mapping for the rest:
 * - onlineToStreaming, offlineToStreaming → startedStreaming (spec: "onlineToStreaming (startedStreaming)");
 * - offlineToStoreAndForward → offlineToOnline (the unit came online, into store-and-forward);
 * - storeAndForwardToOffline → onlineToOffline (an online unit dropped);
 * - onlineToStoreAndForward, storeAndForwardToOnline, unknown → null (no flag fits).
 * fileUploadStarted, fileUploadCompleted and newDeviceAdded follow file-transfer and unit.added
 * events, not status transitions.
 */
export function alertFlagForTransition(transition: TransitionName): UnitAlertFlag | null {
  switch (transition) {
    case 'offlineToOnline':
    case 'offlineToStoreAndForward':
      return 'offlineToOnline';
    case 'onlineToOffline':
    case 'storeAndForwardToOffline':
      return 'onlineToOffline';
    case 'onlineToStreaming':
    case 'offlineToStreaming':
      return 'startedStreaming';
    case 'streamingToOnline':
      return 'streamingToOnline';
    case 'streamingToOffline':
      return 'streamingToOffline';
    case 'onlineToStoreAndForward':
    case 'storeAndForwardToOnline':
    case 'unknown':
      return null;
    default:
      return assertNever(transition, 'transition');
  }
}

/** True when the transition's flag is on in the user's settings. */
export function transitionRaisesNotification(transition: TransitionName, settings: UnitAlertSettings): boolean {
  const flag = alertFlagForTransition(transition);
  return flag !== null && settings[flag];
}
