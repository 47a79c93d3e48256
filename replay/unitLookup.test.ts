import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeEvent } from '../src/protocol/sampleEvents.ts';
import type { Envelope } from '../src/protocol/envelope.ts';
import type { EventKind } from '../src/protocol/kinds.ts';
import { applyEvent, createFleetModel } from '../workers/model/fleetModel.ts';
import type { FleetModel } from '../workers/model/fleetModel.ts';
import { loadSnapshot, snapshot } from '../workers/model/snapshot.ts';
import { summary } from '../workers/model/summary.ts';
import { dropUnit } from '../workers/model/unitRefetch.ts';
import { UnitLookup } from './unitLookup.ts';

const IDS = ['U1', 'U2', 'U3'] as const;
const KINDS: readonly EventKind[] = ['unit.added', 'unit.removed', 'unit.status', 'unit.alert', 'unit.usage', 'unit.config', 'channel.status'];

/** A step on both models: an event, a snapshot reload (slots start again at 0), or a unit dropped outside the events. */
const step = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constantFrom(...KINDS), id: fc.constantFrom(...IDS), rev: fc.integer({ min: 1, max: 8 }) }) },
  { weight: 1, arbitrary: fc.constant({ reload: true as const }) },
  { weight: 1, arbitrary: fc.record({ drop: fc.constantFrom(...IDS) }) },
);

/** What a model holds, records included (rev, status, counted), for comparing two models. */
function state(model: FleetModel): unknown {
  return { summary: summary(model), snapshot: snapshot(model), removed: [...model.removedRevs], lastSeq: model.lastSeq, applied: model.applied, ignored: model.ignored };
}

describe('UnitLookup: applyEvent with the unit found by its id key', () => {
  it('gives applyEvent’s result and model after every step (adds, removals, re-adds, reloads, drops)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }), (steps, keyOrder) => {
        const reference = createFleetModel({ trackChanges: false });
        const model = createFleetModel({ trackChanges: false });
        const units = new UnitLookup(model);
        let seq = 0;
        for (const s of steps) {
          if ('reload' in s) {
            loadSnapshot(reference, snapshot(reference), seq);
            loadSnapshot(model, snapshot(model), seq);
          } else if ('drop' in s) {
            expect(dropUnit(model, s.drop)).toBe(dropUnit(reference, s.drop));
          } else {
            seq += 1;
            const event = makeEvent(s.kind, s.id, s.rev, seq) as Envelope;
            // Keys are any one-to-one numbering of the ids (here a shuffled one).
            const key = keyOrder[IDS.indexOf(s.id as (typeof IDS)[number])] as number;
            expect(units.apply(event, key)).toEqual(applyEvent(reference, event));
          }
          expect(state(model)).toEqual(state(reference));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('finds a unit again after it was removed and added back (a new record in the same slot)', () => {
    const model = createFleetModel({ trackChanges: false });
    const units = new UnitLookup(model);
    units.apply(makeEvent('unit.added', 'U1', 1, 1), 7);
    const first = units.unit(7, 'U1');
    expect(first).toBe(model.units.get('U1'));
    units.apply(makeEvent('unit.removed', 'U1', 2, 2), 7);
    expect(units.unit(7, 'U1')).toBeUndefined();
    units.apply(makeEvent('unit.added', 'U1', 3, 3), 7);
    const second = units.unit(7, 'U1');
    expect(second).toBe(model.units.get('U1'));
    expect(second).not.toBe(first);
    expect(second?.slot).toBe(first?.slot);
  });
});
