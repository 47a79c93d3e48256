/**
 * The server simulator (issue 12): server.status follows the server's channels (idle → busy while a
 * unit streams to one, offline while the server is down), is published every SERVER_STATUS_PERIOD_MS
 * with the whole Server of spec 001 §3, and a restart takes the server and its channels offline,
 * then brings them back with a fresh upTime.
 */
import { describe, expect, it } from 'vitest';
import { EventBus } from '../live/bus.ts';
import type { LiveEvent } from '../live/types.ts';
import { ManualClock } from './clock.ts';
import { Random } from './random.ts';
import { ChannelSimulator } from './channels.ts';
import { RESTART_DOWN_MS, SERVER_STATUS_PERIOD_MS, ServerSimulator, type ServerStatusData } from './servers.ts';

function setup() {
  const bus = new EventBus();
  const clock = new ManualClock();
  const events: LiveEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const channels = new ChannelSimulator(bus, clock, Random.derive(1, 6), [
    { id: 'C1', groupId: 'G', serverId: 'S1' },
    { id: 'C2', groupId: 'G', serverId: 'S1' },
  ]);
  const servers = new ServerSimulator(bus, clock, Random.derive(1, 7), channels, [
    { id: 'S1', name: 'MMH-A', alias: 'A', type: 'mmh', serialNumber: 'SN-1', swVersion: '8.5.0', channelIds: ['C1', 'C2'] },
    { id: 'S2', name: 'ING-A', alias: '', type: 'ingest', serialNumber: 'SN-2', swVersion: '8.5.0', channelIds: [] },
  ]);
  const last = (id: string) => events.filter((e) => e.kind === 'server.status' && e.id === id).at(-1)?.data as ServerStatusData | undefined;
  return { bus, clock, events, channels, servers, last };
}

describe('the server simulator', () => {
  it('announces every server at start, then again every period, with the whole Server of spec 001 §3', () => {
    const { clock, events, servers, last } = setup();
    servers.start();
    expect(events.filter((e) => e.kind === 'server.status').map((e) => e.id)).toEqual(['S1', 'S2']);
    expect(Object.keys(last('S1')!).sort()).toEqual(
      ['alias', 'applications', 'audioHwStatus', 'deviceId', 'name', 'serialNumber', 'serverUsage', 'servicesData', 'state', 'swVersion', 'tallyHwStatus', 'type', 'upTime'].sort(),
    );
    clock.advance(SERVER_STATUS_PERIOD_MS);
    expect(events.filter((e) => e.kind === 'server.status')).toHaveLength(4);
    servers.stop();
  });

  it('is busy while a unit streams to one of its channels, with more usage; idle again after', () => {
    const { clock, channels, servers, last } = setup();
    servers.start();
    const idle = last('S1')!;
    expect(idle.state).toBe('idle');
    channels.setUse('C1', 'U1', 'streaming', true);
    clock.advance(SERVER_STATUS_PERIOD_MS);
    const busy = last('S1')!;
    expect(busy.state).toBe('busy');
    expect(busy.applications).toEqual({ 'channel:C1': { status: 'collecting' } });
    expect(busy.serverUsage.bandwidthKbps).toBeGreaterThan(idle.serverUsage.bandwidthKbps);
    channels.setUse('C1', 'U1', undefined, true);
    clock.advance(SERVER_STATUS_PERIOD_MS);
    expect(last('S1')!.state).toBe('idle');
    servers.stop();
  });

  it('a restart takes the server and its channels offline at once, and brings them back with a fresh upTime', () => {
    const { clock, channels, servers, last } = setup();
    servers.start();
    const before = last('S1')!.upTime;
    expect(servers.restart('S1')).toBe(true);
    expect(servers.restart('S1')).toBe(false);
    expect(last('S1')!.state).toBe('offline');
    expect(last('S1')!.applications).toEqual({ restart: { status: 'restarting' } });
    expect(channels.status('C1')!.status).toBe('offline');
    clock.advance(RESTART_DOWN_MS[1]);
    const back = last('S1')!;
    expect(back.state).toBe('idle');
    expect(back.upTime).toBeLessThan(before);
    expect(channels.status('C1')!.status).toBe('unavailable');
    servers.stop();
  });
});
