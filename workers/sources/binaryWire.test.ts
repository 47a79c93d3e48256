/**
 * The binary wire (?frames=bin, src/protocol/binaryFrames.ts) against the batched JSON wire
 * (?frames=batch): for any event sequence, cut into any frames, and with a resync that buffers the
 * first frames, the worker's session and pipeline end with exactly the same model and post exactly
 * the same diffs. A malformed binary frame is reported with a message naming what is wrong and
 * leaves the model as it was.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { encodeBinaryFrame } from '../../src/protocol/binaryFrames.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import { takeSnapshotStamp } from '../pipeline/snapshotTiming.ts';
import type { WiredWorker } from './wireTestHarness.ts';
import { buffersAsBytes, modelStateOf, TWO_UNIT_SNAPSHOT, wiredWorker } from './wireTestHarness.ts';

// The snapshot-bytes stamp is one module-level value per worker; test files share modules
// (vitest isolate: false), so a stamp another file's REST snapshot left would land on whichever
// pipeline here resets first. Each test starts with none.
beforeEach(() => {
  takeSnapshotStamp();
});

const IDS = ['U0', 'U1', 'U2', 'U3'] as const;
const STATES = ['online', 'offline', 'unavailable', 'idle', 'forwarding', 'upgrading'] as const;
const APPS = ['video', 'forward', 'store', 'upgrade', 'fetchlogs', 'multiCamera', 'videoReturn'] as const;
const VIDEO_STATES = ['streaming', 'speedtest', 'connecting', 'idle'] as const;

const status = fc.record(
  {
    state: fc.constantFrom(...STATES),
    applications: fc.uniqueArray(fc.constantFrom(...APPS), { maxLength: 4 }).chain((apps) =>
      fc.constantFrom(...VIDEO_STATES).map((videoState) =>
        Object.fromEntries(apps.map((app) => [app, app === 'video' ? { state: videoState } : {}])),
      ),
    ),
    video: fc.record({ state: fc.constantFrom(...VIDEO_STATES), onAir: fc.boolean() }),
    battery: fc.option(fc.record({ connected: fc.boolean(), charging: fc.boolean(), percentage: fc.integer({ min: 0, max: 100 }) }), { nil: null }),
    onlineSince: fc.integer({ min: 1_763_700_000_000, max: 1_763_800_000_000 }),
  },
  { requiredKeys: ['applications'] },
);

const link = fc.record({
  port: fc.constantFrom('eth0', 'wlan0', 'modem1', 'modem2'),
  name: fc.constantFrom('Ethernet 1', 'Wi-Fi 1', 'Modem 1'),
  type: fc.constantFrom('lan', 'wifi', 'cell'),
  connected: fc.boolean(),
  enabled: fc.boolean(),
  uplinkKbps: fc.integer({ min: 0, max: 20_000 }),
  downlinkKbps: fc.integer({ min: 0, max: 20_000 }),
  signal: fc.integer({ min: 0, max: 100 }),
});

const alerts = (id: string) =>
  fc.array(fc.boolean(), { maxLength: 3 }).map((flags) =>
    flags.map((active, i) => ({ id: `${id}-A${i}`, entityUniqueId: id, active, severity: 'warning' as const, type: 'battery' as const })),
  );

/** One event without seq and rev (assigned in order, with rev jitter), any kind the stream carries. */
type Draft = { kind: Envelope['kind']; id: string; data: unknown };
const draft: fc.Arbitrary<Draft> = fc.constantFrom(...IDS).chain((id) =>
  fc.oneof(
    { weight: 5, arbitrary: status.map((data): Draft => ({ kind: 'unit.status', id, data })) },
    { weight: 3, arbitrary: fc.array(link, { maxLength: 3 }).map((links): Draft => ({ kind: 'unit.usage', id, data: { links } })) },
    { weight: 1, arbitrary: alerts(id).map((list): Draft => ({ kind: 'unit.alert', id, data: { alerts: list } })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ status, type: fc.constantFrom('800', 'Lite', 'PTMP'), isDemo: fc.boolean() })
        .map(({ status: s, type, isDemo }): Draft => ({ kind: 'unit.added', id, data: { uid: id, name: `Unit ${id}`, type, status: s, isDemo } })),
    },
    { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'unit.removed', id, data: {} }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 9_000 }).map((delay): Draft => ({ kind: 'unit.config', id, data: { delay } })) },
    { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'channel.status', id: 'C1', data: { status: 'collecting', allocatedTo: id } }) },
    { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'server.status', id: 'S1', data: { state: 'online', upTime: 10, applications: {} } }) },
  ),
);

function eventsOf(drafts: readonly [Draft, number][]): Envelope[] {
  const revs = new Map<string, number>();
  return drafts.map(([d, jitter], index) => {
    const current = revs.get(d.id) ?? 1;
    const rev = Math.max(1, current + jitter); // jitter -1..2: stale, duplicate, next, gap
    revs.set(d.id, Math.max(current, rev));
    return makeEvent(d.kind, d.id, rev, 100 + index, d.data as never) as Envelope;
  });
}

/** What must be equal between the two wires: the whole model and the session's counts. */
function stateOf(w: WiredWorker) {
  return { ...modelStateOf(w), stats: w.session.stats };
}

/** Cuts `events` into frames of the given sizes (the rest in one last frame). */
function framesOf(events: readonly Envelope[], sizes: readonly number[]): Envelope[][] {
  const frames: Envelope[][] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= events.length) break;
    frames.push(events.slice(at, at + size));
    at += size;
  }
  if (at < events.length) frames.push(events.slice(at));
  return frames;
}

describe('binary frames against batched JSON frames', () => {
  it('yield the same model and the same diffs for any event sequence and any framing (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(draft, fc.integer({ min: -1, max: 2 })), { minLength: 1, maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 3 }),
        async (drafts, sizes, bufferedFrames) => {
          const frames = framesOf(eventsOf(drafts), sizes);
          const json = wiredWorker();
          const binary = wiredWorker();
          for (const [index, frame] of frames.entries()) {
            if (index === bufferedFrames) {
              // The snapshot answers after the first frames: those were buffered (binary: copied out of the reused envelope).
              for (const w of [json, binary]) w.answer({ watermark: 100 + Math.min(1, drafts.length - 1), snapshot: TWO_UNIT_SNAPSHOT });
              await Promise.all([json.settle(), binary.settle()]);
            }
            json.session.message(JSON.stringify({ op: EVENTS_OP, events: frame }));
            binary.session.binaryMessage(encodeBinaryFrame(frame));
            json.time.advance(700); // 2 s transition polls and list reloads fire alike
            binary.time.advance(700);
            json.pipeline.flush();
            binary.pipeline.flush();
            await Promise.all([json.settle(), binary.settle()]);
          }
          for (const w of [json, binary]) {
            w.answer({ watermark: 100, snapshot: TWO_UNIT_SNAPSHOT });
            await w.settle();
            w.pipeline.flush();
            await w.settle();
          }
          expect(binary.session.stats.badFrames).toBe(0);
          expect(stateOf(binary)).toEqual(stateOf(json));
          expect(buffersAsBytes(binary.diffs)).toEqual(buffersAsBytes(json.diffs));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a malformed binary frame', () => {
  async function liveWorker() {
    const w = wiredWorker();
    w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
    await w.settle();
    w.session.binaryMessage(encodeBinaryFrame([makeEvent('unit.status', 'U0', 2, 1, { state: 'offline', applications: {} })]));
    w.pipeline.flush();
    await w.settle();
    return w;
  }

  const good = encodeBinaryFrame([
    makeEvent('unit.status', 'U1', 2, 2, { state: 'online', applications: { video: { state: 'streaming' } } }),
    makeEvent('unit.status', 'U0', 3, 3, { state: 'online', applications: {} }),
  ]);

  it.each([
    ['truncated in the body', good.slice(0, good.byteLength - 3), /^binary frame: body is not valid MessagePack/],
    ['cut inside the columns', good.slice(0, 30), /^binary frame: 30 bytes, too short for 2 events/],
    ['of another format', Uint8Array.from([0x7b, ...good.slice(1)]), /^binary frame: first byte 0x7b, expected 0x4c/],
    ['of another version', Uint8Array.from([0x4c, 9, ...good.slice(2)]), /^binary frame: version 9, this client reads version 1/],
    ['with a count of 0', Uint8Array.from([...good.slice(0, 4), 0, 0, 0, 0, ...good.slice(8)]), /^binary frame: count 0, expected 1 to 1000 events/],
  ])('%s is reported and applies nothing', async (_name, bytes, message) => {
    const w = await liveWorker();
    const before = structuredClone(stateOf(w));
    w.session.binaryMessage(bytes);
    w.pipeline.flush();
    await w.settle();
    const after = stateOf(w);
    expect(after.stats.badFrames).toBe(1);
    expect(after.stats.lastBadFrame).toMatch(message);
    expect({ ...after, stats: before.stats }).toEqual(before);
    expect(w.diffs.at(-1)?.badFrames?.last).toMatch(message);
    // The stream goes on: the next good frame is applied.
    w.session.binaryMessage(good);
    expect(w.pipeline.model.units.get('U1')?.status).toBe('streaming');
  });

  it('names a bad event by index and seq and applies its neighbours', async () => {
    const w = await liveWorker();
    const frame = encodeBinaryFrame([
      makeEvent('unit.status', 'U1', 2, 2, { state: 'online', applications: { video: { state: 'streaming' } } }),
      { seq: 3, ts: 1, kind: 'unit.status', id: 'U0', rev: 3, data: { state: 'online', applications: 'video' } },
      makeEvent('unit.status', 'U0', 4, 4, { state: 'online', applications: {} }),
    ] as Envelope[]);
    w.session.binaryMessage(frame);
    expect(w.session.stats.lastBadFrame).toMatch(/^events\[1\] \(seq 3\): .*applications/);
    expect(w.pipeline.model.units.get('U1')?.status).toBe('streaming');
    expect(w.pipeline.model.units.get('U0')?.rev).toBe(4);
  });

  it('with an unknown kind byte names the byte', async () => {
    const w = await liveWorker();
    const frame = encodeBinaryFrame([makeEvent('unit.status', 'U1', 2, 2, { state: 'online', applications: {} })]);
    frame[8 + 24] = 200; // the kind column of a 1-event frame starts at 8 + 24·1
    w.session.binaryMessage(frame);
    expect(w.session.stats.lastBadFrame).toMatch(/^events\[0\] \(seq 2\): kind byte 200 is not an event kind/);
    expect(w.pipeline.model.units.get('U1')?.rev).toBe(1);
  });
});
