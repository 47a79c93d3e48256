import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { UnitStatus } from './status.ts';
import { UNIT_STATUSES } from './status.ts';
import type { StatusClass, TransitionName } from './transitions.ts';
import { emptyTransitionCounts, statusClass, transitionBetween, TRANSITION_NAMES } from './transitions.ts';

describe('statusClass (protocol.md "Replay summary")', () => {
  it.each<[UnitStatus, StatusClass]>([
    ['offline', 'offline'],
    ['unavailable', 'offline'],
    ['idle', 'online'],
    ['online', 'online'],
    ['forwarding', 'online'],
    ['streaming', 'streaming'],
    ['streamingandforwarding', 'streaming'],
    ['storeandforward', 'storeAndForward'],
    ['upgrading', 'upgrading'],
    ['fetchlogs', 'fetchlogs'],
    ['transparent_bridge', 'transparent_bridge'],
    ['setup_transparent_bridge', 'setup_transparent_bridge'],
    ['speedtest', 'speedtest'],
  ])('puts %s in class %s', (status, expected) => {
    expect(statusClass(status)).toBe(expected);
  });
});

describe('transitionBetween (spec 000 §4, protocol.md)', () => {
  it.each<[UnitStatus | undefined, UnitStatus, TransitionName | null]>([
    [undefined, 'streaming', null],
    [undefined, 'offline', null],
    ['offline', 'idle', 'offlineToOnline'],
    ['offline', 'forwarding', 'offlineToOnline'],
    ['idle', 'offline', 'onlineToOffline'],
    ['forwarding', 'offline', 'onlineToOffline'],
    ['idle', 'streaming', 'onlineToStreaming'],
    ['forwarding', 'streamingandforwarding', 'onlineToStreaming'],
    ['offline', 'streaming', 'offlineToStreaming'],
    ['streaming', 'idle', 'streamingToOnline'],
    ['streamingandforwarding', 'forwarding', 'streamingToOnline'],
    ['streaming', 'offline', 'streamingToOffline'],
    ['idle', 'storeandforward', 'onlineToStoreAndForward'],
    ['offline', 'storeandforward', 'offlineToStoreAndForward'],
    ['storeandforward', 'idle', 'storeAndForwardToOnline'],
    ['storeandforward', 'offline', 'storeAndForwardToOffline'],
    ['idle', 'forwarding', null],
    ['idle', 'online', null],
    ['streaming', 'streamingandforwarding', null],
    ['offline', 'unavailable', null],
    ['upgrading', 'upgrading', null],
    ['streaming', 'storeandforward', 'unknown'],
    ['storeandforward', 'streaming', 'unknown'],
    ['idle', 'upgrading', 'unknown'],
    ['upgrading', 'idle', 'unknown'],
    ['offline', 'fetchlogs', 'unknown'],
    ['speedtest', 'offline', 'unknown'],
    ['idle', 'speedtest', 'unknown'],
    ['transparent_bridge', 'setup_transparent_bridge', 'unknown'],
    ['streaming', 'speedtest', 'unknown'],
  ])('%s → %s counts %s', (previous, next, expected) => {
    expect(transitionBetween(previous, next)).toBe(expected);
  });

  it('counts nothing exactly when the class does not change', () => {
    const status = fc.constantFrom(...UNIT_STATUSES);
    fc.assert(
      fc.property(status, status, (previous, next) => {
        const same = statusClass(previous) === statusClass(next);
        expect(transitionBetween(previous, next) === null).toBe(same);
      }),
    );
  });

  it('names every transition it returns', () => {
    const status = fc.constantFrom(...UNIT_STATUSES);
    fc.assert(
      fc.property(fc.option(status, { nil: undefined }), status, (previous, next) => {
        const transition = transitionBetween(previous, next);
        if (transition !== null) expect(TRANSITION_NAMES).toContain(transition);
      }),
    );
  });
});

describe('emptyTransitionCounts', () => {
  it('holds the 11 transitions of the replay summary at 0, in order', () => {
    const counts = emptyTransitionCounts();
    expect(Object.keys(counts)).toEqual([
      'offlineToOnline', 'onlineToOffline', 'onlineToStreaming', 'offlineToStreaming', 'streamingToOnline',
      'streamingToOffline', 'onlineToStoreAndForward', 'offlineToStoreAndForward', 'storeAndForwardToOnline',
      'storeAndForwardToOffline', 'unknown',
    ]);
    expect(Object.values(counts).every((count) => count === 0)).toBe(true);
  });

  it('returns a fresh object each time', () => {
    const first = emptyTransitionCounts();
    first.unknown += 1;
    expect(emptyTransitionCounts().unknown).toBe(0);
  });
});
