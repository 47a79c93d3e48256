/**
 * One valid payload per kind (the examples of docs/protocol.md) and an envelope builder, for tests
 * and docs. Inline, small: no fixture files.
 */
import type { EventKind } from './kinds.ts';
import type { EnvelopeOf } from './envelope.ts';
import type { EventData } from './payloads.ts';

export const SAMPLE_DATA: EventData = {
  'unit.added': {
    uid: 'U1',
    name: 'Truck 1',
    type: '800',
    status: { state: 'online', applications: { video: { state: 'streaming' } } },
    isDemo: false,
    lat: 48.85,
    lng: 2.35,
    battery: { connected: true, charging: false, percentage: 81 },
    links: [{ port: 'modem1', type: 'cell', connected: true, enabled: true, uplinkKbps: 2400, downlinkKbps: 300, sim: 'A' }],
    alerts: [{ id: 'A1', entityUniqueId: 'U1', active: true, severity: 'warning', type: 'battery' }],
  },
  'unit.removed': {},
  'unit.status': { state: 'online', applications: { video: { state: 'streaming' }, forward: {} } },
  'unit.config': { delay: 3000, virtualChannelName: 'News 1' },
  'unit.alert': { alerts: [{ id: 'A1', entityUniqueId: 'U1', active: false, severity: 'critical', type: 'cameraDisconnected' }] },
  'unit.usage': { links: [{ port: 'eth0', type: 'lan', uplinkKbps: 5200, downlinkKbps: 410 }] },
  'unit.speedtest': { state: 'done', channelId: 'C7', uplinkKbps: 8100, downlinkKbps: 950, latencyMs: 42 },
  'channel.status': { status: 'collecting', allocatedTo: 'U1' },
  'channel.config': { channelName: 'Preview 7', type: 'preview' },
  'server.status': { state: 'online', upTime: 86_400, applications: {} },
  'social.status': { status: 'LIVE', provider: 'cdn' },
  'camera.config': { iris: 'auto' },
};

/** An envelope of `kind` (ts derived from seq so tests stay deterministic). */
export function makeEvent<K extends EventKind>(kind: K, id: string, rev: number, seq: number, data: EventData[K] = SAMPLE_DATA[kind]): EnvelopeOf<K> {
  return { seq, ts: 1_763_700_000_000 + seq, kind, id, rev, data };
}

