/**
 * FleetMirror against the real simulator: a FleetSimulator runs on an EventBus, mirrors follow its
 * events (one from before the start, one seeded by the owner's snapshot in the middle), and after
 * every step of a random command sequence the port's synchronous reads of the mirrors equal the
 * simulator's (LocalFleet).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventBus } from '../live/bus.ts';
import { ManualClock } from '../sim/clock.ts';
import { FleetSimulator, makeUnitSeeds, type SimCommand } from '../sim/fleet.ts';
import type { SimServer } from '../sim/servers.ts';
import { LocalFleet } from './local.ts';
import { FleetMirror } from './mirror.ts';
import { fleetSnapshot } from './rpc.ts';
import type { LiveUnit } from './port.ts';

const GROUPS = [{ groupId: 'G1', inventoryId: 'I1' }];
const CHANNELS = [
  { id: 'C1', groupId: 'G1', serverId: 'S1', mediaServerId: 'S1' },
  { id: 'C2', groupId: 'G1', serverId: 'S1', mediaServerId: 'S1' },
  { id: 'C3', groupId: 'G1', serverId: 'S2' },
];
const SERVERS: SimServer[] = [
  { id: 'S1', name: 'MMH-A', alias: 'A', type: 'mmh', serialNumber: 'SN-1', swVersion: '8.5.0', channelIds: ['C1', 'C2'] },
  { id: 'S2', name: 'TRX-A', alias: '', type: 'transceiver', serialNumber: 'SN-2', swVersion: '8.5.0', channelIds: ['C3'] },
];

function start(opts: { rate?: number; count?: number; seed?: number } = {}) {
  const clock = new ManualClock();
  const bus = new EventBus({ now: () => clock.now() });
  const seeds = makeUnitSeeds({ count: opts.count ?? 12, seed: opts.seed ?? 3, groups: GROUPS });
  const sim = new FleetSimulator({ bus, clock, seed: opts.seed ?? 3, rate: opts.rate ?? 0, units: seeds, channels: CHANNELS, servers: SERVERS });
  const local = new LocalFleet(sim);
  // Mirror A hears every event from the start (as a front started before the owner).
  const early = new FleetMirror();
  bus.subscribe((event) => early.apply(event));
  sim.start();
  return { clock, bus, sim, local, early, seeds };
}

/** A mirror seeded from the owner's snapshot now, then following the bus (as RemoteFleet.start). */
function seededMirror(local: LocalFleet, bus: EventBus): FleetMirror {
  const mirror = new FleetMirror();
  mirror.seed(structuredClone(fleetSnapshot(local, bus)));
  bus.subscribe((event) => mirror.apply(event));
  return mirror;
}

const FIELDS = ['uid', 'state', 'applications', 'video', 'links', 'battery', 'cameraConnected', 'intercom', 'delay', 'channelId', 'swVersion', 'capping', 'lastUpgrade', 'onlineSince'] as const;
function unitView(unit: LiveUnit | undefined) {
  if (unit === undefined) return undefined;
  return { ...Object.fromEntries(FIELDS.map((key) => [key, unit[key]])), alerts: [...unit.alerts.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}
const sortedSessions = (list: { mode: string; destinationAccount: string }[]) => list.map((s) => `${s.mode}:${s.destinationAccount}`).sort();
const receivers = (map: Map<string, unknown[]>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));

/** Every synchronous read of the port: the mirror's equals the simulator's. */
function expectSameReads(local: LocalFleet, mirror: FleetMirror, label: string): void {
  const simUids = [...local.units()].map((u) => u.uid).sort();
  expect([...mirror.units()].map((u) => u.uid).sort(), `${label}: units`).toEqual(simUids);
  for (const uid of simUids) {
    expect(unitView(mirror.unit(uid)), `${label}: unit ${uid}`).toEqual(unitView(local.unit(uid)));
    expect(mirror.snapshot(uid), `${label}: snapshot ${uid}`).toEqual(local.snapshot(uid));
  }
  for (const id of local.sim.channels.ids()) expect(mirror.channelStatus(id), `${label}: channel ${id}`).toEqual(local.channelStatus(id));
  expect(sortedSessions(mirror.intercomSessions()), `${label}: intercom`).toEqual(sortedSessions(local.intercomSessions()));
  for (const id of ['S1', 'S2', 'S-UNKNOWN']) {
    expect(mirror.serverOnline(id), `${label}: server ${id} online`).toBe(local.serverOnline(id));
    expect(mirror.serverKnown(id), `${label}: server ${id} known`).toBe(local.servers.has(id));
    // server.status is published on every change of state and every 5 s: its identity and state are current.
    const pick = (s: ReturnType<LocalFleet['servers']['status']>) => (s === undefined ? undefined : { deviceId: s.deviceId, name: s.name, swVersion: s.swVersion, offline: s.state === 'offline' });
    expect(pick(mirror.serverStatus(id)), `${label}: server ${id} status`).toEqual(pick(local.servers.status(id)));
  }
  expect(receivers(mirror.receivers()), `${label}: video return receivers`).toEqual(receivers(local.videoReturn.receivers()));
}

const uidIndex = fc.nat({ max: 40 });
const channelId = fc.constantFrom('C1', 'C2', 'C3');
const commandArb: fc.Arbitrary<SimCommand> = fc.oneof(
  fc.record({ type: fc.constant('startStream' as const), channelId: channelId }),
  fc.constant({ type: 'stopStream' as const }),
  fc.constant({ type: 'startStoreAndForward' as const }),
  fc.constant({ type: 'stopStoreAndForward' as const }),
  fc.constant({ type: 'upgrade' as const, targetVersion: '9.0.0' }),
  fc.constant({ type: 'fetchLogs' as const }),
  fc.constant({ type: 'cancelFetchLogs' as const }),
  fc.constant({ type: 'speedTest' as const }),
  fc.constant({ type: 'startDatabridge' as const }),
  fc.constant({ type: 'stopDatabridge' as const }),
  fc.record({ type: fc.constant('startIntercom' as const), slot: fc.constantFrom('intercom1' as const, 'intercom2' as const), mode: fc.constantFrom('audioRoom' as const, 'targetChannel' as const), destinationAccount: fc.constantFrom('room-1', 'room-2') }),
  fc.record({ type: fc.constant('stopIntercom' as const), slot: fc.constantFrom('intercom1' as const, 'intercom2' as const) }),
  fc.constant({ type: 'reboot' as const }),
  fc.record({ type: fc.constant('setDelay' as const), delayMs: fc.constantFrom(800, 2000, 5000) }),
  fc.record({ type: fc.constant('setChannel' as const), channelId: fc.option(channelId, { nil: null }) }),
  fc.record({ type: fc.constant('setCapping' as const), totalKbps: fc.constantFrom(null, 5000), cellularKbps: fc.constantFrom(null, 2000, 9000) }),
  fc.record({ type: fc.constant('setLinkEnabled' as const), port: fc.constantFrom('eth0', 'wlan0', 'modem1'), enabled: fc.boolean() }),
  fc.constant({ type: 'startIpPipe' as const }),
  fc.constant({ type: 'stopIpPipe' as const }),
  fc.record({ type: fc.constant('startVideoReturn' as const), channelId: fc.option(fc.constantFrom('VR-1', 'VR-2'), { nil: null }) }),
  fc.constant({ type: 'stopVideoReturn' as const }),
  fc.record({ type: fc.constant('startMultiCamera' as const), mode: fc.constantFrom('highQuality' as const, 'switcher' as const, 'switcherAndProxy' as const) }),
  fc.constant({ type: 'stopMultiCamera' as const }),
  fc.record({ type: fc.constant('startSocial' as const), provider: fc.constantFrom('youtube', 'facebook') }),
  fc.record({ type: fc.constant('stopSocial' as const), provider: fc.constantFrom('youtube', 'facebook') }),
);

type Step =
  | { kind: 'command'; unit: number; command: SimCommand }
  | { kind: 'advance'; ms: number }
  | { kind: 'add' }
  | { kind: 'remove'; unit: number }
  | { kind: 'restart'; server: 'S1' | 'S2' }
  | { kind: 'serverDown'; server: 'S1' | 'S2'; online: boolean }
  | { kind: 'logs'; channel: string; start: boolean }
  | { kind: 'broadcast'; channel: string; start: boolean }
  | { kind: 'seedMirror' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('command' as const), unit: uidIndex, command: commandArb }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 12_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'add' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), unit: uidIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), server: fc.constantFrom('S1' as const, 'S2' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('serverDown' as const), server: fc.constantFrom('S1' as const, 'S2' as const), online: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('logs' as const), channel: channelId, start: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('broadcast' as const), channel: channelId, start: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'seedMirror' as const }) },
);

describe('FleetMirror follows the simulator (reads of the port equal, step by step)', () => {
  it('after the start: every unit, channel, server, intercom session and video return receiver', () => {
    const { local, early, bus } = start();
    expectSameReads(local, early, 'start');
    expectSameReads(local, seededMirror(local, bus), 'seeded at start');
  });

  it('over random command sequences with churn, a mirror from the start and mirrors seeded on the way agree with the simulator', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 1000 }), fc.constantFrom(0, 40), async (steps, seed, rate) => {
        const { local, early, bus, clock, sim } = start({ seed, rate });
        const mirrors = [early];
        let added = 0;
        const uidAt = (index: number): string | undefined => {
          const all = [...local.units()];
          return all.length === 0 ? undefined : all[index % all.length]!.uid;
        };
        for (const [i, step] of steps.entries()) {
          switch (step.kind) {
            case 'command': {
              const uid = uidAt(step.unit);
              if (uid !== undefined) await local.command(uid, step.command);
              break;
            }
            case 'advance':
              clock.advance(step.ms);
              break;
            case 'add':
              added += 1;
              await local.addUnit({ uid: `U-NEW-${added}`, name: `New ${added}`, type: 'LU800', serial: `SN-NEW-${added}`, groupId: 'G1', inventoryId: 'I1', lat: 1, lng: 2, swVersion: '8.0.0' });
              break;
            case 'remove': {
              const uid = uidAt(step.unit);
              if (uid !== undefined) await local.removeUnit(uid);
              break;
            }
            case 'restart':
              await local.servers.restart(step.server);
              break;
            case 'serverDown':
              sim.setServerOnline(step.server, step.online);
              break;
            case 'logs':
              if (step.start) await local.channels.startLogs(step.channel);
              else await local.channels.stopLogs(step.channel);
              break;
            case 'broadcast':
              if (step.start) await local.files.startBroadcast(step.channel, { fileId: `F-${i}`, broadcastingMmhId: 'S1', rootDirectory: '/media' });
              else await local.files.stopBroadcast(step.channel);
              break;
            case 'seedMirror':
              mirrors.push(seededMirror(local, bus));
              break;
          }
          for (const [m, mirror] of mirrors.entries()) expectSameReads(local, mirror, `step ${i} (${step.kind}), mirror ${m}`);
        }
        for (const mirror of mirrors) {
          expect(mirror.malformed).toBe(0);
          expect(mirror.stale).toBe(false);
        }
        sim.stop();
      }),
      { numRuns: 40 },
    );
  });
});

describe('FleetMirror: the rev rule and bad payloads', () => {
  it('ignores an event whose rev is not above the one applied, and marks itself stale when a rev jumps', () => {
    const { local, bus } = start();
    const mirror = seededMirror(local, bus);
    const uid = [...local.units()][0]!.uid;
    const rev = mirror.revOf(uid);
    const before = structuredClone(mirror.snapshot(uid));
    mirror.apply({ seq: 1, ts: 0, kind: 'unit.config', id: uid, rev, data: { delay: 1, channelId: null, swVersion: 'old', capping: { totalKbps: null, cellularKbps: null } } });
    expect(mirror.snapshot(uid)).toEqual(before);
    expect(mirror.stale).toBe(false);
    mirror.apply({ seq: 2, ts: 0, kind: 'unit.config', id: uid, rev: rev + 5, data: { delay: 1, channelId: null, swVersion: '9.9.9', capping: { totalKbps: null, cellularKbps: null } } });
    expect(mirror.unit(uid)?.swVersion).toBe('9.9.9');
    expect(mirror.stale).toBe(true);
  });

  it('counts a payload of the wrong shape and keeps the unit as it was', () => {
    const { local, bus } = start();
    const mirror = seededMirror(local, bus);
    const uid = [...local.units()][0]!.uid;
    const before = structuredClone(mirror.snapshot(uid));
    mirror.apply({ seq: 1, ts: 0, kind: 'unit.status', id: uid, rev: mirror.revOf(uid) + 1, data: { state: 'exploded' } });
    mirror.apply({ seq: 2, ts: 0, kind: 'unit.added', id: 'U-BAD', rev: 1, data: 'not a unit' });
    expect(mirror.malformed).toBe(2);
    expect(mirror.snapshot(uid)).toEqual(before);
    expect(mirror.unit('U-BAD')).toBeUndefined();
  });
});
