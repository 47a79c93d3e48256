import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { EventBus } from '../live/bus.ts';
import type { LiveEvent } from '../live/types.ts';
import { ManualClock } from './clock.ts';
import { FleetSimulator, makeUnitSeeds, SIM_TICK_MS, USAGE_PERIOD_MS } from './fleet.ts';
import type { SimCommand } from './commands.ts';
import { PHASE_MS } from './commands.ts';
import { deriveUnitStatus, isBusy } from '../../domain/units/status.ts';
import type { RawUnitStatus } from '../../domain/units/status.ts';
import { UPGRADE_ERROR_CODES } from '../../domain/upgrade.ts';

const groups = [{ groupId: 'G1', inventoryId: 'I1' }];

function setup(opts: { count?: number; seed?: number; rate?: number; channels?: boolean } = {}) {
  const clock = new ManualClock();
  const bus = new EventBus({ now: () => clock.now() });
  const events: LiveEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const seeds = makeUnitSeeds({ count: opts.count ?? 50, seed: opts.seed ?? 7, groups });
  const sim = new FleetSimulator({
    bus,
    clock,
    seed: opts.seed ?? 7,
    rate: opts.rate ?? 0,
    units: seeds,
    channels: opts.channels === true ? [{ id: 'C1', groupId: 'G1' }, { id: 'C2', groupId: 'G1' }] : [],
  });
  return { clock, bus, events, sim, seeds };
}

/** An online unit with no application and no flow, of a family that has a battery. */
function idleUnit(sim: FleetSimulator): string {
  for (const unit of sim.units()) {
    if (unit.state === 'online' && Object.keys(unit.applications).length === 0 && unit.flow === null && unit.family === 'field') return unit.uid;
  }
  throw new Error('no idle unit');
}
function offlineUnit(sim: FleetSimulator): string {
  for (const unit of sim.units()) if (unit.state === 'offline') return unit.uid;
  throw new Error('no offline unit');
}
function statusesOf(events: LiveEvent[], uid: string): string[] {
  return events
    .filter((e) => e.id === uid && e.kind === 'unit.status')
    .map((e) => deriveUnitStatus(e.data as RawUnitStatus));
}

describe('FleetSimulator: start', () => {
  it('announces every unit with unit.added carrying uid, name, type and status', () => {
    const { sim, events, seeds } = setup();
    sim.start();
    const added = events.filter((e) => e.kind === 'unit.added');
    expect(added.map((e) => e.id)).toEqual(seeds.map((s) => s.uid));
    for (const e of added) {
      expect(e.data).toMatchObject({ uid: e.id, name: expect.any(String), type: expect.any(String), status: { state: expect.any(String), applications: expect.any(Object) } });
    }
  });

  it('gives every unit 1 to 8 links of types wifi, lan or cell', () => {
    const { sim } = setup({ count: 2000 });
    for (const unit of sim.units()) {
      expect(unit.links.length).toBeGreaterThanOrEqual(1);
      expect(unit.links.length).toBeLessThanOrEqual(8);
      for (const link of unit.links) expect(['wifi', 'lan', 'cell']).toContain(link.type);
    }
    const counts = new Set([...sim.units()].map((u) => u.links.length));
    expect(counts.has(1) && counts.has(8)).toBe(true);
  });
});

describe('FleetSimulator: determinism', () => {
  function run(seed: number): LiveEvent[] {
    const { sim, clock, events, bus } = setup({ seed, rate: 400, count: 200, channels: true });
    sim.start();
    clock.advance(3_000);
    const uid = [...sim.units()].find((u) => u.state === 'online' && u.flow === null && !isBusy(u.applications))?.uid ?? 'U000001';
    sim.command(uid, { type: 'startStream' });
    sim.command(uid === 'U000002' ? 'U000003' : 'U000002', { type: 'reboot' });
    clock.advance(12_000);
    expect(bus.lastSeq()).toBe(events.length);
    return events;
  }

  it('publishes the same events for the same seed, rate, commands and clock', () => {
    const a = run(99);
    expect(a.length).toBeGreaterThan(5_000);
    expect(run(99)).toEqual(a);
  });

  it('publishes other events for another seed', () => {
    expect(run(100)).not.toEqual(run(99));
  });
});

describe('FleetSimulator: churn', () => {
  it.each([
    [50, 10_000, 500],
    [1_000, 2_000, 2_000],
    [100_000, 200, 20_000],
  ])('emits about %i churn events/s (over %i ms: ~%i) batched per 50 ms tick', (rate, ms, expected) => {
    const { sim, clock, events } = setup({ rate, count: 300 });
    sim.start();
    const pendingBefore = clock.pending();
    const start = events.length;
    clock.advance(ms);
    // churn events, plus usage pushes of transmitting units, plus the alert a battery or camera change may raise
    const churned = events.length - start;
    expect(churned).toBeGreaterThanOrEqual(expected * 0.95);
    expect(churned).toBeLessThanOrEqual(expected * 1.5 + 300);
    // timers do not grow with the rate: one tick interval, no timer per event
    expect(clock.pending()).toBe(pendingBefore);
  });

  it('pushes link bitrates of a streaming unit every 5 s', () => {
    const { sim, clock, events } = setup({ rate: 0 });
    sim.start();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startStream' });
    clock.advance(PHASE_MS.streamConnecting[1]);
    const from = clock.now();
    clock.advance(3 * USAGE_PERIOD_MS);
    const pushes = events.filter((e) => e.id === uid && e.kind === 'unit.usage' && e.ts > from);
    expect(pushes.length).toBe(3);
    const gaps = pushes.slice(1).map((e, i) => e.ts - (pushes[i]?.ts ?? 0));
    expect(gaps).toEqual([USAGE_PERIOD_MS, USAGE_PERIOD_MS]);
    const data = pushes[0]?.data as { links: { uplinkKbps: number }[]; uplinkKbps: number };
    expect(data.uplinkKbps).toBe(data.links.reduce((s, l) => s + l.uplinkKbps, 0));
    expect(data.uplinkKbps).toBeGreaterThan(1_000);
  });

  it('moves units offline and online, starts and stops streams, raises and clears alerts', () => {
    const { sim, clock, events } = setup({ rate: 500, count: 100 });
    sim.start();
    clock.advance(60_000);
    const statuses = new Set(events.filter((e) => e.kind === 'unit.status').map((e) => deriveUnitStatus(e.data as RawUnitStatus)));
    for (const s of ['offline', 'idle', 'streaming', 'storeandforward', 'forwarding']) expect(statuses).toContain(s);
    // unit.alert carries the unit's whole alert list: a raised alert is in it, a cleared one is gone.
    const lists = events.filter((e) => e.kind === 'unit.alert').map((e) => (e.data as { alerts: { type: string; active: boolean }[] }).alerts);
    expect(lists.some((alerts) => alerts.some((a) => a.type === 'battery' && a.active))).toBe(true);
    expect(lists.some((alerts) => !alerts.some((a) => a.type === 'battery'))).toBe(true);
    expect(lists.some((alerts) => alerts.some((a) => a.type === 'cameraDisconnected' && a.active))).toBe(true);
  });

  it('property: churn never produces a rev gap or a repeat for an entity, and seq strictly increases', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 5_000 }), (seed, rate) => {
        const { sim, clock, events } = setup({ seed, rate, count: 30, channels: true });
        sim.start();
        clock.advance(2_000);
        const lastRev = new Map<string, number>();
        let lastSeq = 0;
        for (const e of events) {
          expect(e.seq).toBe(lastSeq + 1);
          lastSeq = e.seq;
          expect(e.rev).toBe((lastRev.get(e.id) ?? 0) + 1);
          lastRev.set(e.id, e.rev);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('leaves a unit in a command flow alone', () => {
    const { sim, clock, events } = setup({ rate: 5_000, count: 5 });
    sim.start();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'fetchLogs' });
    const from = events.length;
    clock.advance(PHASE_MS.logsConnecting[0] - 1);
    expect(events.slice(from).filter((e) => e.id === uid && e.kind === 'unit.status')).toEqual([]);
  });
});

describe('FleetSimulator: command flows', () => {
  it('start stream: connecting, then streaming with the video application; stop: back to idle', () => {
    const { sim, clock, events } = setup({ channels: true });
    sim.start();
    const uid = idleUnit(sim);
    expect(sim.command(uid, { type: 'startStream', channelId: 'C7' })).toEqual({ ok: true });
    const connecting = events.filter((e) => e.id === uid && e.kind === 'unit.status').at(-1)?.data as Record<string, unknown>;
    expect(connecting).toMatchObject({ state: 'online', video: { state: 'connecting' }, applications: {} });
    expect(events.filter((e) => e.kind === 'channel.status' && e.id === 'C7').at(-1)?.data).toMatchObject({ status: 'connecting', unitIds: [uid] });
    clock.advance(PHASE_MS.streamConnecting[0] - 1);
    expect(sim.unit(uid)?.applications.video).toBeUndefined();
    clock.advance(PHASE_MS.streamConnecting[1]);
    expect(sim.unit(uid)?.applications.video).toEqual({ state: 'streaming' });
    expect(events.filter((e) => e.kind === 'channel.status' && e.id === 'C7').at(-1)?.data).toMatchObject({ status: 'collecting', unitIds: [uid] });
    expect(sim.command(uid, { type: 'stopStream' })).toEqual({ ok: true });
    clock.advance(PHASE_MS.streamDisconnecting[1]);
    expect(statusesOf(events, uid).slice(-4)).toEqual(['idle', 'streaming', 'streaming', 'idle']);
    expect(events.filter((e) => e.kind === 'channel.status' && e.id === 'C7').at(-1)?.data).toMatchObject({ status: 'idle', unitIds: [] });
  });

  it('stop during connecting cancels the stream', () => {
    const { sim, clock } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startStream' });
    sim.command(uid, { type: 'stopStream' });
    clock.advance(10_000);
    expect(sim.unit(uid)?.applications.video).toBeUndefined();
    expect(sim.unit(uid)?.video.state).toBe('idle');
  });

  it('store-and-forward: store, then store and forward; stop: forwarding, then idle', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startStoreAndForward' });
    clock.advance(PHASE_MS.storeBeforeForward[1]);
    sim.command(uid, { type: 'stopStoreAndForward' });
    clock.advance(PHASE_MS.forwardDrain[1]);
    expect(statusesOf(events, uid)).toEqual(['storeandforward', 'storeandforward', 'forwarding', 'idle']);
    expect(events.filter((e) => e.id === uid && e.kind === 'unit.status').map((e) => Object.keys((e.data as RawUnitStatus).applications ?? {}).sort().join('+'))).toEqual(['store', 'forward+store', 'forward', '']);
  });

  it('fetch logs: phases connecting, collecting, stopping, then idle (spec 000 §4)', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    expect(sim.command(uid, { type: 'fetchLogs' })).toEqual({ ok: true });
    clock.advance(20_000);
    const phases = events
      .filter((e) => e.id === uid && e.kind === 'unit.status')
      .map((e) => ((e.data as RawUnitStatus).applications?.fetchlogs?.state as string | undefined) ?? 'none');
    expect(phases).toEqual(['connecting', 'collecting', 'stopping', 'none']);
    expect(statusesOf(events, uid)).toEqual(['fetchlogs', 'fetchlogs', 'fetchlogs', 'idle']);
  });

  it.each([
    ['a streaming unit', 'Selected channel is busy'],
    ['an offline unit', 'Selected channel is offline'],
  ])('refuses to send logs from %s: "%s"', (which, message) => {
    const { sim, clock } = setup();
    let uid: string;
    if (which === 'an offline unit') uid = offlineUnit(sim);
    else {
      uid = idleUnit(sim);
      sim.command(uid, { type: 'startStream' });
      clock.advance(PHASE_MS.streamConnecting[1]);
    }
    expect(sim.command(uid, { type: 'fetchLogs' })).toEqual({ ok: false, status: 409, message });
  });

  it('refuses to send logs while a stream is still connecting: "Selected channel is busy"', () => {
    const { sim } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startStream' });
    expect(sim.command(uid, { type: 'fetchLogs' })).toMatchObject({ ok: false, message: 'Selected channel is busy' });
  });

  it('reboot: offline, then online again after 20-40 s', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    expect(sim.command(uid, { type: 'reboot' })).toEqual({ ok: true });
    clock.advance(PHASE_MS.rebootGoingDown[1]);
    expect(sim.unit(uid)?.state).toBe('offline');
    clock.advance(PHASE_MS.rebootOffline[0] - 1);
    expect(sim.unit(uid)?.state).toBe('offline');
    clock.advance(PHASE_MS.rebootOffline[1]);
    expect(statusesOf(events, uid)).toEqual(['offline', 'idle']);
  });

  it('reboot of a streaming unit drops the stream', () => {
    const { sim, clock } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startStream' });
    clock.advance(5_000);
    sim.command(uid, { type: 'reboot' });
    clock.advance(60_000);
    expect(sim.unit(uid)?.applications).toEqual({});
    expect(sim.unit(uid)?.state).toBe('online');
  });

  it('speed test: video state speedtest, then a unit.speedtest result, within the 10 s timeout', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    const start = clock.now();
    sim.command(uid, { type: 'speedTest' });
    expect(statusesOf(events, uid)).toEqual(['speedtest']);
    clock.advance(10_000);
    const result = events.find((e) => e.id === uid && e.kind === 'unit.speedtest');
    expect(result?.data).toMatchObject({ state: 'done', uplinkKbps: expect.any(Number), latencyMs: expect.any(Number) });
    expect((result?.ts ?? Infinity) - start).toBeLessThan(10_000);
    expect(statusesOf(events, uid)).toEqual(['speedtest', 'idle']);
  });

  it('upgrade: upgrading with progress, then success with the new version or a failure code of 101-107 / -1', () => {
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 30 && outcomes.size < 2; seed += 1) {
      const { sim, clock, events } = setup({ seed });
      const uid = idleUnit(sim);
      sim.command(uid, { type: 'upgrade', targetVersion: '9.1.0' });
      clock.advance(60_000);
      const statuses = statusesOf(events, uid);
      expect(statuses.slice(0, 4)).toEqual(['upgrading', 'upgrading', 'upgrading', 'upgrading']);
      const last = sim.unit(uid)?.lastUpgrade;
      if (last?.state === 'succeeded') {
        expect(sim.unit(uid)?.swVersion).toBe('9.1.0');
        expect(events.some((e) => e.id === uid && e.kind === 'unit.config' && (e.data as { swVersion: string }).swVersion === '9.1.0')).toBe(true);
        expect(statuses.slice(4)).toEqual(['offline', 'idle']);
      } else {
        expect(last?.state).toBe('failed');
        expect(UPGRADE_ERROR_CODES.filter((c) => c.side === 'unit').map((c) => c.code)).toContain(last?.code);
        expect(last?.message).toBeTruthy();
        expect(statuses.slice(4)).toEqual(['idle']);
      }
      outcomes.add(last?.state ?? '');
    }
    expect(outcomes).toEqual(new Set(['succeeded', 'failed']));
  });

  it('databridge: transparent_bridge connecting then connected; stop: idle', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startDatabridge' });
    clock.advance(PHASE_MS.databridgeConnecting[1]);
    sim.command(uid, { type: 'stopDatabridge' });
    expect(statusesOf(events, uid)).toEqual(['transparent_bridge', 'transparent_bridge', 'idle']);
    expect(events.filter((e) => e.id === uid && e.kind === 'unit.status').map((e) => (e.data as RawUnitStatus).applications?.databridge?.state ?? 'none')).toEqual(['connecting', 'connected', 'none']);
  });

  it('intercom: connecting then connected; stop removes the session', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'startIntercom', slot: 'intercom1', mode: 'audioRoom', destinationAccount: 'room-1' });
    clock.advance(PHASE_MS.intercomConnecting[1]);
    sim.command(uid, { type: 'stopIntercom', slot: 'intercom1' });
    const sessions = events.filter((e) => e.id === uid && e.kind === 'unit.status').map((e) => (e.data as { intercom: { intercom1?: { state: string } } }).intercom.intercom1?.state ?? 'none');
    expect(sessions).toEqual(['connecting', 'connected', 'none']);
  });

  it('set delay and set channel reach the unit as unit.config', () => {
    const { sim, clock, events } = setup();
    const uid = idleUnit(sim);
    sim.command(uid, { type: 'setDelay', delayMs: 1_500 });
    sim.command(uid, { type: 'setChannel', channelId: 'C9' });
    clock.advance(PHASE_MS.settingApplied[1]);
    expect(events.filter((e) => e.id === uid && e.kind === 'unit.config').at(-1)?.data).toMatchObject({ delay: 1_500, channelId: 'C9' });
  });

  const refusals: [string, SimCommand, 'offline' | 'streaming', string][] = [
    ['start stream on an offline unit', { type: 'startStream' }, 'offline', 'The unit is busy or offline.'],
    ['start stream on a streaming unit', { type: 'startStream' }, 'streaming', 'The unit is busy or offline.'],
    ['reboot an offline unit', { type: 'reboot' }, 'offline', 'The unit is busy or offline.'],
    ['upgrade a streaming unit', { type: 'upgrade', targetVersion: '9.0.0' }, 'streaming', 'The unit is busy or offline.'],
    ['speed test on a streaming unit', { type: 'speedTest' }, 'streaming', 'The unit is busy or offline.'],
    ['databridge on an offline unit', { type: 'startDatabridge' }, 'offline', 'The unit is busy or offline.'],
    ['capping on a streaming unit', { type: 'setCapping', totalKbps: 8000, cellularKbps: 4000 }, 'streaming', 'Capping cannot be configured while the unit is busy'],
    ['set delay on an offline unit', { type: 'setDelay', delayMs: 2000 }, 'offline', 'The unit is busy or offline.'],
  ];
  it.each(refusals)('refuses to %s', (_name, command, state, message) => {
    const { sim, clock } = setup();
    let uid: string;
    if (state === 'offline') uid = offlineUnit(sim);
    else {
      uid = idleUnit(sim);
      sim.command(uid, { type: 'startStream' });
      clock.advance(PHASE_MS.streamConnecting[1]);
    }
    expect(sim.command(uid, command)).toEqual({ ok: false, status: 409, message });
  });

  it('refuses a cellular capping above the total capping with the spec text', () => {
    const { sim } = setup();
    expect(sim.command(idleUnit(sim), { type: 'setCapping', totalKbps: 4000, cellularKbps: 4001 })).toEqual({
      ok: false,
      status: 400,
      message: 'Max Cellular Capping cannot be higher than Max Total Capping',
    });
  });

  it('accepts a cellular capping equal to the total capping', () => {
    const { sim } = setup();
    expect(sim.command(idleUnit(sim), { type: 'setCapping', totalKbps: 4000, cellularKbps: 4000 })).toEqual({ ok: true });
  });

  it('answers 404 for an unknown unit', () => {
    const { sim } = setup();
    expect(sim.command('nope', { type: 'reboot' })).toMatchObject({ ok: false, status: 404 });
  });
});

describe('FleetSimulator: units added and removed', () => {
  it('publishes unit.added and unit.removed and forgets the unit', () => {
    const { sim, events, clock } = setup({ rate: 1_000, count: 10 });
    sim.start();
    const [extra] = makeUnitSeeds({ count: 1, seed: 3, groups });
    if (extra === undefined) throw new Error('no seed');
    sim.addUnit({ ...extra, uid: 'NEW1' });
    expect(events.at(-1)).toMatchObject({ kind: 'unit.added', id: 'NEW1' });
    expect(sim.removeUnit('U000001')).toBe(true);
    expect(events.at(-1)).toMatchObject({ kind: 'unit.removed', id: 'U000001', data: { uid: 'U000001' } });
    const after = events.length;
    clock.advance(10 * SIM_TICK_MS * 100);
    expect(events.slice(after).some((e) => e.id === 'U000001')).toBe(false);
    expect(sim.unit('U000001')).toBeUndefined();
    expect([...sim.units()].length).toBe(10);
  });
});
