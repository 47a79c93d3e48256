import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { APPLICATION_NAMES } from '../src/domain/units/status.ts';
import type { Envelope } from '../src/protocol/envelope.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import { makeEvent, SAMPLE_DATA } from '../src/protocol/sampleEvents.ts';
import { applyEvent, createFleetModel } from '../workers/model/fleetModel.ts';
import { summary, summaryOf } from '../workers/model/summary.ts';
import { SummaryFleet } from './summaryFleet.ts';

/** unit.status data: any state the rules tell apart, any applications (video's state included). */
const rawStatus = fc.record(
  {
    state: fc.constantFrom('online', 'offline', 'unavailable', 'idle', '', 'forwarding'),
    applications: fc.dictionary(fc.constantFrom(...APPLICATION_NAMES), fc.oneof(fc.constant({}), fc.record({ state: fc.constantFrom('streaming', 'speedtest', 'idle') }))),
  },
  { requiredKeys: [] },
);
const alerts = fc.array(
  fc.record({ id: fc.constantFrom('A1', 'A2'), entityUniqueId: fc.constant('U1'), active: fc.boolean(), severity: fc.constantFrom('warning', 'critical'), type: fc.constantFrom('battery', 'cameraDisconnected') }),
  { maxLength: 4 },
);
const added = fc.record(
  { status: rawStatus, isDemo: fc.constantFrom(false, false, false, true), isBlockedVendor: fc.constantFrom(false, false, false, true), alerts, type: fc.constantFrom('800', '610', 'ptmp') },
  { requiredKeys: ['status'] },
).map((parts) => ({ ...SAMPLE_DATA['unit.added'], ...parts, alerts: parts.alerts }));

/** Kinds weighted towards those the summary reads (every kind still comes). */
const kind = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EVENT_KINDS) },
  { weight: 3, arbitrary: fc.constantFrom('unit.added' as const, 'unit.status' as const, 'unit.status' as const, 'unit.alert' as const) },
);
/**
 * One event: any kind, one of four units, its rev a step from the unit's highest so far (-2 … +2:
 * stale, duplicate, next, gap; mostly next, so that units live long enough to change status), a
 * valid payload.
 */
const step = fc.oneof({ weight: 1, arbitrary: fc.integer({ min: -2, max: 2 }) }, { weight: 3, arbitrary: fc.constant(1) });
const event = fc.tuple(kind, fc.constantFrom('U1', 'U2', 'U3', 'U4'), step, rawStatus, added, alerts);
const events = fc.array(event, { minLength: 20, maxLength: 80 }).map((list) => {
  const revs = new Map<string, number>();
  return list.map(([kind, id, delta, status, unit, alertList], index): Envelope => {
    const seq = index + 1;
    const highest = revs.get(id) ?? 0;
    const rev = Math.max(0, highest + delta);
    revs.set(id, Math.max(rev, highest));
    if (kind === 'unit.status') return makeEvent(kind, id, rev, seq, status);
    if (kind === 'unit.added') return makeEvent(kind, id, rev, seq, unit as never);
    if (kind === 'unit.alert') return makeEvent(kind, id, rev, seq, { alerts: alertList } as never);
    return makeEvent(kind, id, rev, seq) as Envelope;
  });
});

describe('SummaryFleet: the fleet model’s summary from typed arrays', () => {
  it('gives the fleet model’s summary after every event (adds, re-adds, removals, stale and duplicate revs, forced offline, alerts)', () => {
    let unitsSeen = 0;
    let transitionsSeen = 0;
    fc.assert(
      fc.property(events, (list) => {
        const model = createFleetModel({ trackChanges: false });
        const fleet = new SummaryFleet();
        for (const one of list) {
          applyEvent(model, one);
          fleet.applyEnvelope(one);
          expect(summaryOf(fleet.parts())).toEqual(summary(model));
        }
        unitsSeen += model.units.size;
        transitionsSeen += Object.values(model.transitions).reduce((a, b) => a + b, 0);
      }),
      { numRuns: 500 },
    );
    // The property cannot pass on empty fleets: units and transitions were there to compare.
    expect(unitsSeen).toBeGreaterThan(500);
    expect(transitionsSeen).toBeGreaterThan(500);
  });

  it('gives the same summary whether a payload comes whole or as the reader’s projection (info per payload)', () => {
    // The typed arrays hold per unit only what payloadInfo reads; a unit's slot is fixed by its id.
    const fleet = new SummaryFleet();
    expect(fleet.slotOf('U1')).toBe(0);
    expect(fleet.slotOf('U2')).toBe(1);
    expect(fleet.slotOf('U1')).toBe(0);
    for (let index = 0; index < 3_000; index += 1) fleet.slotOf(`G${index}`); // grows past its first arrays
    fleet.applyEnvelope(makeEvent('unit.added', 'G2999', 1, 1));
    expect(summaryOf(fleet.parts())).toMatchObject({ units: 1, events: 1, counters: { busy: 1, activeAlerts: 1 } });
  });
});
