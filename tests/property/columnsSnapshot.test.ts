/**
 * The columns answer (src/protocol/columnsSnapshot.ts, issue 15 item 3): the server's columns are
 * the worker's, byte for byte, for any snapshot (real fixture units changed at random); a store fed
 * the answer (columns first, the model loaded after) answers exactly as a store fed the worker's
 * own snapshot path, through live events and a second snapshot (a resync) with a button's
 * transition pending; the answer's buffer goes to the UI whole with the views in place and the
 * packed part copied for the worker's load; bad bytes are an error naming the part, never a throw; the REST client
 * falls back to the packed answer when the columns do not read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMNS_SNAPSHOT_TYPE } from '../../src/protocol/columnsSnapshot.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../src/protocol/packedSnapshot.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { columnsSnapshot, packSnapshot, wantsColumnsSnapshot } from '../../src/server/areas/units/packedSnapshot.ts';
import { FleetStore } from '../../src/fleet/store.ts';
import type { FleetDiff } from '../../workers/pipeline/diff.ts';
import { decodeDiffUnits } from '../../workers/pipeline/diff.ts';
import { readColumnsAnswer } from '../../workers/pipeline/columnsAnswer.ts';
import { FleetPipeline, PRESENTED_LOAD_TIMEOUT_MS } from '../../workers/pipeline/fleetPipeline.ts';
import { unpackSnapshot } from '../../workers/sources/packedSnapshot.ts';
import { decodeRestSnapshot } from '../../workers/sources/restSnapshot.ts';
import { createRestClient, type FetchLike } from '../../workers/sources/restClient.ts';
import { ManualTime } from '../../workers/sources/manualTime.ts';
import { textAt as textOf } from '../../workers/pipeline/textColumn.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import { REAL_UNITS, snapshotArb } from './snapshotArbitraries.ts';

/** The worker's path: the packed answer unpacked and decoded as restClient.ts does. */
function workerDecode(snapshot: unknown) {
  const unpacked = unpackSnapshot(packSnapshot(snapshot));
  if (!unpacked.ok) throw new Error(unpacked.error);
  return decodeRestSnapshot(unpacked.value);
}

/**
 * A pipeline of the console's worker (snapshots as columns) whose diffs land in `posted`, frames run
 * by hand. `firstViewsRows`: a first snapshot's views in two parts (firstViews.ts); `word: false`:
 * the page never says its rows are painted (a screen with no list), the load waits for its timeout.
 */
function workerPipeline(options: { firstViewsRows?: number; word?: boolean } = {}) {
  const time = new ManualTime();
  const posted: { diff: FleetDiff; transfer: ArrayBuffer[] }[] = [];
  const pipeline = new FleetPipeline({
    deliver: (diff, transfer) => void posted.push({ diff, transfer }),
    requestFrame: (callback) => time.setTimeout(callback, 16),
    clock: time,
    timers: time,
    snapshotColumns: true,
    ...(options.firstViewsRows !== undefined ? { firstViewsRows: options.firstViewsRows } : {}),
  });
  // The page's word that its first rows are painted (the unit list sends it), then frames.
  const settle = async () => {
    if (options.word !== false) pipeline.presentedPainted();
    else {
      for (let i = 0; i < 4; i += 1) await Promise.resolve(); // the UI's answer reaches the pipeline, which starts the timeout
      time.advance(PRESENTED_LOAD_TIMEOUT_MS);
    }
    for (let i = 0; i < 6; i += 1) {
      time.advance(16);
      await Promise.resolve();
    }
  };
  return { pipeline, posted, settle };
}

/** The columns answer as the worker reads it (restClient.ts): columns now, the fleet from the packed part on load(). */
function readAnswer(snapshot: unknown) {
  const { body, type } = columnsSnapshot(snapshot);
  expect(type).toBe(COLUMNS_SNAPSHOT_TYPE);
  const read = readColumnsAnswer(new Uint8Array(body));
  if (!read.ok) throw new Error(read.error);
  const load = (): FleetSnapshot => {
    const unpacked = unpackSnapshot(read.value.packed);
    if (!unpacked.ok) throw new Error(unpacked.error);
    const decoded = decodeRestSnapshot(unpacked.value);
    if (!decoded.ok) throw new Error(decoded.error);
    return decoded.value.snapshot;
  };
  return { answer: read.value, load };
}

/** Everything a reader of the store sees, independent of the order the columns came in. */
function answers(store: FleetStore) {
  const ids = [...store.unitIds()].sort();
  return {
    ids,
    views: ids.map((id) => store.unit(id)),
    names: ids.map((id) => store.unitName(id)),
    byName: store.idsByName(),
    size: store.size,
    counters: store.counters.value,
    channels: store.channelIds().sort().map((id) => store.channel(id)),
    absent: store.unit('no such unit'),
  };
}

const smallWatermark = <T extends { watermark: number }>(snapshot: T): T => ({ ...snapshot, watermark: snapshot.watermark % 1_000 });

describe('the columns answer', () => {
  it("is the worker's own columns, byte for byte, with its counters and watermark, for any snapshot", async () => {
    await fc.assert(
      fc.asyncProperty(snapshotArb, async (snapshot) => {
        const decoded = workerDecode(snapshot);
        if (!decoded.ok) {
          expect(columnsSnapshot(snapshot).type).toBe(PACKED_SNAPSHOT_TYPE); // the server sends what the worker would read
          return;
        }
        const { answer } = readAnswer(snapshot);
        const worker = workerPipeline();
        worker.pipeline.snapshot(decoded.value.snapshot, decoded.value.watermark);
        await worker.settle();
        const first = worker.posted[0]?.diff as FleetDiff;
        expect(first.reset).toBe(true);
        expect(answer.columns).toEqual(first.snapshot);
        expect(answer.counters).toEqual(first.counters);
        expect(answer.watermark).toBe(decoded.value.watermark);
      }),
      { numRuns: 200 },
    );
  });

  it("feeds the store exactly as the worker's snapshot path does: first load, live events, a resync with a transition pending", async () => {
    const events = fc.array(fc.tuple(fc.nat({ max: 40 }), fc.constantFrom('online', 'offline', 'streaming')), { maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(snapshotArb.map(smallWatermark), events, snapshotArb.map(smallWatermark), fc.array(fc.boolean(), { maxLength: 30 }), events, fc.nat({ max: 40 }), fc.nat({ max: 8 }), fc.boolean(), async (first, liveOne, fresh, kept, liveTwo, pressed, rows, word) => {
        // The second snapshot keeps some units of the first (at a newer rev), drops the others, adds its own.
        const second = { ...fresh, units: [...first.units.filter((_, i) => kept[i] === true).map((entry) => ({ ...entry, rev: entry.rev + 1 })), ...fresh.units] };
        const decodedFirst = workerDecode(first);
        const decodedSecond = workerDecode(second);
        if (!decodedFirst.ok || !decodedSecond.ok) return;
        const runs = await Promise.all(
          (['decoded', 'columns', 'two parts'] as const).map(async (way) => {
            // 'two parts': the first snapshot's views of `rows + 1` rows first, the rest on the page's word or at the load's timeout.
            const worker = workerPipeline(way === 'two parts' ? { firstViewsRows: rows + 1, word } : {});
            const store = new FleetStore((work) => work());
            let seq = 10_000;
            const feed = async (snapshot: typeof first, decoded: typeof decodedFirst & { ok: true }) => {
              if (way === 'decoded') worker.pipeline.snapshot(decoded.value.snapshot, decoded.value.watermark);
              // Posted diffs are structured-cloned (the store may write the columns' `views` when their rest comes).
              else {
                const { answer, load } = readAnswer(snapshot);
                worker.pipeline.snapshotPresented({ columns: answer.columns, transfer: answer.transfer, counters: answer.counters }, answer.watermark, load);
              }
              await worker.settle();
            };
            const live = async (steps: readonly [number, string][]) => {
              const ids = [...worker.pipeline.model.units.keys()];
              for (const [at, state] of steps) {
                const id = ids[at % Math.max(1, ids.length)];
                const unit = id === undefined ? undefined : worker.pipeline.model.units.get(id);
                if (id !== undefined && unit !== undefined) worker.pipeline.event(makeEvent('unit.status', id, unit.rev + 1, ++seq, { state: state as 'online' }));
              }
              await worker.settle();
            };
            await feed(first, decodedFirst);
            await live(liveOne);
            const held = [...worker.pipeline.model.units.keys()];
            const pressedId = held[pressed % Math.max(1, held.length)];
            if (pressedId !== undefined) worker.pipeline.beginTransition(pressedId, 'stream', 'connecting');
            await worker.settle();
            await feed(second, decodedSecond);
            await live(liveTwo);
            if (way === 'two parts') {
              // The first snapshot went in two parts (its rows' views, then the rest, before any other diff); the
              // second too when the model held no unit then, else whole.
              const diffs = worker.posted.map(({ diff }) => diff);
              expect(diffs[0]?.snapshot?.views).toBeNull();
              const splitAt = diffs.flatMap((diff, at) => (diff.snapshot?.views === null ? [at] : []));
              expect(diffs.flatMap((diff, at) => (diff.snapshotViews !== undefined ? [at] : []))).toEqual(splitAt.map((at) => at + 1));
              expect(splitAt[0]).toBe(0);
            }
            for (const { diff } of worker.posted) store.apply(structuredClone(diff));
            return answers(store);
          }),
        );
        expect(runs[1]).toEqual(runs[0]);
        expect(runs[2]).toEqual(runs[0]);
      }),
      { numRuns: 100 },
    );
  });

  it("waits for the UI and the page's word that its rows are painted before loading; builds no diff meanwhile; a snapshot that comes first supersedes it", async () => {
    const first = { watermark: 3, units: REAL_UNITS.slice(0, 5).map((unit, i) => ({ rev: i + 1, unit })), channels: [{ id: 'CH-1', rev: 1 }], servers: [] };
    const second = { watermark: 4, units: REAL_UNITS.slice(3, 9).map((unit, i) => ({ rev: i + 10, unit })), channels: [], servers: [] };
    const decodedSecond = workerDecode(second);
    if (!decodedSecond.ok) throw new Error(decodedSecond.error);
    // The UI answers only when told: the load waits for it.
    const time = new ManualTime();
    const posted: FleetDiff[] = [];
    let answerUi: () => void = () => undefined;
    const pipeline = new FleetPipeline({ deliver: (diff) => (posted.push(diff), new Promise<void>((resolve) => (answerUi = resolve))), requestFrame: (callback) => time.setTimeout(callback, 16), clock: time, timers: time, snapshotColumns: true });
    const { answer, load } = readAnswer(first);
    let loads = 0;
    const loaded = pipeline.snapshotPresented({ columns: answer.columns, transfer: answer.transfer, counters: answer.counters }, answer.watermark, () => (loads += 1, load()));
    expect(posted).toHaveLength(1);
    pipeline.beginTransition(textOf(answer.columns.ids, 0), 'stream', 'connecting'); // a change while the model is not loaded: no diff for it yet
    time.advance(200);
    await Promise.resolve();
    expect([loads, posted.length]).toEqual([0, 1]);
    answerUi();
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    time.advance(PRESENTED_LOAD_TIMEOUT_MS - 1);
    expect(loads).toBe(0); // the UI took it; the page has not painted
    pipeline.presentedPainted();
    expect(loads).toBe(1); // painted: loaded at once
    await expect(loaded).resolves.toEqual(load());
    time.advance(PRESENTED_LOAD_TIMEOUT_MS);
    expect(loads).toBe(1); // the timeout does not load it again
    pipeline.presentedPainted(); // a word with nothing waiting changes nothing
    time.advance(16);
    expect(loads).toBe(1);
    expect(posted).toHaveLength(2); // then the channel and the pressed unit, whole
    expect(posted[1]?.channels.map((c) => c.id)).toEqual(['CH-1']);
    expect(decodeDiffUnits(posted[1] as FleetDiff).map((v) => [v.id, v.transition])).toEqual([[textOf(answer.columns.ids, 0), { button: 'stream', state: 'connecting' }]]);
    answerUi();
    // Superseded: another snapshot before the load; rejected at once, not at its timeout.
    const again = readAnswer(first);
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    const stale = pipeline.snapshotPresented({ columns: again.answer.columns, transfer: again.answer.transfer, counters: again.answer.counters }, again.answer.watermark, again.load);
    answerUi();
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    pipeline.snapshot(decodedSecond.value.snapshot, decodedSecond.value.watermark);
    await expect(stale).rejects.toThrow('snapshot: a newer snapshot came before this one was loaded');
    pipeline.presentedPainted();
    time.advance(PRESENTED_LOAD_TIMEOUT_MS);
    expect([...pipeline.model.units.keys()].sort()).toEqual(decodedSecond.value.snapshot.units.map((u) => u.unit.uid).sort());
  });

  it("loads on the page's word even when it comes before the UI's answer to the diff (two message ports), and never before that answer", async () => {
    const first = { watermark: 3, units: REAL_UNITS.slice(0, 4).map((unit, i) => ({ rev: i + 1, unit })), channels: [], servers: [] };
    const time = new ManualTime();
    let answerUi: () => void = () => undefined;
    const pipeline = new FleetPipeline({ deliver: () => new Promise<void>((resolve) => (answerUi = resolve)), requestFrame: (callback) => time.setTimeout(callback, 16), clock: time, timers: time, snapshotColumns: true });
    const { answer, load } = readAnswer(first);
    let loads = 0;
    const loaded = pipeline.snapshotPresented({ columns: answer.columns, transfer: answer.transfer, counters: answer.counters }, answer.watermark, () => (loads += 1, load()));
    pipeline.presentedPainted();
    time.advance(PRESENTED_LOAD_TIMEOUT_MS * 3);
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    expect(loads).toBe(0); // the UI has not taken the diff: no load, whatever the page said or the clock
    answerUi();
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    expect(loads).toBe(1);
    await expect(loaded).resolves.toEqual(load());
    expect([...pipeline.model.units.keys()].sort()).toEqual(first.units.map((u) => u.unit.uid).sort());
  });

  it('loads PRESENTED_LOAD_TIMEOUT_MS after the UI took the diff when the page never says it painted (a screen with no list)', async () => {
    const first = { watermark: 3, units: REAL_UNITS.slice(0, 4).map((unit, i) => ({ rev: i + 1, unit })), channels: [], servers: [] };
    const time = new ManualTime();
    const pipeline = new FleetPipeline({ deliver: () => undefined, requestFrame: (callback) => time.setTimeout(callback, 16), clock: time, timers: time, snapshotColumns: true });
    const { answer, load } = readAnswer(first);
    let loads = 0;
    const loaded = pipeline.snapshotPresented({ columns: answer.columns, transfer: answer.transfer, counters: answer.counters }, answer.watermark, () => (loads += 1, load()));
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
    time.advance(PRESENTED_LOAD_TIMEOUT_MS - 1);
    expect(loads).toBe(0);
    time.advance(1);
    expect(loads).toBe(1);
    await expect(loaded).resolves.toEqual(load());
    pipeline.presentedPainted(); // late: nothing more
    expect(loads).toBe(1);
  });

  it("hands the answer's own buffer to the UI with the views in place and keeps a copy of the packed part, which loads after the transfer; a view into a larger buffer is copied and that buffer left alone", () => {
    fc.assert(
      fc.property(snapshotArb, fc.integer({ min: 1, max: 12 }), (snapshot, before) => {
        const decoded = workerDecode(snapshot);
        const { body, type } = columnsSnapshot(snapshot);
        if (!decoded.ok || type !== COLUMNS_SNAPSHOT_TYPE) return;
        const reference = readColumnsAnswer(new Uint8Array(body).slice());
        if (!reference.ok) throw new Error(reference.error);
        const views = reference.value.columns.views as Uint8Array;
        const loadOf = (packed: Uint8Array) => {
          const unpacked = unpackSnapshot(packed);
          if (!unpacked.ok) throw new Error(unpacked.error);
          const fleet = decodeRestSnapshot(unpacked.value);
          if (!fleet.ok) throw new Error(fleet.error);
          return fleet.value.snapshot;
        };
        // (a) bytes that are their buffer's alone (a fetch's arrayBuffer()): taken over, no copy of the views.
        const own = new Uint8Array(body).slice();
        const read = readColumnsAnswer(own);
        if (!read.ok) throw new Error(read.error);
        expect(read.value.transfer).toContain(own.buffer);
        expect((read.value.columns.views as Uint8Array).buffer).toBe(own.buffer);
        expect(read.value.packed.buffer).not.toBe(own.buffer);
        const sent = structuredClone(read.value.columns, { transfer: read.value.transfer });
        expect(own.byteLength).toBe(0); // detached: the UI has it
        expect(new Uint8Array(sent.views as Uint8Array)).toEqual(views);
        expect({ ...sent, views: null }).toEqual({ ...reference.value.columns, views: null });
        expect(loadOf(read.value.packed)).toEqual(decoded.value.snapshot);
        // (b) a view into a larger buffer: the views copied, the caller's buffer not transferred.
        const larger = new Uint8Array(before * 4 + body.byteLength);
        larger.set(body, before * 4);
        const inside = readColumnsAnswer(larger.subarray(before * 4));
        if (!inside.ok) throw new Error(inside.error);
        expect(inside.value.transfer).not.toContain(larger.buffer);
        const copied = structuredClone(inside.value.columns, { transfer: inside.value.transfer });
        expect(larger.byteLength).toBe(before * 4 + body.byteLength);
        expect(new Uint8Array(copied.views as Uint8Array)).toEqual(views);
        expect(loadOf(inside.value.packed)).toEqual(decoded.value.snapshot);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses bad or truncated bytes with an error naming the part, never a throw', () => {
    const snapshot = { watermark: 7, units: REAL_UNITS.slice(0, 6).map((unit, i) => ({ rev: i + 1, unit })), channels: [], servers: [] };
    const good = new Uint8Array(columnsSnapshot(snapshot).body);
    expect(readColumnsAnswer(good).ok).toBe(true);
    expect(readColumnsAnswer(new Uint8Array())).toEqual({ ok: false, error: 'snapshot: the columns answer is 0 bytes, shorter than its 12-byte start' });
    expect(readColumnsAnswer(new TextEncoder().encode('{"watermark":7,"units":[]}'))).toEqual({ ok: false, error: 'snapshot: the columns answer does not start with "LUCC"' });
    const later = good.slice();
    later[4] = 2;
    expect(readColumnsAnswer(later)).toEqual({ ok: false, error: 'snapshot: the columns answer has version 2, expected 1' });
    expect(readColumnsAnswer(good.subarray(0, good.byteLength - 5))).toEqual({ ok: false, error: expect.stringMatching(/^snapshot: the columns answer packed snapshot of \d+ bytes runs past the end \(truncated at \d+ bytes\)$/) });
    const longer = new Uint8Array(good.byteLength + 4);
    longer.set(good);
    expect(readColumnsAnswer(longer)).toEqual({ ok: false, error: 'snapshot: the columns answer has 4 bytes after its last part' });
    // Every cut of the answer, and any bytes changed in it: an error with a reason, or an answer whose parts all hold together.
    for (let cut = 0; cut < good.byteLength; cut += 1) expect(readColumnsAnswer(good.subarray(0, cut)).ok).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: good.byteLength - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }), (changes) => {
        const bytes = good.slice();
        for (const [at, value] of changes) bytes[at] = value;
        const read = readColumnsAnswer(bytes);
        if (!read.ok) expect(read.error).toMatch(/^snapshot: the columns answer .+/);
        else {
          const { columns } = read.value;
          const units = columns.offsets.length - 1;
          expect([columns.ids.offsets.length, columns.names.offsets.length, columns.nameOrder.length + 1, columns.idOrder.length + 1]).toEqual([units + 1, units + 1, units + 1, units + 1]);
          expect(columns.offsets[units]).toBe((columns.views as Uint8Array).byteLength);
          expect(columns.ids.offsets[units]).toBe(columns.ids.text.length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a U+FEFF that starts the first id or name: it is the unit\'s, not a byte order mark to strip', () => {
    const units = REAL_UNITS.slice(0, 3).map((unit, i) => ({ rev: i + 1, unit: i === 0 ? { ...unit, uid: `\uFEFF${String(unit['uid'])}`, name: `\uFEFF${String(unit['name'])}` } : unit }));
    const { answer } = readAnswer({ watermark: 9, units, channels: [], servers: [] });
    const { ids, names } = answer.columns as unknown as { ids: { text: string; offsets: Uint32Array }; names: { text: string; offsets: Uint32Array } };
    const sliced = (column: { text: string; offsets: Uint32Array }) => Array.from({ length: units.length }, (_, i) => column.text.slice(column.offsets[i], column.offsets[i + 1]));
    expect(sliced(ids)).toEqual(units.map((entry) => entry.unit['uid']));
    expect(sliced(names)).toEqual(units.map((entry) => entry.unit['name']));
  });

  it('is asked for by Accept only; the client falls back to the packed answer when the columns do not read, and names a bad packed part on load', async () => {
    expect(wantsColumnsSnapshot(undefined)).toBe(false);
    expect(wantsColumnsSnapshot(PACKED_SNAPSHOT_TYPE)).toBe(false);
    expect(wantsColumnsSnapshot(`${COLUMNS_SNAPSHOT_TYPE}, ${PACKED_SNAPSHOT_TYPE};q=0.9`)).toBe(true);
    const snapshot = { watermark: 42, units: REAL_UNITS.slice(0, 12).map((unit, i) => ({ rev: i + 1, unit })), channels: [{ id: 'CH-1', rev: 3, name: 'One' }], servers: [] };
    const serving = (bytesFor: (accept: string) => { type: string; body: Uint8Array }): FetchLike & { accepts: string[] } => {
      const accepts: string[] = [];
      const answer: FetchLike = async (_url, init) => {
        const accept = init.headers['accept'] ?? '';
        accepts.push(accept);
        const { type, body } = bytesFor(accept);
        return { status: 200, ok: true, headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) }, text: async () => new TextDecoder().decode(body), arrayBuffer: async () => body.slice().buffer };
      };
      return Object.assign(answer, { accepts });
    };
    const packed = { type: PACKED_SNAPSHOT_TYPE, body: new Uint8Array(packSnapshot(snapshot)) };
    const columns = new Uint8Array(columnsSnapshot(snapshot).body);
    const reference = workerDecode(snapshot);
    if (!reference.ok) throw new Error(reference.error);

    const good = serving((accept) => (wantsColumnsSnapshot(accept) ? { type: COLUMNS_SNAPSHOT_TYPE, body: columns } : packed));
    const answer = await createRestClient({ baseUrl: 'http://x/rest', fetch: good }).fetchSnapshot('G-1');
    expect(good.accepts).toHaveLength(1);
    expect('columns' in answer && answer.load()).toEqual(reference.value.snapshot);

    const problems: string[] = [];
    const broken = serving((accept) => (wantsColumnsSnapshot(accept) ? { type: COLUMNS_SNAPSHOT_TYPE, body: columns.subarray(0, 100) } : packed));
    const fallback = await createRestClient({ baseUrl: 'http://x/rest', fetch: broken, onProblem: (p) => problems.push(p) }).fetchSnapshot('G-1');
    expect(broken.accepts).toEqual([expect.stringContaining(COLUMNS_SNAPSHOT_TYPE), expect.not.stringContaining(COLUMNS_SNAPSHOT_TYPE)]);
    expect(problems).toEqual([expect.stringMatching(/^GET devices\/fetch\?crnt_vcg_uid=G-1: snapshot: the columns answer .+; asked again for the packed answer$/)]);
    expect('snapshot' in fallback && fallback.snapshot).toEqual(reference.value.snapshot);

    // A columns answer whose packed part is empty reads (the columns are whole) and fails on load, naming it.
    const badPacked = readColumnsAnswer(columns);
    if (!badPacked.ok) throw new Error(badPacked.error);
    const { encodeColumnsAnswer } = await import('../../workers/pipeline/columnsAnswer.ts');
    const withBadPacked = encodeColumnsAnswer(badPacked.value, badPacked.value.columns, new Uint8Array());
    const third = serving(() => ({ type: COLUMNS_SNAPSHOT_TYPE, body: withBadPacked }));
    const lazy = await createRestClient({ baseUrl: 'http://x/rest', fetch: third }).fetchSnapshot('G-1');
    expect(() => ('columns' in lazy ? lazy.load() : null)).toThrow('GET devices/fetch?crnt_vcg_uid=G-1: snapshot: the packed answer is empty');
  });
});
