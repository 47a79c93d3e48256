import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { FleetSnapshotSchema } from '../../src/protocol/snapshot.ts';
import { Result, Schema } from 'effect';
import { applyEvent, createFleetModel, drainChanges } from './fleetModel.ts';
import { loadSnapshot, snapshot } from './snapshot.ts';
import { summary } from './summary.ts';

function busyFleet() {
  const model = createFleetModel();
  applyEvent(model, makeEvent('unit.added', 'U1', 1, 1));
  applyEvent(model, makeEvent('unit.added', 'U2', 1, 2, { uid: 'U2', name: 'U2', type: 'Lite', status: { state: 'offline' } }));
  applyEvent(model, makeEvent('unit.status', 'U2', 2, 3, { state: 'online' }));
  applyEvent(model, makeEvent('unit.speedtest', 'U1', 2, 4));
  applyEvent(model, makeEvent('channel.status', 'C7', 1, 5));
  applyEvent(model, makeEvent('server.status', 'S1', 1, 6));
  return model;
}

describe('snapshot / loadSnapshot', () => {
  it('round-trips the fleet: the loaded model has the same summary, counters and entities', () => {
    const source = busyFleet();
    const snap = snapshot(source);
    expect(Result.isSuccess(Schema.decodeUnknownResult(FleetSnapshotSchema)(JSON.parse(JSON.stringify(snap))))).toBe(true);
    const copy = createFleetModel();
    loadSnapshot(copy, snap, source.lastSeq);
    expect(summary(copy)).toEqual(summary(source));
    expect(copy.counters).toEqual(source.counters);
    expect(copy.units.get('U1')?.speedTest).toEqual(source.units.get('U1')?.speedTest);
    expect(copy.channels.get('C7')?.status).toEqual(source.channels.get('C7')?.status);
  });

  it('keeps a channel’s name and version from the snapshot through its later events and into the next snapshot', () => {
    const model = createFleetModel();
    loadSnapshot(model, { units: [], channels: [{ id: 'C1', rev: 3, name: 'Studio A', version: '8.2.1', status: { status: 'idle' } }], servers: [] }, 10);
    expect(applyEvent(model, makeEvent('channel.status', 'C1', 4, 11, { status: 'collecting' }))).toEqual({ outcome: 'applied' });
    expect(applyEvent(model, makeEvent('channel.config', 'C1', 5, 12, { bitrate: 4000 }))).toEqual({ outcome: 'applied' });
    const channel = model.channels.get('C1');
    expect([channel?.name, channel?.version, channel?.status?.status]).toEqual(['Studio A', '8.2.1', 'collecting']);
    expect(snapshot(model).channels).toEqual([{ id: 'C1', rev: 5, name: 'Studio A', version: '8.2.1', status: { status: 'collecting' }, config: { bitrate: 4000 } }]);
  });

  it('ignores events at or below the watermark and applies those above it', () => {
    const model = createFleetModel();
    loadSnapshot(model, snapshot(busyFleet()), 6);
    expect(applyEvent(model, makeEvent('unit.status', 'U2', 3, 6, { state: 'offline' }))).toEqual({ outcome: 'belowWatermark' });
    expect(model.units.get('U2')?.status).toBe('idle');
    expect(applyEvent(model, makeEvent('unit.status', 'U2', 3, 7, { state: 'offline' }))).toEqual({ outcome: 'applied' });
    expect(model.units.get('U2')?.status).toBe('offline');
  });

  it('reports a reset with every unit before and after as changed', () => {
    const model = createFleetModel();
    applyEvent(model, makeEvent('unit.added', 'OLD', 1, 1));
    drainChanges(model);
    loadSnapshot(model, { units: [], channels: [], servers: [] }, 10);
    const changes = drainChanges(model);
    expect(changes.reset).toBe(true);
    expect([...changes.units]).toEqual(['OLD']);
    expect(model.units.size).toBe(0);
    expect(model.counters.idle + model.counters.busy + model.counters.offline).toBe(0);
    expect(model.lastSeq).toBe(10);
  });

  it('keeps the transition counts on a REST resync (no transitions in the snapshot)', () => {
    const model = busyFleet();
    const before = { ...model.transitions };
    loadSnapshot(model, { units: [], channels: [], servers: [] }, 100);
    expect(model.transitions).toEqual(before);
    expect(before.offlineToOnline).toBe(1);
  });
});
