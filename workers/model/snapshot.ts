/**
 * Snapshots of the fleet model: snapshot() for the replay page's periodic in-memory snapshots
 * (fast seek), loadSnapshot() for those and for a REST resync after the server's `reset`
 * (protocol.md: subscribe first, buffer, apply only events above the snapshot's watermark).
 */
import { emptyCounters } from '../../src/domain/units/counters.ts';
import type { FleetSnapshot, UnitSnapshot } from '../../src/protocol/snapshot.ts';
import type { FleetModel, UnitRecord } from './fleetModel.ts';
import { clearUnits, insertUnit, linksOfRecord } from './fleetModel.ts';

function unitSnapshot(unit: UnitRecord): UnitSnapshot {
  const entry: { -readonly [K in keyof UnitSnapshot]: UnitSnapshot[K] } = {
    rev: unit.rev,
    unit: { ...unit.data, status: unit.raw, alerts: unit.alerts, links: linksOfRecord(unit), ...(unit.config === undefined ? {} : { config: unit.config }) },
  };
  if (unit.speedTest !== undefined) entry.speedTest = unit.speedTest;
  if (unit.social !== undefined) entry.social = unit.social;
  if (unit.camera !== undefined) entry.camera = unit.camera;
  return entry;
}

/** The whole model, with its transition counts and event count (payload objects are shared, never mutated). */
export function snapshot(model: FleetModel): FleetSnapshot {
  return {
    units: Array.from(model.units.values(), unitSnapshot),
    channels: Array.from(model.channels.values(), (channel) => ({
      id: channel.id,
      rev: channel.rev,
      ...(channel.name === undefined ? {} : { name: channel.name }),
      ...(channel.version === undefined ? {} : { version: channel.version }),
      ...(channel.status === undefined ? {} : { status: channel.status }),
      ...(channel.config === undefined ? {} : { config: channel.config }),
    })),
    servers: Array.from(model.servers.values(), (server) => ({
      id: server.id,
      rev: server.rev,
      ...(server.status === undefined ? {} : { status: server.status }),
    })),
    transitions: { ...model.transitions },
    events: model.events,
  };
}

/**
 * Replaces the model's state with `snap`; from now on events with seq ≤ watermarkSeq are ignored.
 * Counters are rebuilt from the loaded units. Transition counts and the event count are taken from
 * the snapshot when it carries them (a seek), else kept: a resync is not an event of the unit, so
 * it counts no transition. Every unit before and after is reported changed, with `reset` set.
 */
export function loadSnapshot(model: FleetModel, snap: FleetSnapshot, watermarkSeq: number): void {
  const pending = model.pending;
  for (const id of model.units.keys()) pending.units.add(id);
  for (const id of model.channels.keys()) pending.channels.add(id);
  for (const id of model.servers.keys()) pending.servers.add(id);
  pending.reset = true;
  clearUnits(model);
  model.channels.clear();
  model.servers.clear();
  model.removedRevs.clear();
  Object.assign(model.counters, emptyCounters());
  for (const entry of snap.units) {
    insertUnit(model, entry.unit.uid, entry.rev, entry.unit, {
      speedTest: entry.speedTest,
      social: entry.social,
      camera: entry.camera,
    });
  }
  for (const channel of snap.channels) {
    model.channels.set(channel.id, { id: channel.id, rev: channel.rev, name: channel.name, version: channel.version, status: channel.status, config: channel.config });
    pending.channels.add(channel.id);
  }
  for (const server of snap.servers) {
    model.servers.set(server.id, { id: server.id, rev: server.rev, status: server.status });
    pending.servers.add(server.id);
  }
  if (snap.transitions !== undefined) Object.assign(model.transitions, snap.transitions);
  if (snap.events !== undefined) model.events = snap.events;
  model.watermark = watermarkSeq;
  if (watermarkSeq > model.lastSeq) model.lastSeq = watermarkSeq;
}
