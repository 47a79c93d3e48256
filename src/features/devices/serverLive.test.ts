/**
 * Server rows made live (issue 12): the worker's server.status reaches the store (FleetDiff.servers,
 * a version signal per server) and a REST row shows the newer of the two by rev.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_DIFF, type FleetDiff } from '../../../workers/pipeline/diff.ts';
import { FleetStore } from '../../fleet/store.ts';
import type { ServerRow } from '../../protocol/rest/servers.ts';
import { formatUpTime, liveServer } from './serverLive.ts';

const row: ServerRow = {
  deviceId: 'MMH-1',
  name: 'MMH-A',
  alias: '',
  serialNumber: 'SN',
  swVersion: '8.5.0',
  type: 'mmh',
  inventoryId: 'INV',
  inventoryName: 'Inv',
  maxChannels: 16,
  ifbMode: 'V1',
  cloudRegion: '',
  channelCount: 3,
  state: 'idle',
  applications: {},
  upTime: 100,
  serverUsage: { cpuPercent: 5, memoryPercent: 20, bandwidthKbps: 0 },
  tallyHwStatus: 'connected',
  audioHwStatus: 'connected',
  rev: 4,
};

const diff = (extra: Partial<FleetDiff>): FleetDiff => ({ ...EMPTY_DIFF, frame: 1, patches: [], patchesBuffer: null, ...extra });

describe('server rows live', () => {
  it('the store keeps each server’s last status and bumps its version signal', () => {
    const store = new FleetStore();
    const version = store.serverVersion('MMH-1');
    expect(store.server('MMH-1')).toBeUndefined();
    store.apply(diff({ servers: [{ id: 'MMH-1', rev: 5, status: { state: 'busy', upTime: 160 } }] }));
    expect(version.value).toBe(1);
    expect(store.server('MMH-1')?.status?.state).toBe('busy');
  });

  it('a newer server.status wins over the REST row; an older one does not', () => {
    const live = liveServer(row, { id: 'MMH-1', rev: 5, status: { state: 'busy', upTime: 160.7, serverUsage: { cpuPercent: 40, memoryPercent: 30, bandwidthKbps: 4000 }, tallyHwStatus: 'disconnected' } });
    expect(live).toMatchObject({ state: 'busy', upTime: 160, serverUsage: { cpuPercent: 40, memoryPercent: 30, bandwidthKbps: 4000 }, tallyHwStatus: 'disconnected', audioHwStatus: 'connected', rev: 5 });
    expect(liveServer(row, { id: 'MMH-1', rev: 4, status: { state: 'offline' } })).toBe(row);
    expect(liveServer(row, { id: 'MMH-1', rev: 9, status: { state: 'weird' } }).state).toBe('idle');
    expect(liveServer(row, undefined)).toBe(row);
  });

  it.each([
    [0, '—'],
    [59, '0m'],
    [3_600, '1h 0m'],
    [90_061, '1d 1h 1m'],
  ])('upTime %s s reads %s', (seconds, text) => {
    expect(formatUpTime(seconds)).toBe(text);
  });
});
