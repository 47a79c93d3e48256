import { describe, expect, it } from 'vitest';
import { effect } from '@preact/signals-react';
import type { FleetDiff, UnitView } from '../../workers/pipeline/diff.ts';
import { encodeUnits } from '../../workers/pipeline/diff.ts';
import { FleetStore } from './store.ts';

function view(id: string, rev: number): UnitView {
  return { id, rev, name: id, type: '800', status: 'idle', state: 'online', videoState: undefined, applications: [], activeAlerts: 0, battery: undefined, lat: undefined, lng: undefined, transition: null, capabilities: undefined };
}

function diff(extra: Partial<FleetDiff>): FleetDiff {
  return { frame: 1, reset: false, units: [], unitsBuffer: null, removed: [], channels: [], removedChannels: [], counters: null, connection: null, notifications: [], listsVersion: null, badFrames: null, events: 0, ...extra };
}

describe('FleetStore: one version signal per unit, read at the leaves', () => {
  it('re-runs only the readers of the unit that changed', () => {
    const store = new FleetStore();
    store.apply(diff({ units: [view('U1', 1), view('U2', 1)] }));
    const runs = { U1: 0, U2: 0 };
    const stop1 = effect(() => void (store.unitVersion('U1').value, (runs.U1 += 1)));
    const stop2 = effect(() => void (store.unitVersion('U2').value, (runs.U2 += 1)));
    store.apply(diff({ units: [view('U1', 2)] }));
    expect(runs).toEqual({ U1: 2, U2: 1 });
    expect(store.unit('U1')?.rev).toBe(2);
    stop1();
    stop2();
  });

  it('bumps membership only when a unit appears or disappears, and reads transferred buffers', () => {
    const store = new FleetStore();
    store.apply(diff({ unitsBuffer: encodeUnits([view('U1', 1), view('U2', 1)]) }));
    expect(store.membership.value).toBe(1);
    store.apply(diff({ units: [view('U1', 2)] }));
    expect(store.membership.value).toBe(1);
    store.apply(diff({ removed: ['U2'] }));
    expect(store.membership.value).toBe(2);
    expect(store.unitIds()).toEqual(['U1']);
  });

  it('applies counters, connection state and lists version when the diff carries them', () => {
    const store = new FleetStore();
    store.apply(diff({ connection: { phase: 'live' }, listsVersion: 3, counters: { busy: 1, idle: 2, offline: 3, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, activeAlerts: 4 } }));
    expect(store.connection.value).toEqual({ phase: 'live' });
    expect(store.listsVersion.value).toBe(3);
    expect(store.counters.value.activeAlerts).toBe(4);
  });
});
