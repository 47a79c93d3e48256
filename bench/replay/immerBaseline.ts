/**
 * The replay baseline (issue 6 item 5: "baseline: an immer reducer"): the textbook way to keep a
 * fleet, one `produce` per event over an immutable `{units, counters}` state, with the same rules
 * the model applies (rev check, status derived with deriveUnitStatus, whole aspects replaced).
 * Each produce copies the units record it writes to, so its cost grows with the fleet: the
 * baseline runs under a time budget and reports the rate it reached.
 */
import { produce, setAutoFreeze } from 'immer';
import { deriveUnitStatus } from '../../src/domain/units/status.ts';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { EventData, UnitData } from '../../src/protocol/payloads.ts';

type UnitState = {
  readonly rev: number;
  readonly data: UnitData;
  readonly raw: EventData['unit.status'];
  readonly status: UnitStatus;
  readonly aspects: Readonly<Record<string, unknown>>;
};

export type ImmerFleet = { readonly units: Readonly<Record<string, UnitState>>; readonly events: number; readonly offline: number };

export function emptyImmerFleet(): ImmerFleet {
  return { units: {}, events: 0, offline: 0 };
}

/** The reducer: (state, event) → next state. */
export function reduce(state: ImmerFleet, event: Envelope): ImmerFleet {
  return produce(state, (draft) => {
    draft.events += 1;
    const existing = draft.units[event.id];
    if (existing !== undefined && event.rev <= existing.rev) return;
    switch (event.kind) {
      case 'unit.added': {
        const status = deriveUnitStatus(event.data.status, event.data);
        if (existing?.status === 'offline') draft.offline -= 1;
        if (status === 'offline') draft.offline += 1;
        draft.units[event.id] = { rev: event.rev, data: event.data, raw: event.data.status, status, aspects: {} } as never;
        return;
      }
      case 'unit.removed':
        if (existing?.status === 'offline') draft.offline -= 1;
        delete draft.units[event.id];
        return;
      case 'unit.status': {
        if (existing === undefined) return;
        const status = deriveUnitStatus(event.data, existing.data);
        if (existing.status === 'offline') draft.offline -= 1;
        if (status === 'offline') draft.offline += 1;
        existing.rev = event.rev;
        existing.raw = event.data as never;
        existing.status = status;
        return;
      }
      default:
        if (existing === undefined) return;
        existing.rev = event.rev;
        existing.aspects[event.kind] = event.data;
    }
  });
}

/**
 * Replays `events` through the reducer for at most `budgetMs` after the unit.added prefix was
 * loaded in one produce (untimed: a per-event produce over 50,000 additions would take minutes).
 * Returns timed events per second. Auto-freeze stays on, as in an application. `lines` (the
 * same events as NDJSON text) puts JSON.parse of each line in the timed loop.
 */
export function immerRate(events: readonly Envelope[], budgetMs: number, lines?: readonly string[]): { rate: number; applied: number } {
  setAutoFreeze(true);
  let first = 0;
  while (first < events.length && events[first]?.kind === 'unit.added') first += 1;
  const prefix = events.slice(0, first);
  let state = produce(emptyImmerFleet(), (draft) => {
    for (const event of prefix) {
      draft.units[event.id] = { rev: event.rev, data: event.data, raw: (event.data as UnitData).status, status: deriveUnitStatus((event.data as UnitData).status, event.data as UnitData), aspects: {} } as never;
    }
  });
  const started = performance.now();
  let index = first;
  while (index < events.length) {
    // With `lines`, each event is parsed from its NDJSON line inside the timed loop.
    const event = lines === undefined ? (events[index] as Envelope) : (JSON.parse(lines[index] as string) as Envelope);
    state = reduce(state, event);
    index += 1;
    if ((index & 63) === 0 && performance.now() - started > budgetMs) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return { rate: (index - first) / seconds, applied: index - first };
}
