/**
 * The worker as the wire tests drive it (binaryWire.test.ts, binaryWireV2.test.ts): a LiveSession
 * feeding a FleetPipeline on manual time, its snapshot answered by the test, its diffs and
 * reconnect requests recorded; and the part of its state that two wires must leave equal.
 * For tests only: nothing of the console imports it.
 */
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import type { FleetDiff } from '../pipeline/diff.ts';
import { FleetPipeline } from '../pipeline/fleetPipeline.ts';
import type { RestSnapshot } from './eventSource.ts';
import { LiveSession } from './liveSession.ts';
import { ManualTime } from './manualTime.ts';
import { linksOfRecord } from '../model/fleetModel.ts';

/** Two units (U0 online, U1 offline), no channel, no server: the snapshot the wire tests answer with. */
export const TWO_UNIT_SNAPSHOT: FleetSnapshot = {
  units: [
    { rev: 1, unit: { uid: 'U0', name: 'Unit U0', type: '800', status: { state: 'online', applications: {} } } },
    { rev: 1, unit: { uid: 'U1', name: 'Unit U1', type: 'Lite', status: { state: 'offline', applications: {} } } },
  ],
  channels: [],
  servers: [],
} as unknown as FleetSnapshot;

/**
 * A session and pipeline as the worker wires them, on manual time. The session has opened: it
 * subscribed and resyncs, so events are buffered until `answer` gives it the snapshot; `settle`
 * lets the answer's promise run.
 */
export function wiredWorker(options: { inlineUnitsMax?: number } = {}) {
  const time = new ManualTime();
  const diffs: FleetDiff[] = [];
  const reconnects: string[] = [];
  const pipeline = new FleetPipeline({ deliver: (diff) => void diffs.push(diff), requestFrame: () => undefined, clock: time, timers: time, ...options });
  let answer: (value: RestSnapshot) => void = () => undefined;
  const session = new LiveSession(
    {
      send: () => undefined,
      reconnect: (reason) => void reconnects.push(reason),
      fetchSnapshot: () => new Promise<RestSnapshot>((resolve) => (answer = resolve)),
      groupTopic: 'group:G1',
      clock: time,
      timers: time,
      random: () => 0.5,
    },
    pipeline,
  );
  session.opened();
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { session, pipeline, diffs, reconnects, answer: (value: RestSnapshot) => answer(value), settle, time };
}

export type WiredWorker = ReturnType<typeof wiredWorker>;

/** The whole model and the session's last seq: what any two wires carrying the same events must leave equal. */
export function modelStateOf(w: WiredWorker) {
  const m = w.pipeline.model;
  return {
    // The units as read: links as objects (a shaped usage keeps a shape and values instead, fleetModel.ts linksOfRecord).
    units: new Map(Array.from(m.units, ([id, unit]) => [id, { ...unit, links: linksOfRecord(unit), usageShape: undefined, usageValues: undefined, usageAt: undefined, usageRoom: undefined }])),
    channels: m.channels,
    servers: m.servers,
    removedRevs: m.removedRevs,
    counters: m.counters,
    transitions: m.transitions,
    watermark: m.watermark,
    lastSeq: m.lastSeq,
    events: m.events,
    applied: m.applied,
    ignored: m.ignored,
    lastSessionSeq: w.session.lastSeq,
  };
}

/**
 * A value with every ArrayBuffer (and typed-array view) replaced by a plain array of its bytes.
 * Vitest's `toEqual` compares an ArrayBuffer by its own enumerable keys, of which it has none:
 * two buffers of different bytes compare equal. The wire tests compare diffs, whose unit views
 * and patch columns travel as buffers, so they compare them through this.
 */
export function buffersAsBytes(value: unknown): unknown {
  if (value instanceof ArrayBuffer) return { bytes: Array.from(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value)) return { bytes: Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  if (Array.isArray(value)) return value.map(buffersAsBytes);
  if (value instanceof Map) return new Map(Array.from(value, ([key, item]) => [key, buffersAsBytes(item)]));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, buffersAsBytes(item)]));
  return value;
}
