import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Applications, ApplicationName, UnitStatus } from './status.ts';
import { APPLICATION_NAMES, deriveStatusFromApplications, UNIT_STATUSES } from './status.ts';
import type { CountedUnit, UnitCounters } from './counters.ts';
import {
  applyCounterChange,
  availabilityOf,
  countersFromScratch,
  emptyCounters,
  emptyStatusCounts,
  summaryCounters,
  summaryStatusCounts,
} from './counters.ts';

function apps(...names: ApplicationName[]): Applications {
  const map: Applications = {};
  for (const name of names) map[name] = {};
  return map;
}
function unit(status: UnitStatus, type: string, applications: Applications = {}, activeAlerts = 0): CountedUnit {
  return { status, type, applications, activeAlerts };
}

describe('availabilityOf (protocol.md: offline, busy = not offline and busy rule, idle = the rest)', () => {
  it.each<[string, CountedUnit, 'offline' | 'busy' | 'idle']>([
    ['an offline unit', unit('offline', '800'), 'offline'],
    ['an offline unit with stale video (forced offline)', unit('offline', '800', apps('video')), 'offline'],
    ['an unavailable unit', unit('unavailable', '800'), 'offline'],
    ['a streaming unit', unit('streaming', '800', apps('video')), 'busy'],
    ['an idle unit with only multiCamera', unit('idle', '800', apps('multiCamera')), 'busy'],
    ['a store-and-forward unit with store and forward', unit('storeandforward', '800', apps('store', 'forward')), 'busy'],
    ['a store-and-forward unit with store alone', unit('storeandforward', '800', apps('store')), 'idle'],
    ['a forwarding unit', unit('forwarding', '800', apps('forward')), 'idle'],
    ['an idle unit', unit('idle', '800'), 'idle'],
    ['an idle unit without applications map', { status: 'idle', type: '800', activeAlerts: 0 }, 'idle'],
  ])('counts %s as %s', (_name, counted, expected) => {
    expect(availabilityOf(counted)).toBe(expected);
  });
});

describe('countersFromScratch (spec 000 §9 unit counters)', () => {
  it('counts availability, type groups and active alerts of a small fleet', () => {
    const counters = countersFromScratch([
      unit('streaming', '800', apps('video'), 1),
      unit('idle', 'Solo Pro'),
      unit('offline', 'APX-100', {}, 2),
      unit('idle', 'Lite'),
      unit('speedtest', 'Smart', { video: { state: 'speedtest' } }),
      unit('idle', 'PTMP'),
      unit('idle', 'Drone'),
      unit('idle', 'no such type'),
    ]);
    expect(counters).toEqual<UnitCounters>({
      busy: 2,
      idle: 5,
      offline: 1,
      field: 2,
      camera: 1,
      lite: 1,
      smart: 1,
      ptmp: 1,
      activeAlerts: 3,
    });
  });

  it('is all zeros for no units', () => {
    expect(countersFromScratch([])).toEqual(emptyCounters());
  });
});

describe('applyCounterChange', () => {
  it('mutates and returns the same counters object', () => {
    const counters = emptyCounters();
    const returned = applyCounterChange(counters, undefined, unit('idle', '800'));
    expect(returned).toBe(counters);
    expect(counters.idle).toBe(1);
  });

  it('moves a unit from idle to busy when it starts streaming', () => {
    const before = unit('idle', '800');
    const counters = countersFromScratch([before]);
    applyCounterChange(counters, before, unit('streaming', '800', apps('video')));
    expect([counters.idle, counters.busy, counters.field]).toEqual([0, 1, 1]);
  });

  it('removes every trace of a removed unit', () => {
    const only = unit('offline', 'NL-C1', {}, 4);
    const counters = countersFromScratch([only]);
    applyCounterChange(counters, only, undefined);
    expect(counters).toEqual(emptyCounters());
  });

  const types = ['800', '200', 'Solo', 'Lite', 'Smart', 'PTMP', 'APX-200', 'NL-C2', 'Drone', 'MMH', 'bogus'];
  const unitArb: fc.Arbitrary<CountedUnit> = fc.record({
    offline: fc.boolean(),
    names: fc.subarray([...APPLICATION_NAMES]),
    speedTest: fc.boolean(),
    type: fc.constantFrom(...types),
    activeAlerts: fc.nat({ max: 3 }),
  }).map(({ offline, names, speedTest, type, activeAlerts }) => {
    const applications = apps(...names);
    if (applications.video !== undefined && speedTest) applications.video = { state: 'speedtest' };
    const status = offline ? 'offline' : deriveStatusFromApplications(applications);
    return { status, type, applications, activeAlerts };
  });
  const opArb = fc.record({ id: fc.nat({ max: 7 }), next: fc.option(unitArb, { nil: undefined }) });

  it('equals the from-scratch counters after any add/change/remove sequence', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const fleet = new Map<number, CountedUnit>();
        const counters = emptyCounters();
        for (const { id, next } of ops) {
          // next undefined = remove (or no-op when absent); otherwise add or change.
          applyCounterChange(counters, fleet.get(id), next);
          if (next === undefined) fleet.delete(id);
          else fleet.set(id, next);
          expect(counters).toEqual(countersFromScratch(fleet.values()));
        }
        expect(counters.busy + counters.idle + counters.offline).toBe(fleet.size);
      }),
      { numRuns: 300 },
    );
  });
});

describe('summaryCounters and summaryStatusCounts (protocol.md "Replay summary")', () => {
  it('picks busy, idle, offline and activeAlerts for the summary', () => {
    const counters = { ...emptyCounters(), busy: 1, idle: 2, offline: 3, activeAlerts: 4, field: 9 };
    expect(summaryCounters(counters)).toEqual({ busy: 1, idle: 2, offline: 3, activeAlerts: 4 });
  });

  it('lists every status value at 0, a superset of the summary example', () => {
    const counts = emptyStatusCounts();
    expect(Object.keys(counts).sort()).toEqual([...UNIT_STATUSES].sort());
    for (const key of ['offline', 'idle', 'streaming', 'streamingandforwarding', 'storeandforward', 'forwarding', 'upgrading', 'fetchlogs', 'transparent_bridge', 'speedtest']) {
      expect(counts).toHaveProperty(key, 0);
    }
  });

  it('counts how many units end in each status', () => {
    const counts = summaryStatusCounts(['idle', 'idle', 'streaming', 'offline']);
    expect(counts).toEqual({ ...emptyStatusCounts(), idle: 2, streaming: 1, offline: 1 });
  });
});
