import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { UnitStatus } from './status.ts';
import type { CachedKind, IntercomState, UnitAlert } from './interface.ts';
import {
  activeAlertCount,
  appendSample,
  BUTTON_TRANSITION_STATES,
  capabilitiesRefetchNeeded,
  intercomTransitionCleared,
  IP_PIPE_STATES,
  isStale,
  LOG_FETCH_PHASES,
  MODEM_GRAPH_SAMPLES,
  MODEM_GRAPH_STEP_MS,
  MULTI_CAMERA_MODES,
  OPERATING_MODES,
  refreshOnSelection,
  transitionCleared,
  TRANSITION_MAX_POLLS,
  TRANSITION_POLL_MS,
  VIRTUAL_CHANNEL_RETRIES,
} from './interface.ts';

describe('constants (spec 000 §4, §9)', () => {
  it('polls a unit in transition 10 times at 2 s, retries the virtual channel 7 times', () => {
    expect(TRANSITION_POLL_MS).toBe(2000);
    expect(TRANSITION_MAX_POLLS).toBe(10);
    expect(VIRTUAL_CHANNEL_RETRIES).toBe(7);
  });
  it('keeps 360 modem samples at 5000 ms', () => {
    expect(MODEM_GRAPH_SAMPLES).toBe(360);
    expect(MODEM_GRAPH_STEP_MS).toBe(5000);
  });
  it('lists the spec states and modes', () => {
    expect(BUTTON_TRANSITION_STATES).toEqual(['connecting', 'disconnecting']);
    expect(IP_PIPE_STATES).toEqual(['connected', 'connecting', 'disconnecting', 'notConnected', 'failed']);
    expect(LOG_FETCH_PHASES).toEqual(['connecting', 'collecting', 'stopping']);
    expect(MULTI_CAMERA_MODES).toEqual(['highQuality', 'switcher', 'switcherAndProxy']);
    expect(OPERATING_MODES).toEqual(['Live', 'Store and Forward', 'Multi-HQ', 'Field Switcher', 'Station Switcher']);
  });
});

describe('transitionCleared (spec 000 §4: status arrives or 10 polls at 2 s)', () => {
  it.each<[number, boolean, boolean]>([
    [0, false, false],
    [9, false, false],
    [10, false, true],
    [11, false, true],
    [0, true, true],
    [5, true, true],
  ])('after %i polls, status arrived %s → cleared %s', (polls, arrived, cleared) => {
    expect(transitionCleared(polls, arrived)).toBe(cleared);
  });
});

describe('intercomTransitionCleared (spec 000 §4, intercom 1)', () => {
  it.each<[IntercomState | undefined, IntercomState | undefined, boolean]>([
    ['connecting', undefined, true],
    ['connected', undefined, true],
    [undefined, undefined, false],
    [undefined, 'connected', true],
    ['connected', 'connected', true],
    ['connecting', 'connected', false],
    [undefined, 'connecting', false],
    ['connecting', 'connecting', false],
    ['connected', 'connecting', false],
  ])('previous %s, current %s → cleared %s', (previous, current, cleared) => {
    expect(intercomTransitionCleared(previous, current)).toBe(cleared);
  });
});

describe('capabilitiesRefetchNeeded (spec 000 §4: refetch when back online)', () => {
  it.each<[UnitStatus | undefined, UnitStatus, boolean]>([
    ['offline', 'idle', true],
    ['offline', 'streaming', true],
    ['unavailable', 'idle', true],
    ['offline', 'offline', false],
    ['idle', 'streaming', false],
    ['idle', 'offline', false],
    [undefined, 'idle', false],
  ])('%s → %s: %s', (previous, next, expected) => {
    expect(capabilitiesRefetchNeeded(previous, next)).toBe(expected);
  });
});

describe('isStale (spec 000 §4, §9: enhanced 60 s, settings 60 s, services 30 min)', () => {
  const now = 1_763_700_000_000;
  it.each<[CachedKind, number, boolean]>([
    ['enhanced', 59_999, false],
    ['enhanced', 60_000, true],
    ['settings', 59_999, false],
    ['settings', 60_000, true],
    ['settings', 60_001, true],
    ['services', 1_799_999, false],
    ['services', 1_800_000, true],
    ['services', 60_000, false],
  ])('%s fetched %i ms ago → stale %s', (kind, age, stale) => {
    expect(isStale(kind, now - age, now)).toBe(stale);
  });

  it('treats never-fetched data as stale', () => {
    expect(isStale('services', undefined, now)).toBe(true);
  });

  it('refreshes enhanced data on selection only when the unit is offline', () => {
    const fetchedAt = { enhanced: now - 61_000, settings: now - 61_000, services: now - 1000 };
    expect(refreshOnSelection(true, fetchedAt, now)).toEqual(['enhanced', 'settings']);
    expect(refreshOnSelection(false, fetchedAt, now)).toEqual(['settings']);
    expect(refreshOnSelection(false, { settings: now, services: now }, now)).toEqual([]);
    expect(refreshOnSelection(true, {}, now)).toEqual(['enhanced', 'settings', 'services']);
  });
});

describe('appendSample (spec 000 §4: rolling window of 360 samples)', () => {
  it('appends below the limit', () => {
    expect(appendSample([1, 2], 3)).toEqual([1, 2, 3]);
    expect(appendSample([], 1)).toEqual([1]);
  });

  it('drops the oldest at the 361st sample', () => {
    const full = Array.from({ length: 360 }, (_, index) => index);
    const next = appendSample(full, 360);
    expect(next).toHaveLength(360);
    expect(next[0]).toBe(1);
    expect(next[359]).toBe(360);
    expect(full).toHaveLength(360); // input unchanged
  });

  it('keeps the last min(n + 1, 360) samples for any history', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 800 }), fc.integer(), (samples, sample) => {
        const next = appendSample(samples, sample);
        const expected = [...samples, sample].slice(-360);
        expect(next).toEqual(expected);
      }),
    );
  });
});

describe('activeAlertCount (spec 000 §3 alerts)', () => {
  const alert = (id: string, active: boolean): UnitAlert => ({
    id,
    entityUniqueId: 'U1',
    active,
    severity: 'critical',
    type: 'battery',
  });
  it('counts only active alerts', () => {
    expect(activeAlertCount([alert('a', true), alert('b', false), alert('c', true)])).toBe(2);
    expect(activeAlertCount([])).toBe(0);
  });
});
