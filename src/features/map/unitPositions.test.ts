import { describe, it, expect } from 'vitest';
import { FleetStore } from '../../fleet/store.ts';
import { EMPTY_DIFF, type FleetDiff, type UnitView } from '../../../workers/pipeline/diff.ts';
import { emptyCounters } from '../../domain/units/counters.ts';
import { statusIndex } from './mapStyles.ts';
import { UnitPositions } from './unitPositions.ts';

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
  });
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

  it('updates a moved or re-coloured unit in place', () => {
    const h = harness();
    h.store.apply(diff({ units: [view('U1', 1)] }));
    h.runFrames();
    const position = h.source.get('U1');
    h.store.apply(diff({ units: [view('U1', 2, { lat: -33.9, lng: 151.2, status: 'offline', state: 'offline' })] }));
    h.runFrames();
    expect(h.source.get('U1')).toBe(position);
    expect(position?.status).toBe(statusIndex('offline'));
    expect(position?.x).toBeGreaterThan(1.6e7); // 151° E in metres
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
