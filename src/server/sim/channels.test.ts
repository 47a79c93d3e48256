/**
 * Property: the channel status a listener keeps from the published channel.status events (the
 * last event per channel) always equals the status the simulator reports now, and both equal the
 * status (and, in use, the sorted units) computed from scratch from what happened (which units use
 * the channel and how, whether its server is down or restarting), spec 001 §4: offline when the
 * server is down, unavailable while it restarts, else collecting / connecting from its units, else
 * idle. Any sequence of unit usage changes, server downs and ups, and time passing.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventBus } from '../live/bus.ts';
import { ManualClock } from './clock.ts';
import { Random } from './random.ts';
import { ChannelSimulator, sameChannelStatus, UNAVAILABLE_AFTER_RESTART_MS, type ChannelStatusData, type ChannelUsage } from './channels.ts';

const CHANNELS = [
  { id: 'C1', groupId: 'G', serverId: 'S1' },
  { id: 'C2', groupId: 'G', serverId: 'S1' },
  { id: 'C3', groupId: 'G', serverId: 'S2' },
  { id: 'C4', groupId: 'G', serverId: null },
];
/** U10 sorts before U2: the status names its units in `sort()`'s order. */
const UNITS = ['U1', 'U2', 'U3', 'U10'];

const step = fc.oneof(
  fc.record({ kind: fc.constant('use' as const), channel: fc.constantFrom('C1', 'C2', 'C3', 'C4'), unit: fc.constantFrom(...UNITS), usage: fc.constantFrom<ChannelUsage | undefined>('connecting', 'streaming', undefined) }),
  fc.record({ kind: fc.constant('server' as const), server: fc.constantFrom('S1', 'S2'), online: fc.boolean() }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 6_000 }) }),
);

describe('live channel status equals the status from scratch', () => {
  it('after every step of any sequence', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), fc.integer({ min: 1, max: 1_000 }), (steps, seed) => {
        const bus = new EventBus();
        const clock = new ManualClock();
        const sim = new ChannelSimulator(bus, clock, new Random(seed), CHANNELS);
        const heard = new Map<string, ChannelStatusData>();
        bus.subscribe((event) => {
          if (event.kind === 'channel.status') heard.set(event.id, event.data as ChannelStatusData);
        });
        sim.announce();
        // The facts, kept by the test: who uses what, which servers are down, since when they are back.
        const uses = new Map<string, Map<string, ChannelUsage>>();
        const down = new Set<string>();
        const backAt = new Map<string, number>();
        let now = 0;
        /** The statuses the facts allow: one, or during a restart's drawn length (2-5 s) unavailable or the in-use status. */
        const fromScratch = (id: string): string[] => {
          const server = CHANNELS.find((c) => c.id === id)?.serverId ?? null;
          if (server !== null && down.has(server)) return ['offline'];
          const states = [...(uses.get(id)?.values() ?? [])];
          const inUse = states.includes('streaming') ? 'collecting' : states.includes('connecting') ? 'connecting' : 'idle';
          const since = server === null ? Infinity : now - (backAt.get(server) ?? -Infinity);
          if (since < UNAVAILABLE_AFTER_RESTART_MS[0]) return ['unavailable'];
          if (since < UNAVAILABLE_AFTER_RESTART_MS[1]) return ['unavailable', inUse];
          return [inUse];
        };
        for (const s of steps) {
          if (s.kind === 'use') {
            const users = uses.get(s.channel) ?? new Map<string, ChannelUsage>();
            if (s.usage === undefined) users.delete(s.unit);
            else users.set(s.unit, s.usage);
            uses.set(s.channel, users);
            sim.setUse(s.channel, s.unit, s.usage, true);
          } else if (s.kind === 'server') {
            if (s.online && down.has(s.server)) backAt.set(s.server, now);
            if (s.online) down.delete(s.server);
            else down.add(s.server);
            sim.setServerOnline(s.server, s.online);
          } else {
            now += s.ms;
            clock.advance(s.ms);
          }
          for (const { id } of CHANNELS) {
            const status = sim.status(id);
            expect(heard.get(id)).toEqual(status);
            expect(fromScratch(id)).toContain(status?.status);
            // In use (not offline or restarting), it names every unit that uses it, sorted.
            if (status !== undefined && status.status !== 'offline' && status.status !== 'unavailable') expect(status.unitIds).toEqual([...(uses.get(id)?.keys() ?? [])].sort());
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a restarting server’s channels are unavailable for at most the longest start, then back', () => {
    const bus = new EventBus();
    const clock = new ManualClock();
    const sim = new ChannelSimulator(bus, clock, new Random(3), CHANNELS);
    sim.setUse('C1', 'U1', 'streaming', true);
    sim.setServerOnline('S1', false);
    expect(sim.status('C1')).toMatchObject({ status: 'offline', unitIds: [] });
    sim.setServerOnline('S1', true);
    expect(sim.status('C1')?.status).toBe('unavailable');
    clock.advance(UNAVAILABLE_AFTER_RESTART_MS[1]);
    expect(sim.status('C1')).toEqual({ status: 'collecting', unitIds: ['U1'] });
  });
});

describe('sameChannelStatus', () => {
  const ids = fc.array(fc.constantFrom('U1', 'U2', 'U3', 'U10'), { maxLength: 4 });
  const transfer = fc.record({ fileId: fc.constantFrom('F1', 'F2'), path: fc.constantFrom('/a', '/b'), status: fc.constantFrom('running', 'done'), progress: fc.integer({ min: 0, max: 100 }) });
  const status: fc.Arbitrary<ChannelStatusData> = fc
    .record({
      status: fc.constantFrom('offline', 'idle', 'collecting', 'connecting', 'unavailable', 'playStoredFile' as const),
      unitIds: ids,
      fileTransfer: fc.option(transfer, { nil: undefined }),
      broadcast: fc.option(fc.record({ fileId: fc.constantFrom('F1', 'F2') }), { nil: undefined }),
      fetchLogs: fc.option(fc.record({ state: fc.constantFrom('connecting', 'collecting', 'stopping' as const) }), { nil: undefined }),
    })
    // As dataOf makes them: an absent extra is no key at all.
    .map(({ fileTransfer, broadcast, fetchLogs, ...rest }) => ({ ...rest, ...(fileTransfer ? { fileTransfer } : {}), ...(broadcast ? { broadcast } : {}), ...(fetchLogs ? { fetchLogs } : {}) }) as ChannelStatusData);

  /** A copy of `a` with one part changed (or none): near pairs, where a missed comparison shows. */
  const near = (a: ChannelStatusData, change: number, id: string, extra: ChannelStatusData): ChannelStatusData => {
    const b = JSON.parse(JSON.stringify(a)) as ChannelStatusData;
    switch (change) {
      case 1:
        if (b.unitIds.length > 0) b.unitIds[b.unitIds.length - 1] = id;
        break;
      case 2:
        b.unitIds.push(id);
        break;
      case 3:
        b.status = extra.status;
        break;
      case 4:
        return { ...b, ...(extra.fileTransfer ? { fileTransfer: extra.fileTransfer } : {}), ...(extra.broadcast ? { broadcast: extra.broadcast } : {}) };
      case 5:
        return extra;
    }
    return b;
  };

  it('is true exactly when the two statuses have the same JSON text (the test it replaces)', () => {
    fc.assert(
      fc.property(status, fc.integer({ min: 0, max: 5 }), fc.constantFrom('U1', 'U2', 'U3', 'U10'), status, (a, change, id, extra) => {
        const b = near(a, change, id, extra);
        expect(sameChannelStatus(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameChannelStatus(b, a)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 2_000 },
    );
  });
});
