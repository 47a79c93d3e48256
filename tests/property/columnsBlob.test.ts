/**
 * The columns answer read from a Blob (workers/pipeline/columnsAnswer.ts readColumnsBlob; issue 15
 * item 3, docs/performance.md §7n): the same columns, packed part and errors as the whole bytes
 * read at once, for any snapshot, any head size and any cut or corruption; the packed part is not
 * read before it is asked for, and no read is the whole answer (beyond the first head); the REST
 * client reads a columns answer through `blob()` when the response has it (the load then a
 * promise); a presented snapshot whose load is a promise builds no diff until it is in, sends the
 * views' rest before the packed part is read, and is superseded by a snapshot that comes meanwhile.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMNS_SNAPSHOT_TYPE } from '../../src/protocol/columnsSnapshot.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../src/protocol/packedSnapshot.ts';
import { columnsSnapshot, packSnapshot, wantsColumnsSnapshot } from '../../src/server/areas/units/packedSnapshot.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { encodeColumnsAnswer, readColumnsAnswer, readColumnsBlob, type BytesBlob } from '../../workers/pipeline/columnsAnswer.ts';
import { FleetPipeline } from '../../workers/pipeline/fleetPipeline.ts';
import { ManualTime } from '../../workers/sources/manualTime.ts';
import { unpackSnapshot } from '../../workers/sources/packedSnapshot.ts';
import { decodeRestSnapshot } from '../../workers/sources/restSnapshot.ts';
import { createRestClient, type FetchLike } from '../../workers/sources/restClient.ts';
import { REAL_UNITS, snapshotArb } from './snapshotArbitraries.ts';

/** A Blob of `bytes` that records every slice read ([start, end) of the answer). */
function recordingBlob(bytes: Uint8Array): BytesBlob & { reads: [number, number][] } {
  const blob = new Blob([bytes.slice()]);
  const reads: [number, number][] = [];
  return {
    size: blob.size,
    reads,
    slice(start, end) {
      reads.push([start, end]);
      return blob.slice(start, end);
    },
  };
}

function fleetOf(packed: Uint8Array): FleetSnapshot {
  const unpacked = unpackSnapshot(packed);
  if (!unpacked.ok) throw new Error(unpacked.error);
  const decoded = decodeRestSnapshot(unpacked.value);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.value.snapshot;
}

/** Where the answer's packed part starts (its content), from the reference read of the whole bytes. */
function packedStart(bytes: Uint8Array): number {
  const read = readColumnsAnswer(bytes.slice());
  if (!read.ok) throw new Error(read.error);
  return bytes.byteLength - ((read.value.packed.byteLength + 3) & ~3);
}

describe('the columns answer read from a Blob', () => {
  it('reads the same columns and packed part as the whole bytes, for any snapshot and head size; the packed part only when asked, the views their own buffer, never the whole answer in one read', async () => {
    await fc.assert(
      fc.asyncProperty(snapshotArb, fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 64, max: 4096 }), fc.constant(4 * 1024 * 1024)), async (snapshot, headBytes) => {
        const { body, type } = columnsSnapshot(snapshot);
        if (type !== COLUMNS_SNAPSHOT_TYPE) return;
        const bytes = new Uint8Array(body);
        const reference = readColumnsAnswer(bytes.slice());
        if (!reference.ok) throw new Error(reference.error);
        const blob = recordingBlob(bytes);
        const read = await readColumnsBlob(blob, headBytes);
        if (!read.ok) throw new Error(read.error);
        const views = read.value.columns.views as Uint8Array;
        expect(views).toEqual(reference.value.columns.views);
        expect({ ...read.value.columns, views: null }).toEqual({ ...reference.value.columns, views: null });
        expect([read.value.watermark, read.value.counters]).toEqual([reference.value.watermark, reference.value.counters]);
        // The views go to the UI in their own buffer (with at most the padding and the next length word after them).
        expect(read.value.transfer).toContain(views.buffer);
        expect(views.byteOffset).toBe(0);
        expect(views.buffer.byteLength - views.byteLength).toBeLessThanOrEqual(7);
        // Nothing of the packed part is read before packed(), beyond what the head covered (the first guess, or
        // twice the bytes before the views when a head that ended before them was read again twice as long).
        const start = packedStart(bytes);
        const viewsStart = start - 4 - ((views.byteLength + 3) & ~3);
        const headReach = Math.max(12, headBytes, 2 * viewsStart);
        for (const [, end] of blob.reads) expect(end).toBeLessThanOrEqual(Math.max(headReach, start));
        if (headReach < start) for (const [from, end] of blob.reads) expect(end - from).toBeLessThan(bytes.byteLength);
        const packed = await read.value.packed();
        expect(packed).toEqual(reference.value.packed);
        expect([packed.byteOffset, packed.byteLength]).toEqual([0, packed.buffer.byteLength]);
        expect(fleetOf(packed)).toEqual(fleetOf(reference.value.packed));
      }),
      { numRuns: 150 },
    );
  });

  it('refuses every cut and any changed bytes exactly as the whole bytes are refused (the same error), never a throw', async () => {
    const snapshot = { watermark: 7, units: REAL_UNITS.slice(0, 6).map((unit, i) => ({ rev: i + 1, unit })), channels: [], servers: [] };
    const good = new Uint8Array(columnsSnapshot(snapshot).body);
    const same = async (bytes: Uint8Array, headBytes: number) => {
      const whole = readColumnsAnswer(bytes.slice());
      const parts = await readColumnsBlob(recordingBlob(bytes), headBytes);
      if (!whole.ok) expect(parts).toEqual(whole);
      else {
        expect(parts.ok).toBe(true);
        if (parts.ok) expect({ ...parts.value.columns, views: null }).toEqual({ ...whole.value.columns, views: null });
      }
    };
    await same(new Uint8Array(), 16);
    for (let cut = 0; cut < good.byteLength; cut += 1) {
      expect((await readColumnsBlob(recordingBlob(good.subarray(0, cut)), 16)).ok).toBe(false);
      await same(good.subarray(0, cut), cut % 2 === 0 ? 16 : 4096);
    }
    const longer = new Uint8Array(good.byteLength + 4);
    longer.set(good);
    await same(longer, 16);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: good.byteLength - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 2048 }), async (changes, headBytes) => {
        const bytes = good.slice();
        for (const [at, value] of changes) bytes[at] = value;
        await same(bytes, headBytes);
      }),
      { numRuns: 300 },
    );
  });

  it('is what the REST client reads when the response has blob(): no arrayBuffer() of the columns answer, the load a promise; the fallback to the packed answer and a bad packed part as before', async () => {
    const snapshot = { watermark: 42, units: REAL_UNITS.slice(0, 12).map((unit, i) => ({ rev: i + 1, unit })), channels: [{ id: 'CH-1', rev: 3, name: 'One' }], servers: [] };
    const bodies: string[] = [];
    const serving = (bytesFor: (accept: string) => { type: string; body: Uint8Array }): FetchLike => async (_url, init) => {
      const { type, body } = bytesFor(init.headers['accept'] ?? '');
      return {
        status: 200,
        ok: true,
        headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
        text: async () => (bodies.push(`text ${type}`), new TextDecoder().decode(body)),
        arrayBuffer: async () => (bodies.push(`arrayBuffer ${type}`), body.slice().buffer),
        blob: async () => (bodies.push(`blob ${type}`), new Blob([body.slice()])),
      };
    };
    const packed = { type: PACKED_SNAPSHOT_TYPE, body: new Uint8Array(packSnapshot(snapshot)) };
    const columns = new Uint8Array(columnsSnapshot(snapshot).body);
    const reference = readColumnsAnswer(columns.slice());
    if (!reference.ok) throw new Error(reference.error);
    const expected = fleetOf(reference.value.packed);

    const answer = await createRestClient({ baseUrl: 'http://x/rest', fetch: serving((accept) => (wantsColumnsSnapshot(accept) ? { type: COLUMNS_SNAPSHOT_TYPE, body: columns } : packed)) }).fetchSnapshot('G-1');
    expect(bodies).toEqual([`blob ${COLUMNS_SNAPSHOT_TYPE}`]);
    if (!('columns' in answer)) throw new Error('expected the columns answer');
    expect(answer.columns.columns.views).toEqual(reference.value.columns.views);
    const loading = answer.load();
    expect(loading).toBeInstanceOf(Promise);
    await expect(loading).resolves.toEqual(expected);

    bodies.length = 0;
    const problems: string[] = [];
    const fallback = await createRestClient({ baseUrl: 'http://x/rest', fetch: serving((accept) => (wantsColumnsSnapshot(accept) ? { type: COLUMNS_SNAPSHOT_TYPE, body: columns.subarray(0, 100) } : packed)), onProblem: (p) => problems.push(p) }).fetchSnapshot('G-1');
    expect(bodies).toEqual([`blob ${COLUMNS_SNAPSHOT_TYPE}`, `arrayBuffer ${PACKED_SNAPSHOT_TYPE}`]);
    expect(problems).toEqual([expect.stringMatching(/^GET devices\/fetch\?crnt_vcg_uid=G-1: snapshot: the columns answer .+ runs past the end \(100 bytes\); asked again for the packed answer$/)]);
    expect('snapshot' in fallback && fallback.snapshot).toEqual(expected);

    const withBadPacked = encodeColumnsAnswer(reference.value, reference.value.columns, new Uint8Array());
    const lazy = await createRestClient({ baseUrl: 'http://x/rest', fetch: serving(() => ({ type: COLUMNS_SNAPSHOT_TYPE, body: withBadPacked })) }).fetchSnapshot('G-1');
    if (!('columns' in lazy)) throw new Error('expected the columns answer');
    await expect(lazy.load()).rejects.toThrow('GET devices/fetch?crnt_vcg_uid=G-1: snapshot: the packed answer is empty');
  });
});

describe('a presented snapshot whose load is a promise (its packed part read from the Blob)', () => {
  const first = { watermark: 3, units: REAL_UNITS.slice(0, 6).map((unit, i) => ({ rev: i + 1, unit })), channels: [{ id: 'CH-1', rev: 1 }], servers: [] };
  const second = { watermark: 4, units: REAL_UNITS.slice(3, 9).map((unit, i) => ({ rev: i + 10, unit })), channels: [], servers: [] };

  async function presented(firstViewsRows: number) {
    const time = new ManualTime();
    const posted: FleetDiff[] = [];
    const pipeline = new FleetPipeline({ deliver: (diff) => void posted.push(diff), requestFrame: (callback) => time.setTimeout(callback, 16), clock: time, timers: time, snapshotColumns: true, firstViewsRows });
    const read = await readColumnsBlob(recordingBlob(new Uint8Array(columnsSnapshot(first).body)), 16);
    if (!read.ok) throw new Error(read.error);
    const answer = read.value;
    let finish: () => void = () => undefined;
    const calls: string[] = [];
    const load = () => {
      calls.push(`load after ${posted.length} diffs${posted.some((diff) => diff.snapshotViews !== undefined) ? ', the views rest among them' : ''}`);
      return new Promise<FleetSnapshot>((resolve, reject) => (finish = () => answer.packed().then((packed) => resolve(fleetOf(packed)), reject)));
    };
    const loaded = pipeline.snapshotPresented({ columns: answer.columns, transfer: answer.transfer, counters: answer.counters }, answer.watermark, load);
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    pipeline.presentedPainted();
    return { time, posted, pipeline, loaded, calls, finish: () => finish() };
  }

  it('sends the views rest before the load starts, builds no diff while the packed part is read, then loads and sends what the columns lack', async () => {
    const { time, posted, pipeline, loaded, calls, finish } = await presented(2);
    expect(calls).toEqual(['load after 2 diffs, the views rest among them']);
    pipeline.beginTransition(first.units[0]?.unit['uid'] as string, 'stream', 'connecting');
    for (let i = 0; i < 10; i += 1) {
      time.advance(16);
      await Promise.resolve();
    }
    expect(posted).toHaveLength(2); // the snapshot and its views' rest only: the model does not hold the fleet yet
    finish();
    const fleet = await loaded;
    expect(fleet.units.map((u) => u.unit.uid)).toEqual(first.units.map((u) => u.unit['uid']));
    time.advance(16);
    await Promise.resolve();
    expect(posted).toHaveLength(3); // then the channel and the pressed unit
    expect(posted[2]?.channels.map((c) => c.id)).toEqual(['CH-1']);
  });

  it('is superseded by a snapshot that comes while its packed part is read (rejected; the model holds the newer one)', async () => {
    const { pipeline, loaded, finish } = await presented(0);
    const decodedSecond = decodeRestSnapshot((unpackSnapshot(packSnapshot(second)) as { value: unknown }).value);
    if (!decodedSecond.ok) throw new Error(decodedSecond.error);
    pipeline.snapshot(decodedSecond.value.snapshot, decodedSecond.value.watermark);
    finish();
    await expect(loaded).rejects.toThrow('snapshot: a newer snapshot came before this one was loaded');
    expect([...pipeline.model.units.keys()].sort()).toEqual(second.units.map((u) => u.unit['uid'] as string).sort());
  });

  it('a load that rejects (a bad packed part) rejects the snapshot and lets the pipeline build diffs again', async () => {
    const time = new ManualTime();
    const posted: FleetDiff[] = [];
    const pipeline = new FleetPipeline({ deliver: (diff) => void posted.push(diff), requestFrame: (callback) => time.setTimeout(callback, 16), clock: time, timers: time, snapshotColumns: true });
    const read = readColumnsAnswer(new Uint8Array(columnsSnapshot(first).body));
    if (!read.ok) throw new Error(read.error);
    const loaded = pipeline.snapshotPresented({ columns: read.value.columns, transfer: read.value.transfer, counters: read.value.counters }, read.value.watermark, () => Promise.reject(new Error('snapshot: the packed answer is empty')));
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    pipeline.presentedPainted();
    await expect(loaded).rejects.toThrow('snapshot: the packed answer is empty');
    const decodedSecond = decodeRestSnapshot((unpackSnapshot(packSnapshot(second)) as { value: unknown }).value);
    if (!decodedSecond.ok) throw new Error(decodedSecond.error);
    pipeline.snapshot(decodedSecond.value.snapshot, decodedSecond.value.watermark);
    time.advance(16);
    await Promise.resolve();
    expect(posted.at(-1)?.reset).toBe(true);
  });
});
