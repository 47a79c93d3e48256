import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Applications, ApplicationName, UnitStatus } from './status.ts';
import {
  APPLICATION_NAMES,
  deriveStatusFromApplications,
  deriveUnitStatus,
  isBusy,
  isOfflineState,
  isOnline,
  isOnlineApplications,
  isStreaming,
  ONLINE_LIKE_STATES,
  speedTestSupported,
  statusFilterGroup,
  unitIconStatus,
  UNIT_STATUSES,
  userFacingStatus,
} from './status.ts';

/** An applications map with the named applications active (empty objects). */
function apps(...names: ApplicationName[]): Applications {
  const map: Applications = {};
  for (const name of names) map[name] = {};
  return map;
}
const speedTest: Applications = { video: { state: 'speedtest' } };

const applicationsArb: fc.Arbitrary<Applications> = fc
  .subarray([...APPLICATION_NAMES])
  .chain((names) =>
    fc.constantFrom('streaming', 'speedtest', undefined).map((videoState) => {
      const map = apps(...names);
      if (map.video !== undefined && videoState !== undefined) map.video = { state: videoState };
      return map;
    }),
  );

describe('status values (spec 000 §4)', () => {
  it('lists the 13 unit status values of the spec', () => {
    expect(UNIT_STATUSES).toEqual([
      'offline', 'idle', 'storeandforward', 'forwarding', 'streaming', 'online', 'streamingandforwarding',
      'fetchlogs', 'upgrading', 'transparent_bridge', 'setup_transparent_bridge', 'speedtest', 'unavailable',
    ]);
  });
  it('lists the 16 application names of the spec', () => {
    expect(APPLICATION_NAMES).toHaveLength(16);
    expect(new Set(APPLICATION_NAMES).size).toBe(16);
  });
  it('lists online, idle and forwarding as online-like states', () => {
    expect(ONLINE_LIKE_STATES).toEqual(['online', 'idle', 'forwarding']);
  });
});

describe('deriveStatusFromApplications (spec 000 §4, first match wins)', () => {
  it.each<[string, Applications, UnitStatus]>([
    ['1. upgrade → upgrading', apps('upgrade'), 'upgrading'],
    ['1 beats 2: upgrade with fetchlogs', apps('upgrade', 'fetchlogs'), 'upgrading'],
    ['1 beats 4: upgrade with video', apps('video', 'upgrade'), 'upgrading'],
    ['2. fetchlogs → fetchlogs', apps('fetchlogs'), 'fetchlogs'],
    ['2 beats 3: fetchlogs with databridge', apps('fetchlogs', 'databridge'), 'fetchlogs'],
    ['3. databridge → transparent_bridge', apps('databridge'), 'transparent_bridge'],
    ['3 beats 4: databridge with video', apps('databridge', 'video'), 'transparent_bridge'],
    ['4. video → streaming', apps('video'), 'streaming'],
    ['4. video + forward → streamingandforwarding', apps('video', 'forward'), 'streamingandforwarding'],
    ['4. video + store → streaming (store is step 6)', apps('video', 'store'), 'streaming'],
    ['4. video.state speedtest → speedtest', speedTest, 'speedtest'],
    ['4. speedtest wins over forward', { video: { state: 'speedtest' }, forward: {} }, 'speedtest'],
    ['4. video.state streaming → streaming', { video: { state: 'streaming' } }, 'streaming'],
    ['5. forward → forwarding', apps('forward'), 'forwarding'],
    ['5. forward + store → storeandforward', apps('forward', 'store'), 'storeandforward'],
    ['6. store → storeandforward', apps('store'), 'storeandforward'],
    ['7. nothing → idle', {}, 'idle'],
    ['7. only multiCamera → idle (not in the list)', apps('multiCamera'), 'idle'],
    ['7. only switcher → idle', apps('switcher'), 'idle'],
    ['7. only ifb, audioRoom, videoReturn → idle', apps('ifb', 'audioRoom', 'videoReturn'), 'idle'],
  ])('%s', (_name, applications, expected) => {
    expect(deriveStatusFromApplications(applications)).toBe(expected);
  });

  it('never derives online, unavailable, offline or setup_transparent_bridge', () => {
    fc.assert(
      fc.property(applicationsArb, (applications) => {
        expect(['online', 'unavailable', 'offline', 'setup_transparent_bridge']).not.toContain(
          deriveStatusFromApplications(applications),
        );
      }),
    );
  });
});

describe('isBusy (spec 000 §4)', () => {
  it.each<[string, Applications, boolean]>([
    ['video', apps('video'), true],
    ['video in speed test (video is active)', speedTest, true],
    ['multiCamera', apps('multiCamera'), true],
    ['switcher', apps('switcher'), true],
    ['switcherAndProxy', apps('switcherAndProxy'), true],
    ['upgrade', apps('upgrade'), true],
    ['databridge', apps('databridge'), true],
    ['fetchlogs', apps('fetchlogs'), true],
    ['store and forward both', apps('store', 'forward'), true],
    ['store alone', apps('store'), false],
    ['forward alone', apps('forward'), false],
    ['no applications', {}, false],
    ['ifb, audioRoom, videoReturn, l2ControlPipe', apps('ifb', 'audioRoom', 'videoReturn', 'l2ControlPipe'), false],
  ])('%s → %s', (_name, applications, expected) => {
    expect(isBusy(applications)).toBe(expected);
  });
});

describe('isStreaming (spec 000 §4)', () => {
  it.each<[string, Applications, boolean]>([
    ['video', apps('video'), true],
    ['video in speed test', speedTest, false],
    ['multiCamera', apps('multiCamera'), true],
    ['switcher', apps('switcher'), true],
    ['switcherAndProxy', apps('switcherAndProxy'), true],
    ['speed test with multiCamera', { video: { state: 'speedtest' }, multiCamera: {} }, true],
    ['databridge', apps('databridge'), false],
    ['forward and store', apps('forward', 'store'), false],
    ['no applications', {}, false],
  ])('%s → %s', (_name, applications, expected) => {
    expect(isStreaming(applications)).toBe(expected);
  });
});

describe('isOnlineApplications (spec 000 §4)', () => {
  it.each<[string, Applications, boolean]>([
    ['no applications', {}, true],
    ['each non-streaming one together', apps('changeAvicMode', 'l2ControlPipe', 'ifb', 'audioRoom', 'videoReturn', 'databridge', 'xtenderRelay', 'forward'), true],
    ['forward alone', apps('forward'), true],
    ['forward and store', apps('forward', 'store'), false],
    ['store alone', apps('store'), false],
    ['video', apps('video'), false],
    ['ifb with video', apps('ifb', 'video'), false],
    ['multiCamera', apps('multiCamera'), false],
    ['audioCallBySelectedChannel (not in the list)', apps('audioCallBySelectedChannel'), false],
    ['upgrade', apps('upgrade'), false],
  ])('%s → %s', (_name, applications, expected) => {
    expect(isOnlineApplications(applications)).toBe(expected);
  });
});

describe('isOfflineState and isOnline (spec 000 §4)', () => {
  it.each<[string, Parameters<typeof isOfflineState>[0], boolean, boolean]>([
    ['no status', undefined, true, false],
    ['payload without state', { applications: {} }, true, false],
    ['bare "offline"', 'offline', true, false],
    ['bare "unavailable"', 'unavailable', true, false],
    ['bare empty string', '', true, false],
    ['bare "online"', 'online', false, true],
    ['bare "idle"', 'idle', false, true],
    ['bare "forwarding"', 'forwarding', false, true],
    ['bare "streaming"', 'streaming', false, false],
    ['bare "storeandforward"', 'storeandforward', false, false],
    ['state offline with video', { state: 'offline', applications: apps('video') }, true, false],
    ['state unavailable', { state: 'unavailable' }, true, false],
    ['state online, no applications map', { state: 'online' }, false, true],
    ['state online, forward only', { state: 'online', applications: apps('forward') }, false, true],
    ['state online, video', { state: 'online', applications: apps('video') }, false, false],
    ['state online, store and forward', { state: 'online', applications: apps('store', 'forward') }, false, false],
  ])('%s → offline %s, online %s', (_name, raw, offline, online) => {
    expect(isOfflineState(raw)).toBe(offline);
    expect(isOnline(raw)).toBe(online);
  });

  it('never calls a unit both offline and online', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), applicationsArb, (state, applications) => {
        const raw = state === undefined ? {} : { state, applications };
        expect(isOfflineState(raw) && isOnline(raw)).toBe(false);
      }),
    );
  });
});

describe('deriveUnitStatus (protocol.md: forced offline, then offline rules, then derivation)', () => {
  it.each<[string, Parameters<typeof deriveUnitStatus>[0], Parameters<typeof deriveUnitStatus>[1], UnitStatus]>([
    ['no status', undefined, {}, 'offline'],
    ['state missing', { applications: apps('video') }, {}, 'offline'],
    ['state offline', { state: 'offline' }, {}, 'offline'],
    ['state unavailable with video', { state: 'unavailable', applications: apps('video') }, {}, 'offline'],
    ['demo unit streaming', { state: 'online', applications: apps('video') }, { isDemo: true }, 'offline'],
    ['blocked vendor device streaming', { state: 'online', applications: apps('video') }, { isBlockedVendor: true }, 'offline'],
    ['flags false', { state: 'online', applications: apps('video') }, { isDemo: false, isBlockedVendor: false }, 'streaming'],
    ['state online, no applications → idle', { state: 'online' }, undefined, 'idle'],
    ['state idle, no applications → idle', { state: 'idle' }, undefined, 'idle'],
    ['state online, empty applications → idle', { state: 'online', applications: {} }, undefined, 'idle'],
    ['state online, video + forward', { state: 'online', applications: apps('video', 'forward') }, undefined, 'streamingandforwarding'],
    ['state online, speed test', { state: 'online', applications: speedTest }, undefined, 'speedtest'],
  ])('%s → %s', (_name, raw, flags, expected) => {
    expect(deriveUnitStatus(raw, flags)).toBe(expected);
  });

  it('forces offline for a demo unit whatever the payload', () => {
    fc.assert(
      fc.property(fc.string(), applicationsArb, (state, applications) => {
        expect(deriveUnitStatus({ state, applications }, { isDemo: true })).toBe('offline');
      }),
    );
  });
});

describe('userFacingStatus, unitIconStatus, statusFilterGroup (spec 000 §2, §4)', () => {
  it.each<[UnitStatus, ReturnType<typeof userFacingStatus>, ReturnType<typeof statusFilterGroup>]>([
    ['offline', 'offline', 'offline'],
    ['unavailable', 'offline', 'offline'],
    ['idle', 'online', 'online'],
    ['online', 'online', 'online'],
    ['forwarding', 'online', 'online'],
    ['streaming', 'streaming', 'transmitting'],
    ['streamingandforwarding', 'streaming', 'transmitting'],
    ['transparent_bridge', 'streaming', 'transmitting'],
    ['setup_transparent_bridge', 'streaming', 'transmitting'],
    ['storeandforward', 'storeAndForward', 'transmitting'],
    ['upgrading', 'upgrading', 'online'],
    ['fetchlogs', 'fetchingLogs', 'online'],
    ['speedtest', 'speedTest', 'online'],
  ])('groups %s as %s and filters it under %s', (status, group, filter) => {
    expect(userFacingStatus(status)).toBe(group);
    expect(unitIconStatus(status)).toBe(group);
    expect(statusFilterGroup(status)).toBe(filter);
  });

  it('shows an idle unit with only multiCamera active as streaming and transmitting', () => {
    expect(userFacingStatus('idle', apps('multiCamera'))).toBe('streaming');
    expect(unitIconStatus('idle', apps('switcherAndProxy'))).toBe('streaming');
    expect(statusFilterGroup('idle', apps('switcher'))).toBe('transmitting');
  });

  it('keeps an idle unit with only non-streaming applications online', () => {
    expect(userFacingStatus('idle', apps('ifb'))).toBe('online');
    expect(statusFilterGroup('forwarding', apps('forward'))).toBe('online');
  });

  it('does not lift an offline unit to streaming from stale applications', () => {
    expect(userFacingStatus('offline', apps('multiCamera'))).toBe('offline');
  });
});

describe('speedTestSupported (spec 000 §4, §9: channel version 7.5.1)', () => {
  it.each<[string | null | undefined, boolean]>([
    ['7.5.1', true],
    ['7.5.2', true],
    ['7.6', true],
    ['8.0', true],
    ['7.5', false],
    ['7.5.0', false],
    ['7.4.10', false],
    [null, false],
    [undefined, false],
    ['not a version', false],
  ])('channel version %s → %s', (version, expected) => {
    expect(speedTestSupported(version)).toBe(expected);
  });
});
