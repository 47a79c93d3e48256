import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromLonLat } from 'ol/proj.js';
import { iconStatusOf } from '../fleet/statusColours.ts';
import { FleetStore } from '../../fleet/store.ts';
import { EMPTY_DIFF, type FleetDiff, type UnitView } from '../../../workers/pipeline/diff.ts';
import { emptyCounters } from '../../domain/units/counters.ts';
import { statusIndex } from './mapStyles.ts';
import { UnitPositions, type UnitPosition } from './unitPositions.ts';

function view(id: string, rev: number, over: Partial<UnitView> = {}): UnitView {
  return { id, rev, name: id, type: '800', status: 'idle', state: 'online', videoState: undefined, applications: [], activeAlerts: 0, battery: undefined, lat: 10, lng: 20, transition: null, capabilities: undefined, ...over };
}

/** A diff as the worker posts it: changed units come with fresh counters. */
function diff(extra: Partial<FleetDiff>): FleetDiff {
  return { ...EMPTY_DIFF, frame: 1, counters: emptyCounters(), ...extra };
}

function harness() {
  const store = new FleetStore();
  const frames: (() => void)[] = [];
  const synced: number[] = [];
  const source = new UnitPositions(store, (ids) => synced.push(ids.size), {
    request: (callback) => frames.push(callback),
    cancel: () => undefined,
  }, () => 0); // a clock that stands still: the first read ends in one frame (its slices are tested below)
  source.start();
  const runFrames = () => {
    for (const callback of frames.splice(0)) callback();
  };
  return { store, source, frames, synced, runFrames };
}

describe('UnitPositions: the map\'s unit positions follow the fleet store in batches', () => {
  it('applies a burst of diffs in one source update on the next frame', () => {
    const h = harness();
    h.runFrames(); // the initial sync: nothing yet
    for (let rev = 1; rev <= 100; rev += 1) h.store.apply(diff({ units: [view('U1', rev), view(`U${rev + 1}`, 1)] }));
    expect(h.frames).toHaveLength(1); // 100 diffs → one frame asked for
    h.runFrames();
    expect(h.source.batches).toBe(1);
    expect(h.source.size).toBe(101);
    expect(h.synced).toEqual([101]);
  });

  it('updates a moved or re-coloured unit in its slot', () => {
    const h = harness();
    h.store.apply(diff({ units: [view('U1', 1)] }));
    h.runFrames();
    h.store.apply(diff({ units: [view('U1', 2, { lat: -33.9, lng: 151.2, status: 'offline', state: 'offline' })] }));
    h.runFrames();
    const position = h.source.get('U1');
    expect(position?.status).toBe(statusIndex('offline'));
    expect(position?.x).toBeGreaterThan(1.6e7); // 151° E in metres
    const [x, y] = fromLonLat([151.2, -33.9]);
    expect(position).toEqual({ x, y, status: statusIndex('offline') });
    const out = { x: 0, y: 0, status: 0 };
    expect(h.source.readInto('U1', out)).toBe(true);
    expect(out).toEqual(position);
    expect(h.source.readInto('U404', out)).toBe(false);
    expect(h.source.size).toBe(1);
  });

  it('skips units without a location and drops removed units', () => {
    const h = harness();
    h.store.apply(diff({ units: [view('U1', 1), view('U2', 1, { lat: undefined, lng: undefined })] }));
    h.runFrames();
    expect(h.source.size).toBe(1);
    h.store.apply(diff({ removed: ['U1'] }));
    h.runFrames();
    expect(h.source.size).toBe(0);
    expect(h.synced.at(-1)).toBe(1); // the removal is reported
  });

  it('reports nothing for a unit whose new revision changed neither position nor status', () => {
    const h = harness();
    h.store.apply(diff({ units: [view('U1', 1)] }));
    h.runFrames();
    h.store.apply(diff({ units: [view('U1', 2, { name: 'Renamed' })] }));
    h.runFrames();
    expect(h.synced).toEqual([1]);
  });

  it('does nothing on a frame without changes', () => {
    const h = harness();
    h.store.apply(diff({ units: [view('U1', 1)] }));
    h.runFrames();
    h.source.schedule();
    h.runFrames();
    expect(h.source.batches).toBe(1);
    expect(h.synced).toEqual([1]);
  });

  it('stops following the store when stopped', () => {
    const h = harness();
    h.runFrames();
    h.source.stop();
    h.store.apply(diff({ units: [view('U1', 1)] }));
    expect(h.frames).toHaveLength(0);
  });

  it('looks only at the units a diff changed, not the whole fleet', () => {
    const h = harness();
    h.store.apply(diff({ units: Array.from({ length: 1_000 }, (_, i) => view(`U${i}`, 1)) }));
    h.runFrames();
    const before = h.source.visited;
    h.store.apply(diff({ units: [view('U7', 2, { status: 'offline', state: 'offline' })] }));
    h.store.apply(diff({ units: [view('U9', 2)] }));
    h.runFrames();
    expect(h.source.visited - before).toBe(2); // 2 changed units of 1,000 → 2 looked at
    expect(h.source.get('U7')?.status).toBe(statusIndex('offline'));
    expect(h.synced.at(-1)).toBe(1); // U9's new revision moved and recoloured nothing
  });

  it('draws the units the store held before the map started, on its first frame', () => {
    const store = new FleetStore();
    store.apply(diff({ units: [view('U1', 1), view('U2', 1)] }));
    const frames: (() => void)[] = [];
    const source = new UnitPositions(store, () => undefined, { request: (callback) => frames.push(callback), cancel: () => undefined });
    source.start();
    for (const callback of frames.splice(0)) callback();
    expect(source.size).toBe(2);
  });

  it('removes the point of a unit that lost its location, and draws it again when it has one', () => {
    const h = harness();
    h.store.apply(diff({ units: [view('U1', 1)] }));
    h.runFrames();
    h.store.apply(diff({ units: [view('U1', 2, { lat: undefined, lng: undefined })] }));
    h.runFrames();
    expect(h.source.size).toBe(0);
    h.store.apply(diff({ units: [view('U1', 3)] }));
    h.runFrames();
    expect(h.source.size).toBe(1);
  });
});

const isEqual = (a: UnitPosition | undefined, b: UnitPosition) => a !== undefined && a.x === b.x && a.y === b.y && a.status === b.status;

describe('UnitPositions: the first read of the fleet, in slices of READ_SLICE_MS per frame', () => {
  /** Every located unit of the store as the map shows it: what one unsliced read gives. */
  function expected(store: FleetStore): Map<string, UnitPosition> {
    const out = new Map<string, UnitPosition>();
    for (const id of store.unitIds()) {
      const unit = store.unit(id);
      if (unit?.lat === undefined || unit.lng === undefined) continue;
      const [x = 0, y = 0] = fromLonLat([unit.lng, unit.lat]);
      out.set(id, { x, y, status: statusIndex(iconStatusOf(unit)) });
    }
    return out;
  }

  const unitArb = fc.record({
    n: fc.integer({ min: 0, max: 299 }),
    located: fc.boolean(),
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
    offline: fc.boolean(),
  });
  const toView = (u: { n: number; located: boolean; lat: number; lng: number; offline: boolean }, rev: number) =>
    view(`U${u.n}`, rev, u.located ? { lat: u.lat, lng: u.lng, ...(u.offline ? { status: 'offline', state: 'offline' } : {}) } : { lat: undefined, lng: undefined });

  it('ends equal to one whole read, whatever the slices and the diffs that arrive meanwhile', () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { maxLength: 300 }),
        fc.array(fc.record({ units: fc.array(unitArb, { maxLength: 20 }), removed: fc.array(fc.integer({ min: 0, max: 299 }), { maxLength: 5 }) }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 50 }),
        (initial, diffs, ticks) => {
          const store = new FleetStore();
          store.apply(diff({ units: initial.map((u) => toView(u, 1)) }));
          const frames: (() => void)[] = [];
          const reported = new Set<string>();
          // A clock that moves a random number of ms per look: slices of any length, down to one check.
          let clock = 0;
          let look = 0;
          const now = () => (clock += ticks[look++ % ticks.length] ?? 0);
          const source = new UnitPositions(store, (ids) => ids.forEach((id) => reported.add(id)), { request: (callback) => frames.push(callback), cancel: () => undefined }, now);
          source.start();
          let rev = 2;
          for (let round = 0; frames.length > 0; round += 1) {
            for (const callback of frames.splice(0)) callback();
            const next = diffs[round];
            if (next !== undefined) store.apply(diff({ units: next.units.map((u) => toView(u, rev++)), removed: next.removed.map((n) => `U${n}`) }));
          }
          const want = expected(store);
          // A diff after the read ended asks for a frame of its own; the loop ran them all.
          expect(source.reading).toBe(false);
          expect(new Map([...source.entries()].map(([id, p]) => [id, { ...p }]))).toEqual(want);
          for (const id of want.keys()) expect(reported.has(id)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads a catch-up diff naming most of the fleet in slices, and ends equal to one whole read, whatever the split', () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { minLength: 1, maxLength: 300 }),
        // The catch-up: one conflated diff with up to the whole fleet's worth of units (new revisions), some removed.
        fc.record({ units: fc.array(unitArb, { maxLength: 300 }), removed: fc.array(fc.integer({ min: 0, max: 299 }), { maxLength: 30 }) }),
        // Diffs that arrive while the catch-up is read, one per frame.
        fc.array(fc.record({ units: fc.array(unitArb, { maxLength: 20 }), removed: fc.array(fc.integer({ min: 0, max: 299 }), { maxLength: 5 }) }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 50 }),
        (initial, catchUp, during, ticks) => {
          const store = new FleetStore();
          store.apply(diff({ units: initial.map((u) => toView(u, 1)) }));
          const frames: (() => void)[] = [];
          const reported = new Set<string>();
          let clock = 0;
          let look = 0;
          let ticking = false; // the first read under a still clock (one frame), the catch-up under the random one
          const now = () => (ticking ? (clock += ticks[look++ % ticks.length] ?? 0) : clock);
          const source = new UnitPositions(store, (ids) => ids.forEach((id) => reported.add(id)), { request: (callback) => frames.push(callback), cancel: () => undefined }, now);
          source.start();
          for (const callback of frames.splice(0)) callback();
          expect(source.reading).toBe(false);
          const before = new Map([...source.entries()].map(([id, p]) => [id, { ...p }]));
          reported.clear();
          ticking = true;
          store.apply(diff({ units: catchUp.units.map((u) => toView(u, 2)), removed: catchUp.removed.map((n) => `U${n}`) }));
          let rev = 3;
          for (let round = 0; frames.length > 0; round += 1) {
            for (const callback of frames.splice(0)) callback();
            const next = during[round];
            if (next !== undefined) store.apply(diff({ units: next.units.map((u) => toView(u, rev++)), removed: next.removed.map((n) => `U${n}`) }));
          }
          expect(source.unread).toBe(0);
          const want = expected(store);
          expect(new Map([...source.entries()].map(([id, p]) => [id, { ...p }]))).toEqual(want);
          // Every unit whose point appeared, moved, was recoloured or went since the first read was reported.
          for (const [id, p] of want) if (!isEqual(before.get(id), p)) expect(reported.has(id)).toBe(true);
          for (const id of before.keys()) if (!want.has(id)) expect(reported.has(id)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('spreads the read of 1,000 changed units over frames, and reads each of them once', () => {
    const store = new FleetStore();
    store.apply(diff({ units: Array.from({ length: 1_000 }, (_, i) => view(`U${i}`, 1, { lat: i / 20, lng: i / 10 })) }));
    const frames: (() => void)[] = [];
    let clock = 0;
    let ticking = false;
    // Once ticking, 1 ms per look at the clock: a slice ends at the first check past READ_SLICE_MS.
    const source = new UnitPositions(store, () => undefined, { request: (callback) => frames.push(callback), cancel: () => undefined }, () => (ticking ? (clock += 1) : clock));
    source.start();
    for (const callback of frames.splice(0)) callback();
    const before = source.visited;
    ticking = true;
    store.apply(diff({ units: Array.from({ length: 1_000 }, (_, i) => view(`U${i}`, 2, { lat: -i / 20, lng: i / 10, status: 'offline', state: 'offline' })) }));
    const unreadAfterFrame: number[] = [];
    while (frames.length > 0) {
      for (const callback of frames.splice(0)) callback();
      unreadAfterFrame.push(source.unread);
    }
    expect(unreadAfterFrame.length).toBeGreaterThan(1);
    expect(unreadAfterFrame[0]).toBeGreaterThan(0); // the first frame left some for later
    expect(unreadAfterFrame.at(-1)).toBe(0);
    expect(source.visited - before).toBe(1_000);
    const [x, y] = fromLonLat([999 / 10, -999 / 20]);
    expect(source.get('U999')).toEqual({ x, y, status: statusIndex('offline') });
  });

  it('keeps every unit past the first slots, and reuses the slots of removed units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 3_000 }), fc.array(fc.integer({ min: 0, max: 3_999 }), { maxLength: 400 }), fc.integer({ min: 0, max: 600 }), (size, removed, added) => {
        const store = new FleetStore();
        store.apply(diff({ units: Array.from({ length: size }, (_, i) => view(`U${i}`, 1, { lat: (i % 160) - 80, lng: (i % 360) - 180 })) }));
        const frames: (() => void)[] = [];
        const source = new UnitPositions(store, () => undefined, { request: (callback) => frames.push(callback), cancel: () => undefined }, () => 0);
        source.start();
        for (const callback of frames.splice(0)) callback();
        store.apply(diff({ removed: removed.map((n) => `U${n}`) }));
        store.apply(diff({ units: Array.from({ length: added }, (_, i) => view(`N${i}`, 1, { lat: i / 10, lng: -i / 10, status: 'offline', state: 'offline' })) }));
        while (frames.length > 0) for (const callback of frames.splice(0)) callback();
        const want = expected(store);
        expect(source.size).toBe(want.size);
        expect(new Map([...source.entries()].map(([id, p]) => [id, { ...p }]))).toEqual(want);
        for (const [id, p] of want) expect(source.get(id)).toEqual(p);
      }),
      { numRuns: 30 },
    );
  });

  it('reads a large fleet over several frames, then stops asking for frames', () => {
    const store = new FleetStore();
    store.apply(diff({ units: Array.from({ length: 1_000 }, (_, i) => view(`U${i}`, 1, { lat: i / 20, lng: i / 10 })) }));
    const frames: (() => void)[] = [];
    let clock = 0;
    // 1 ms per look at the clock: a slice ends at the first check past READ_SLICE_MS.
    const source = new UnitPositions(store, () => undefined, { request: (callback) => frames.push(callback), cancel: () => undefined }, () => (clock += 1));
    source.start();
    let count = 0;
    while (frames.length > 0) {
      count += 1;
      for (const callback of frames.splice(0)) callback();
    }
    expect(count).toBeGreaterThan(1);
    expect(source.size).toBe(1_000);
    expect(source.reading).toBe(false);
  });
});
