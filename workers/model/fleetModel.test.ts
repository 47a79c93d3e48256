import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { availabilityOf, countersFromScratch, emptyCounters } from '../../src/domain/units/counters.ts';
import { deriveUnitStatus } from '../../src/domain/units/status.ts';
import { activeAlertCount } from '../../src/domain/units/interface.ts';
import type { TransitionName } from '../../src/domain/units/transitions.ts';
import { emptyTransitionCounts, TRANSITION_NAMES, transitionBetween } from '../../src/domain/units/transitions.ts';
import { makeEvent, SAMPLE_DATA } from '../../src/protocol/sampleEvents.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { UnitData, UnitStatusData } from '../../src/protocol/payloads.ts';
import { applyEvent, applyUnitAspectEvent, createFleetModel, drainChanges, needsRefetch } from './fleetModel.ts';
import type { ApplyResult, FleetModel, UnitAspectEvent } from './fleetModel.ts';
import { loadSnapshot } from './snapshot.ts';
import { summary } from './summary.ts';
import { applyUnitFetch } from './unitRefetch.ts';

const RAW = {
  offline: { state: 'offline' },
  online: { state: 'online' },
  forwarding: { state: 'online', applications: { forward: {} } },
  streaming: { state: 'online', applications: { video: { state: 'streaming' } } },
  streamingandforwarding: { state: 'online', applications: { video: {}, forward: {} } },
  storeandforward: { state: 'online', applications: { store: {} } },
  upgrading: { state: 'online', applications: { upgrade: {} } },
  speedtest: { state: 'online', applications: { video: { state: 'speedtest' } } },
} as const satisfies Record<string, UnitStatusData>;
type RawName = keyof typeof RAW;

function unit(uid: string, status: UnitStatusData, extra: Partial<UnitData> = {}): UnitData {
  return { uid, name: uid, type: '800', status, ...extra };
}

/** A model holding unit U1 added at rev 1, seq 1, with `status`. */
function modelWith(status: UnitStatusData = RAW.online, extra: Partial<UnitData> = {}): FleetModel {
  const model = createFleetModel();
  applyEvent(model, makeEvent('unit.added', 'U1', 1, 1, unit('U1', status, extra)));
  return model;
}

const status = (rev: number, seq: number, raw: UnitStatusData) => makeEvent('unit.status', 'U1', rev, seq, raw);

describe('revisions (protocol.md: an event whose rev is not above the applied rev is ignored)', () => {
  it('ignores a duplicate (same rev) and a stale event (lower rev)', () => {
    const model = modelWith();
    expect(applyEvent(model, status(3, 3, RAW.streaming)).outcome).toBe('gap');
    expect(applyEvent(model, status(3, 4, RAW.offline))).toEqual({ outcome: 'duplicate' });
    expect(applyEvent(model, status(2, 5, RAW.offline))).toEqual({ outcome: 'stale' });
    expect(model.units.get('U1')?.status).toBe('streaming');
    expect({ events: model.events, applied: model.applied, ignored: model.ignored }).toEqual({ events: 4, applied: 2, ignored: 2 });
  });

  it('applies rev+1 as a plain change', () => {
    const model = modelWith();
    expect(applyEvent(model, status(2, 2, RAW.streaming))).toEqual({ outcome: 'applied' });
  });

  it('applies a whole-state event after a rev gap and asks to refetch that unit', () => {
    const model = modelWith();
    const result = applyEvent(model, status(5, 2, RAW.streaming));
    expect(result).toEqual({ outcome: 'gap', refetch: 'U1' });
    expect(needsRefetch(result)).toBe(true);
    expect(model.units.get('U1')?.status).toBe('streaming');
    expect(model.units.get('U1')?.rev).toBe(5);
  });

  it('reports a gap for channels and servers too', () => {
    const model = createFleetModel();
    applyEvent(model, makeEvent('channel.status', 'C1', 4, 1));
    expect(applyEvent(model, makeEvent('channel.config', 'C1', 6, 2))).toEqual({ outcome: 'gap', refetch: 'C1' });
    applyEvent(model, makeEvent('server.status', 'S1', 1, 3));
    expect(applyEvent(model, makeEvent('server.status', 'S1', 1, 4))).toEqual({ outcome: 'duplicate' });
  });

  it('ignores an event of a unit it does not hold and asks to refetch it', () => {
    const model = createFleetModel();
    expect(applyEvent(model, status(4, 1, RAW.online))).toEqual({ outcome: 'unknownEntity', refetch: 'U1' });
    expect(model.units.size).toBe(0);
    expect(model.ignored).toBe(1);
  });

  it('removes a unit, ignores its late events, and takes it back when re-added with a newer rev', () => {
    const model = modelWith();
    expect(applyEvent(model, makeEvent('unit.removed', 'U1', 3, 2)).outcome).toBe('applied');
    expect(model.units.has('U1')).toBe(false);
    expect(applyEvent(model, status(2, 3, RAW.streaming))).toEqual({ outcome: 'stale' });
    expect(applyEvent(model, makeEvent('unit.added', 'U1', 3, 4, unit('U1', RAW.online)))).toEqual({ outcome: 'duplicate' });
    expect(applyEvent(model, makeEvent('unit.added', 'U1', 4, 5, unit('U1', RAW.streaming))).outcome).toBe('applied');
    expect(model.units.get('U1')?.status).toBe('streaming');
    expect(model.counters.busy).toBe(1);
  });
});

describe('transitions (protocol.md "Replay summary")', () => {
  it.each<[RawName, RawName, TransitionName]>([
    ['offline', 'online', 'offlineToOnline'],
    ['online', 'offline', 'onlineToOffline'],
    ['online', 'streaming', 'onlineToStreaming'],
    ['offline', 'streaming', 'offlineToStreaming'],
    ['streaming', 'online', 'streamingToOnline'],
    ['streaming', 'offline', 'streamingToOffline'],
    ['online', 'storeandforward', 'onlineToStoreAndForward'],
    ['offline', 'storeandforward', 'offlineToStoreAndForward'],
    ['storeandforward', 'online', 'storeAndForwardToOnline'],
    ['storeandforward', 'offline', 'storeAndForwardToOffline'],
    ['forwarding', 'streamingandforwarding', 'onlineToStreaming'],
    ['streaming', 'storeandforward', 'unknown'],
    ['online', 'upgrading', 'unknown'],
    ['speedtest', 'offline', 'unknown'],
  ])('counts %s → %s as %s, and nothing else', (from, to, name) => {
    const model = modelWith(RAW[from]);
    applyEvent(model, status(2, 2, RAW[to]));
    const expected = Object.fromEntries(TRANSITION_NAMES.map((key) => [key, key === name ? 1 : 0]));
    expect(model.transitions).toEqual(expected);
    expect(drainChanges(model).transitions).toEqual([{ unitId: 'U1', transition: name, seq: 2 }]);
  });

  it.each<[RawName, RawName]>([
    ['online', 'forwarding'],
    ['streaming', 'streamingandforwarding'],
    ['offline', 'offline'],
  ])('counts nothing for %s → %s (same class)', (from, to) => {
    const model = modelWith(RAW[from]);
    applyEvent(model, status(2, 2, RAW[to]));
    expect(Object.values(model.transitions).every((count) => count === 0)).toBe(true);
  });

  it('counts nothing for the first status of a unit', () => {
    const model = modelWith(RAW.streaming);
    expect(Object.values(model.transitions).every((count) => count === 0)).toBe(true);
  });

  it('counts a duplicate status event once', () => {
    const model = modelWith(RAW.online);
    applyEvent(model, status(2, 2, RAW.streaming));
    applyEvent(model, status(2, 3, RAW.streaming));
    expect(model.transitions.onlineToStreaming).toBe(1);
  });
});

describe('derived status and counters', () => {
  it('shows a demo unit offline whatever its raw status, and counts it offline', () => {
    const model = modelWith(RAW.streaming, { isDemo: true });
    expect(model.units.get('U1')?.status).toBe('offline');
    applyEvent(model, status(2, 2, RAW.online));
    expect(model.units.get('U1')?.status).toBe('offline');
    expect(model.counters).toMatchObject({ offline: 1, busy: 0, idle: 0 });
    expect(model.transitions.offlineToOnline).toBe(0);
  });

  it('shows a blocked vendor device offline', () => {
    const model = modelWith(RAW.streaming, { isBlockedVendor: true });
    expect(model.units.get('U1')?.status).toBe('offline');
  });

  it('counts busy, idle and offline and active alerts as units change', () => {
    const model = modelWith(RAW.streaming);
    applyEvent(model, makeEvent('unit.added', 'U2', 1, 2, unit('U2', RAW.storeandforward)));
    applyEvent(model, makeEvent('unit.added', 'U3', 1, 3, unit('U3', {})));
    expect(model.counters).toMatchObject({ busy: 1, idle: 1, offline: 1, activeAlerts: 0 });
    applyEvent(model, makeEvent('unit.alert', 'U2', 2, 4, {
      alerts: [
        { id: 'A1', entityUniqueId: 'U2', active: true, severity: 'warning', type: 'battery' },
        { id: 'A2', entityUniqueId: 'U2', active: false, severity: 'critical', type: 'cameraDisconnected' },
      ],
    }));
    expect(model.counters.activeAlerts).toBe(1);
    applyEvent(model, makeEvent('unit.removed', 'U1', 2, 5));
    expect(model.counters).toMatchObject({ busy: 0, idle: 1, offline: 1, activeAlerts: 1 });
  });

  it('keeps each aspect whole: usage replaces the links, config, speed test, social and camera are stored', () => {
    const model = modelWith();
    applyEvent(model, makeEvent('unit.usage', 'U1', 2, 2));
    applyEvent(model, makeEvent('unit.config', 'U1', 3, 3));
    applyEvent(model, makeEvent('unit.speedtest', 'U1', 4, 4));
    applyEvent(model, makeEvent('social.status', 'U1', 5, 5));
    applyEvent(model, makeEvent('camera.config', 'U1', 6, 6));
    const record = model.units.get('U1');
    expect(record?.links).toEqual(SAMPLE_DATA['unit.usage'].links);
    expect(record?.config).toEqual(SAMPLE_DATA['unit.config']);
    expect(record?.speedTest).toEqual(SAMPLE_DATA['unit.speedtest']);
    expect(record?.social).toEqual(SAMPLE_DATA['social.status']);
    expect(record?.camera).toEqual(SAMPLE_DATA['camera.config']);
  });
});

describe('changes', () => {
  it('collects each changed id once per drain and starts afresh', () => {
    const model = modelWith();
    applyEvent(model, status(2, 2, RAW.streaming));
    applyEvent(model, status(3, 3, RAW.online));
    applyEvent(model, makeEvent('channel.status', 'C7', 1, 4));
    const changes = drainChanges(model);
    expect([...changes.units]).toEqual(['U1']);
    expect([...changes.channels]).toEqual(['C7']);
    expect(changes.transitions).toHaveLength(2);
    expect(drainChanges(model).units.size).toBe(0);
  });

  it('does not report an ignored event as a change', () => {
    const model = modelWith();
    drainChanges(model);
    applyEvent(model, status(1, 2, RAW.streaming));
    expect(drainChanges(model).units.size).toBe(0);
  });
});

describe('summary', () => {
  it('has every key of protocol.md, with every status and transition', () => {
    const result = summary(createFleetModel());
    expect(Object.keys(result)).toEqual(['events', 'units', 'status', 'counters', 'transitions']);
    expect(Object.keys(result.status).slice(0, 10)).toEqual([
      'offline', 'idle', 'streaming', 'streamingandforwarding', 'storeandforward',
      'forwarding', 'upgrading', 'fetchlogs', 'transparent_bridge', 'speedtest',
    ]);
    expect(Object.keys(result.counters)).toEqual(['busy', 'idle', 'offline', 'activeAlerts']);
    expect(Object.keys(result.transitions)).toEqual([...TRANSITION_NAMES]);
    expect(Object.values(result.status).every((count) => count === 0)).toBe(true);
  });

  it('counts events read (applied and ignored), units present and their end status', () => {
    const model = modelWith(RAW.online);
    applyEvent(model, status(2, 2, RAW.streaming));
    applyEvent(model, status(2, 3, RAW.streaming)); // duplicate: read, not applied
    applyEvent(model, makeEvent('unit.added', 'U2', 1, 4, unit('U2', RAW.offline)));
    const result = summary(model);
    expect(result.events).toBe(4);
    expect(result.units).toBe(2);
    expect(result.status).toMatchObject({ streaming: 1, offline: 1, idle: 0 });
    expect(result.counters).toEqual({ busy: 1, idle: 0, offline: 1, activeAlerts: 0 });
    expect(result.transitions.onlineToStreaming).toBe(1);
  });
});

// ---- counters kept incrementally equal counters rebuilt from scratch ----

const RAW_NAMES = Object.keys(RAW) as RawName[];
const IDS = ['U0', 'U1', 'U2', 'U3'] as const;
const TYPES = ['800', 'Lite', 'Smart', 'PTMP', 'MMH', 'unknown-type'] as const;

type Step =
  | { op: 'add'; id: string; raw: RawName; type: string; isDemo: boolean; alerts: boolean[] }
  | { op: 'remove'; id: string }
  | { op: 'status'; id: string; raw: RawName | 'none' }
  | { op: 'alert'; id: string; alerts: boolean[] };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    id: fc.constantFrom(...IDS),
    raw: fc.constantFrom(...RAW_NAMES),
    type: fc.constantFrom(...TYPES),
    isDemo: fc.boolean(),
    alerts: fc.array(fc.boolean(), { maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('remove' as const), id: fc.constantFrom(...IDS) }),
  fc.record({ op: fc.constant('status' as const), id: fc.constantFrom(...IDS), raw: fc.constantFrom(...RAW_NAMES, 'none' as const) }),
  fc.record({ op: fc.constant('alert' as const), id: fc.constantFrom(...IDS), alerts: fc.array(fc.boolean(), { maxLength: 3 }) }),
);

/** Steps as events; `revJitter` replays, skips or repeats revs so duplicates, stale events and gaps occur. */
function eventsOf(steps: readonly [Step, number][]): Envelope[] {
  const revs = new Map<string, number>();
  return steps.map(([s, jitter], index) => {
    const current = revs.get(s.id) ?? 0;
    const rev = Math.max(1, current + jitter); // jitter -1..2: stale/duplicate/next/gap
    revs.set(s.id, Math.max(current, rev));
    const seq = index + 1;
    const alerts = (flags: boolean[]) =>
      flags.map((active, i) => ({ id: `${s.id}-A${i}`, entityUniqueId: s.id, active, severity: 'warning' as const, type: 'battery' as const }));
    switch (s.op) {
      case 'add':
        return makeEvent('unit.added', s.id, rev, seq, { uid: s.id, name: s.id, type: s.type, status: RAW[s.raw], isDemo: s.isDemo, alerts: alerts(s.alerts) });
      case 'remove':
        return makeEvent('unit.removed', s.id, rev, seq);
      case 'status':
        return makeEvent('unit.status', s.id, rev, seq, s.raw === 'none' ? {} : RAW[s.raw]);
      case 'alert':
        return makeEvent('unit.alert', s.id, rev, seq, { alerts: alerts(s.alerts) });
    }
  });
}

describe('counters kept incrementally', () => {
  it('equal counters rebuilt from scratch after any event sequence (1,000 runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.integer({ min: -1, max: 2 })), { maxLength: 60 }), (steps) => {
        const model = createFleetModel();
        for (const event of eventsOf(steps)) applyEvent(model, event);
        const rebuilt = countersFromScratch(
          Array.from(model.units.values(), (u) => ({
            status: deriveUnitStatus(u.raw, u.data),
            applications: u.raw.applications,
            type: u.data.type,
            activeAlerts: activeAlertCount(u.alerts),
          })),
        );
        expect(model.counters).toEqual(rebuilt);
        const result = summary(model);
        expect(Object.values(result.status).reduce((a, b) => a + b, 0)).toBe(model.units.size);
        expect(result.counters.busy + result.counters.idle + result.counters.offline).toBe(model.units.size);
      }),
      { numRuns: 1_000 },
    );
  });

  it('start at zero for an empty fleet', () => {
    expect(createFleetModel().counters).toEqual(emptyCounters());
  });
});

describe('the replay summary\'s model (no changes tracked) and the kept availability', () => {
  /** Every number and derived value the summary and the counters read, per unit. */
  const stateOf = (model: FleetModel) => ({
    summary: summary(model),
    counters: { ...model.counters },
    totals: { events: model.events, applied: model.applied, ignored: model.ignored, lastSeq: model.lastSeq },
    units: Array.from(model.units.values(), (u) => ({ id: u.id, rev: u.rev, status: u.status, counted: u.counted, availability: u.availability })),
    removed: [...model.removedRevs],
  });

  it('gives the outcomes, units, counters and transitions of the tracking model, and keeps no changes (1,000 runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.integer({ min: -1, max: 2 })), { maxLength: 60 }), (steps) => {
        const tracking = createFleetModel();
        const untracked = createFleetModel({ trackChanges: false });
        for (const event of eventsOf(steps)) {
          const expected: ApplyResult = applyEvent(tracking, event);
          expect(applyEvent(untracked, event)).toEqual(expected);
        }
        expect(stateOf(untracked)).toEqual(stateOf(tracking));
        for (const unit of tracking.units.values()) expect(unit.availability).toBe(availabilityOf(unit.counted));
        const changes = drainChanges(untracked);
        expect([changes.units.size, changes.channels.size, changes.servers.size, changes.transitions.length]).toEqual([0, 0, 0, 0]);
      }),
      { numRuns: 1_000 },
    );
  });

  it('counts transitionBetween\'s transition for a status event between any two derived statuses', () => {
    const raws: UnitStatusData[] = [
      ...Object.values(RAW),
      {},
      { state: 'unavailable' },
      { state: 'online', applications: { fetchlogs: {} } },
      { state: 'online', applications: { databridge: {} } },
      { state: 'online', applications: { forward: {}, store: {} } },
      { state: 'online', applications: { multiCamera: {} } },
    ];
    for (const trackChanges of [true, false])
      for (const from of raws)
        for (const to of raws) {
          const model = createFleetModel({ trackChanges });
          applyEvent(model, makeEvent('unit.added', 'U1', 1, 1, unit('U1', from)));
          applyEvent(model, makeEvent('unit.status', 'U1', 2, 2, to));
          const expected = emptyTransitionCounts();
          const name = transitionBetween(deriveUnitStatus(from), deriveUnitStatus(to));
          if (name !== null) expected[name] += 1;
          expect(model.transitions).toEqual(expected);
        }
  });
});

describe('unit slots (UnitRecord.slot) and the looked-up apply (issue 15 item 2, docs/performance.md §3d)', () => {
  /** A step, a rev jitter, and what happens beside the events: nothing, a refetch answer (found or not), or a snapshot load of the units held. */
  const besideArb = fc.constantFrom('none', 'none', 'none', 'fetchFound', 'fetchGone', 'snapshot');
  const runArb = fc.array(fc.tuple(step, fc.integer({ min: -1, max: 2 }), besideArb), { maxLength: 80 });

  /** Slots held are distinct; held and free slots together are exactly 0 … next − 1 (none lost, none twice). */
  const expectSlotsSound = (model: FleetModel) => {
    const held = Array.from(model.units.values(), (u) => u.slot);
    expect(new Set(held).size).toBe(held.length);
    expect([...held, ...model.slots.free].sort((a, b) => a - b)).toEqual(Array.from({ length: model.slots.next }, (_, i) => i));
    // The way in by slot: each held slot names its record, each free slot nothing.
    for (const unit of model.units.values()) expect(model.slots.held[unit.slot]).toBe(unit);
    for (const slot of model.slots.free) expect(model.slots.held[slot]).toBeUndefined();
  };

  it('gives each unit held its own slot and loses none through removals, refetches and snapshot loads (1,000 runs)', () => {
    fc.assert(
      fc.property(runArb, (run) => {
        const model = createFleetModel();
        let mostHeld = 0;
        const events = eventsOf(run.map(([s, jitter]) => [s, jitter] as [Step, number]));
        run.forEach(([s, , beside], index) => {
          applyEvent(model, events[index] as Envelope);
          mostHeld = Math.max(mostHeld, model.units.size);
          const held = model.units.get(s.id);
          if (beside === 'fetchFound') {
            const rev = (held?.rev ?? 0) + 1;
            applyUnitFetch(model, s.id, { found: true, entry: { rev, unit: unit(s.id, RAW.online) } }, held?.rev, true);
          } else if (beside === 'fetchGone') {
            applyUnitFetch(model, s.id, { found: false }, held?.rev, true);
          } else if (beside === 'snapshot') {
            const units = Array.from(model.units.values(), (u) => ({ rev: u.rev, unit: u.data }));
            loadSnapshot(model, { units, channels: [], servers: [] }, model.lastSeq);
            mostHeld = 0;
            expect(model.slots.next).toBe(units.length); // a load starts the slots again at 0
          }
          mostHeld = Math.max(mostHeld, model.units.size);
          expectSlotsSound(model);
          // Reuse keeps the slots dense: never more than the most units held at once since the last load.
          expect(model.slots.next).toBeLessThanOrEqual(mostHeld);
        });
      }),
      { numRuns: 1_000 },
    );
  });

  it('applyUnitAspectEvent with the record looked up before gives applyEvent\'s outcome and model (1,000 runs)', () => {
    const isAspect = (event: Envelope): event is UnitAspectEvent => event.kind !== 'unit.added' && event.kind !== 'unit.removed';
    const stateOf = (model: FleetModel) => ({
      summary: summary(model),
      totals: { events: model.events, applied: model.applied, ignored: model.ignored, lastSeq: model.lastSeq },
      units: Array.from(model.units.values(), (u) => ({ ...u })),
      removed: [...model.removedRevs],
      changes: [...model.pending.units],
      transitions: [...model.pending.transitions],
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.integer({ min: -1, max: 2 })), { maxLength: 60 }), fc.integer({ min: -1, max: 30 }), (steps, watermark) => {
        const plain = createFleetModel();
        const lookedUp = createFleetModel();
        plain.watermark = watermark;
        lookedUp.watermark = watermark;
        for (const event of eventsOf(steps)) {
          const expected = applyEvent(plain, event);
          const got = isAspect(event) ? applyUnitAspectEvent(lookedUp, event, lookedUp.units.get(event.id)) : applyEvent(lookedUp, event);
          expect(got).toEqual(expected);
        }
        expect(stateOf(lookedUp)).toEqual(stateOf(plain));
      }),
      { numRuns: 1_000 },
    );
  });
});
