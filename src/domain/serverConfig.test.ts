import { describe, expect, it } from 'vitest';
import { ipPipeErrors, ifbServerErrors, mmhConfigurationErrors, serverGeneralErrors, serverSmpteErrors, UNKNOWN_CLOUD_REGION, vrConfigurationErrors } from './serverConfig.ts';
import { IFB_MODE_BLOCK_MESSAGES, ifbModeChangeBlocks, SERVER_DELETE_BLOCK_MESSAGES, serverDeleteBlock, serverStateOf } from './servers.ts';
import { deviceCounters, deviceMatchesFilters, luLinkErrors, unitStatusFilter } from './devices.ts';

const general = { name: 'MMH-1', alias: '', maxChannels: 16 as number | string | null, ifbMode: 'V1' as const, cloudRegion: '' };

describe('server General tab (spec 001 §3, §5: max channels 8-24, name rule)', () => {
  it.each([
    [8, undefined],
    [24, undefined],
    [7, 'Must be 8 or more'],
    [25, 'Must be 24 or less'],
    [12.5, 'Must be an integer'],
    ['', 'This field is required'],
  ])('max channels %s → %s', (value, message) => {
    expect(serverGeneralErrors({ ...general, maxChannels: value }, []).maxChannels).toBe(message);
  });

  it('names follow the name rule and must not be taken; cloud regions come from the list', () => {
    expect(serverGeneralErrors({ ...general, name: 'bad name' }, []).name).toBe('Should contain only letters, numbers, underscores and hyphens');
    expect(serverGeneralErrors({ ...general, name: '' }, []).name).toBe('This field is required');
    expect(serverGeneralErrors({ ...general, name: 'mmh-2' }, ['MMH-2']).name).toBe('Name is already taken. Please select a different name');
    expect(serverGeneralErrors({ ...general, cloudRegion: 'mars' }, []).cloudRegion).toBe(UNKNOWN_CLOUD_REGION);
    expect(serverGeneralErrors({ ...general, cloudRegion: 'eu-west' }, [])).toEqual({});
  });
});

describe('server state, IFB mode and deletion (spec 001 §8)', () => {
  it.each([
    [false, 0, 'offline'],
    [false, 3, 'offline'],
    [true, 0, 'idle'],
    [true, 2, 'busy'],
  ] as const)('online %s with %s busy channels → %s', (online, busy, state) => {
    expect(serverStateOf(online, busy)).toBe(state);
  });

  it('the IFB mode change lists every reason in the spec’s order', () => {
    expect(ifbModeChangeBlocks({ state: 'offline', hasSipServer: false, hasPrimaryInventory: false }).map((b) => IFB_MODE_BLOCK_MESSAGES[b])).toEqual([
      'IFB mode cannot be changed: the server is offline',
      'IFB mode cannot be changed: no SIP server is configured',
      'IFB mode cannot be changed: the server has no primary inventory',
    ]);
    expect(ifbModeChangeBlocks({ state: 'busy', hasSipServer: true, hasPrimaryInventory: true })).toEqual(['serverNotIdle']);
    expect(ifbModeChangeBlocks({ state: 'idle', hasSipServer: true, hasPrimaryInventory: true })).toEqual([]);
  });

  it.each([
    [{ type: 'ingest', online: true, channels: 0, busyChannels: 0 }, 'The ingest server is online.'],
    [{ type: 'ingest', online: false, channels: 2, busyChannels: 1 }, 'The ingest server is tied to busy channels.'],
    [{ type: 'ingest', online: false, channels: 2, busyChannels: 0 }, null],
    [{ type: 'mmh', online: true, channels: 0, busyChannels: 0 }, 'The server cannot be deleted while it is online.'],
    [{ type: 'mmh', online: false, channels: 3, busyChannels: 0 }, 'The server cannot be deleted because it has channels.'],
    [{ type: 'videoReturn', online: false, channels: 0, busyChannels: 0 }, null],
  ] as const)('delete %o → %s', (context, message) => {
    const block = serverDeleteBlock(context);
    expect(block === null ? null : SERVER_DELETE_BLOCK_MESSAGES[block]).toBe(message);
  });
});

describe('SMPTE 2110, IP pipe, MMH and VR configuration, IFB server, LU-Link (ours within the spec’s ranges)', () => {
  const bounds = { port: { min: 1024, max: 65535 }, ptpDomain: { min: 0, max: 127 } };
  it('SMPTE: genlock −511..511 always; PTP domain and base port within the bounds when on', () => {
    expect(serverSmpteErrors({ enabled: false, ptpDomain: 500, basePort: 1, genlockOffset: 0 }, bounds)).toEqual({});
    expect(serverSmpteErrors({ enabled: true, ptpDomain: 128, basePort: 1023, genlockOffset: -512 }, bounds)).toEqual({ ptpDomain: 'Must be 127 or less', basePort: 'Must be 1024 or more', genlockOffset: 'Must be -511 or more' });
  });
  it('IP pipe: port 1-65535, under 1 Mbps, a host', () => {
    expect(ipPipeErrors({ enabled: false, destinationHost: '', port: 0, bitrateKbps: 5000, protocol: 'udp' })).toEqual({});
    const errors = ipPipeErrors({ enabled: true, destinationHost: '', port: 0, bitrateKbps: 1000, protocol: 'udp' });
    expect(errors.destinationHost).toBe('This field is required');
    expect(errors.bitrateKbps).toBe('Must be 999 or less');
    expect(errors.port).toBeDefined();
    expect(ipPipeErrors({ enabled: true, destinationHost: '10.0.0.1', port: 65535, bitrateKbps: 999, protocol: 'tcp' })).toEqual({});
  });
  it('MMH and VR configuration ranges', () => {
    expect(mmhConfigurationErrors({ recordingEnabled: true, storageQuotaGb: 9, retentionDays: 366 })).toEqual({ storageQuotaGb: 'Must be 10 or more', retentionDays: 'Must be 365 or less' });
    expect(vrConfigurationErrors({ maxReceivers: 101, latencyMs: 19 })).toEqual({ maxReceivers: 'Must be 100 or less', latencyMs: 'Must be 20 or more' });
  });
  it('IFB server: name rule, host, port 0-65535', () => {
    expect(ifbServerErrors({ name: 'IFB-1', host: 'sip.example.com', port: 5060 }, [])).toEqual({});
    expect(ifbServerErrors({ name: 'ifb-2', host: '', port: 70000 }, ['IFB-2'])).toEqual({ name: 'Name is already taken. Please select a different name', host: 'This field is required', port: 'Must be 65535 or less' });
  });
  it('LU-Link: a server when on; bitrate 0 or 100-20000', () => {
    expect(luLinkErrors({ enabled: false, serverId: null, maxBitrateKbps: 0 })).toEqual({});
    expect(luLinkErrors({ enabled: true, serverId: null, maxBitrateKbps: 99 })).toEqual({ serverId: 'Choose the server the unit links to', maxBitrateKbps: 'Must be 100 or more' });
    expect(luLinkErrors({ enabled: true, serverId: 'MMH-1', maxBitrateKbps: 20_000 })).toEqual({});
  });
});

describe('Devices filters and counters', () => {
  const devices = [
    { kind: 'unit', status: 'idle' },
    { kind: 'camera', status: 'offline' },
    { kind: 'server', status: 'busy', serverType: 'mmh' },
    { kind: 'server', status: 'idle', serverType: 'ingest' },
  ] as const;
  it('counts per kind and status', () => {
    expect(deviceCounters(devices)).toEqual({ unit: 1, camera: 1, server: 2, offline: 1, idle: 2, busy: 1 });
  });
  it('an empty filter passes all; server types filter servers only', () => {
    expect(devices.filter((d) => deviceMatchesFilters(d, {}))).toHaveLength(4);
    expect(devices.filter((d) => deviceMatchesFilters(d, { serverTypes: ['mmh'] }))).toHaveLength(3);
    expect(devices.filter((d) => deviceMatchesFilters(d, { kinds: ['server'], statuses: ['idle'] }))).toHaveLength(1);
  });
  it.each([
    ['offline', 'offline'],
    ['idle', 'idle'],
    ['streaming', 'busy'],
    ['storeandforward', 'busy'],
  ])('unit status %s → %s', (status, filter) => {
    expect(unitStatusFilter(status)).toBe(filter);
  });
});
