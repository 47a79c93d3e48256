import { describe, it, expect } from 'vitest';
import type { TransitionName } from './transitions.ts';
import { TRANSITION_NAMES } from './transitions.ts';
import type { UnitAlertFlag } from './alertSettings.ts';
import {
  alertFlagForTransition,
  DEFAULT_UNIT_ALERT_SETTINGS,
  transitionRaisesNotification,
  UNIT_ALERT_FLAGS,
  unitAlertSettingsFrom,
} from './alertSettings.ts';

describe('unit alert settings (spec 000 §3, 002 §3)', () => {
  it('has the 8 flags of the spec, all on by default', () => {
    expect(UNIT_ALERT_FLAGS).toEqual([
      'offlineToOnline', 'startedStreaming', 'streamingToOnline', 'onlineToOffline', 'streamingToOffline',
      'fileUploadStarted', 'fileUploadCompleted', 'newDeviceAdded',
    ]);
    for (const flag of UNIT_ALERT_FLAGS) expect(DEFAULT_UNIT_ALERT_SETTINGS[flag]).toBe(true);
  });

  it('turns a missing stored flag on and keeps a stored false', () => {
    const settings = unitAlertSettingsFrom({ startedStreaming: false });
    expect(settings.startedStreaming).toBe(false);
    expect(settings.newDeviceAdded).toBe(true);
    expect(unitAlertSettingsFrom(undefined)).toEqual(DEFAULT_UNIT_ALERT_SETTINGS);
  });
});

describe('alertFlagForTransition and transitionRaisesNotification', () => {
  it.each<[TransitionName, UnitAlertFlag | null]>([
    ['offlineToOnline', 'offlineToOnline'],
    ['onlineToOffline', 'onlineToOffline'],
    ['onlineToStreaming', 'startedStreaming'],
    ['offlineToStreaming', 'startedStreaming'],
    ['streamingToOnline', 'streamingToOnline'],
    ['streamingToOffline', 'streamingToOffline'],
    ['offlineToStoreAndForward', 'offlineToOnline'],
    ['storeAndForwardToOffline', 'onlineToOffline'],
    ['onlineToStoreAndForward', null],
    ['storeAndForwardToOnline', null],
    ['unknown', null],
  ])('maps %s to flag %s', (transition, flag) => {
    expect(alertFlagForTransition(transition)).toBe(flag);
  });

  it.each(TRANSITION_NAMES.map((name) => [name] as const))(
    'notifies %s with defaults exactly when it has a flag, and never once that flag is off',
    (transition) => {
      const flag = alertFlagForTransition(transition);
      expect(transitionRaisesNotification(transition, DEFAULT_UNIT_ALERT_SETTINGS)).toBe(flag !== null);
      if (flag !== null) {
        expect(transitionRaisesNotification(transition, { ...DEFAULT_UNIT_ALERT_SETTINGS, [flag]: false })).toBe(false);
      }
    },
  );

  it('still notifies startedStreaming when only an unrelated flag is off', () => {
    const settings = { ...DEFAULT_UNIT_ALERT_SETTINGS, streamingToOnline: false };
    expect(transitionRaisesNotification('offlineToStreaming', settings)).toBe(true);
  });
});
