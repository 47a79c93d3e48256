/**
 * The snapshot as columns (workers/pipeline/snapshotColumns.ts, issue 15 item 3) against the path
 * before it (the snapshot split in parts of whole views): over random fleets (names with accents,
 * case, spaces, equal names; every status; links, batteries, positions or none) and random live
 * diffs after the snapshot, both stores hold the same views, the same ids in the same order, and
 * the unit list shows the same full order; whether the store parsed its views early (on read),
 * in its background slices, or not at all yet. The pipeline gives the same views both ways too.
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { UNIT_STATUSES } from '../../src/domain/units/status.ts';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import { FleetStore, followUnits } from '../../src/fleet/store.ts';
import { orderedUnitIds } from '../../src/features/units/rows.ts';
import { UnitOrder } from '../../src/features/units/unitOrder.ts';
import type { UnitSort } from '../../src/features/units/listPrefs.ts';
import { unitView } from '../../src/features/units/testViews.ts';
import { nameOrder } from '../../src/features/units/nameOrder.ts';
import type { FleetDiff, UnitPatch, UnitView } from '../../workers/pipeline/diff.ts';
import { ASPECT, decodeDiffUnits, encodeUnits, mergeDiffInto } from '../../workers/pipeline/diff.ts';
import { decodeColumnView, encodeSnapshotColumns, utf8Length } from '../../workers/pipeline/snapshotColumns.ts';
import { findIdIndex, sortedIdIndex } from '../../workers/pipeline/idIndex.ts';
import { encodeTextColumn, textAt, textCount, textValues } from '../../workers/pipeline/textColumn.ts';
import { FleetPipeline } from '../../workers/pipeline/fleetPipeline.ts';
import { ManualTime } from '../../workers/sources/manualTime.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import type { UnitData } from '../../src/protocol/payloads.ts';

/** The list's name order written plainly (the collator, ties by id): the reference, independent of nameOrder.ts. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function byNameReference(views: readonly UnitView[]): string[] {
  return [...views].sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((view) => view.id);
}

function diff(extra: Partial<FleetDiff>): FleetDiff {
  return { frame: 1, reset: false, units: [], unitsBuffer: null, removed: [], channels: [], removedChannels: [], counters: null, connection: null, notifications: [], listsVersion: null, badFrames: null, events: 0, ...extra };
}

/** Names that try the order: accents, case, digits with leading zeros, spaces, "_" and "-", equal names. */
const NAMES = ['Paris-RR8-00001', 'paris-rr8-1', 'Paris-RR8-00010', 'Oslo_Cam-2', 'Oslo-Cam-2', 'Zürich 3', 'zurich 3', 'ÉCRAN', 'ecran', 'a', 'B', 'b', 'Nyon 10', 'Nyon 9', ''];
const name = fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 6 }), fc.stringMatching(/^[A-Za-z0-9_-]{0,8}$/));
const link = fc.record({
  port: fc.constantFrom('eth0', 'wlan0', 'cell1'),
  name: fc.constantFrom('LAN', 'Wi-Fi', 'Orange'),
  type: fc.constantFrom<'wifi' | 'lan' | 'cell' | undefined>('wifi', 'lan', 'cell', undefined),
  connected: fc.boolean(),
  enabled: fc.boolean(),
  uplinkKbps: fc.integer({ min: 0, max: 20_000 }),
  downlinkKbps: fc.integer({ min: 0, max: 20_000 }),
  signal: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
});
const viewOf = (id: string): fc.Arbitrary<UnitView> =>
  fc
    .record({
      rev: fc.integer({ min: 1, max: 1_000 }),
      name,
      status: fc.constantFrom<UnitStatus>(...UNIT_STATUSES),
      applications: fc.subarray(['video', 'datalink', 'intercom']),
      activeAlerts: fc.integer({ min: 0, max: 3 }),
      battery: fc.option(fc.record({ level: fc.integer({ min: 0, max: 100 }), charging: fc.boolean() }), { nil: undefined }),
      lat: fc.option(fc.double({ min: -90, max: 90, noNaN: true }), { nil: undefined }),
      lng: fc.option(fc.double({ min: -180, max: 180, noNaN: true }), { nil: undefined }),
      links: fc.option(fc.array(link, { maxLength: 3 }), { nil: undefined }),
      channelId: fc.option(fc.constantFrom('C1', 'C2'), { nil: null }),
      serial: fc.option(fc.constantFrom('S-10', 'Š 1'), { nil: undefined }),
    })
    .map((extra) => unitView(id, extra as Partial<UnitView>));

const ID_POOL = Array.from({ length: 30 }, (_, i) => `U${(i * 7919) % 997}`);
const fleet = fc.uniqueArray(fc.constantFrom(...ID_POOL), { maxLength: 30 }).chain((ids) => fc.tuple(...ids.map(viewOf)));

type Step = { kind: 'whole'; view: UnitView } | { kind: 'patch'; patch: UnitPatch } | { kind: 'remove'; id: string };

/** One live diff carrying a round's steps: whole views, patches and removals, in that order. */
function liveDiffOf(changes: readonly Step[]): FleetDiff {
  const whole = changes.flatMap((s) => (s.kind === 'whole' ? [s.view] : []));
  const patches = changes.flatMap((s) => (s.kind === 'patch' ? [s.patch] : []));
  const removed = changes.flatMap((s) => (s.kind === 'remove' ? [s.id] : []));
  return diff({ units: whole, patches, removed });
}
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom(...ID_POOL).chain(viewOf).map((view) => ({ kind: 'whole' as const, view })),
  fc
    .record({ id: fc.constantFrom(...ID_POOL), status: fc.constantFrom<UnitStatus>(...UNIT_STATUSES), alerts: fc.integer({ min: 0, max: 3 }) })
    .map(({ id, status, alerts }) => ({ kind: 'patch' as const, patch: { id, rev: 2_000, a: ASPECT.status | ASPECT.alerts, status, applications: ['video'], activeAlerts: alerts } })),
  fc.constantFrom(...ID_POOL).map((id) => ({ kind: 'remove' as const, id })),
);

/** A store whose background parse runs only when the test says. */
function manualStore(): { store: FleetStore; runLater(count: number): void } {
  const queue: (() => void)[] = [];
  const store = new FleetStore((work) => queue.push(work));
  return {
    store,
    runLater(count) {
      for (let i = 0; i < count && queue.length > 0; i += 1) queue.shift()?.();
    },
  };
}

/** The split path: `views` as parts of `partSize` whole views in JSON buffers, reset first, continued on all but the last. */
function applySplit(store: FleetStore, views: readonly UnitView[], partSize: number): void {
  if (views.length === 0) {
    store.apply(diff({ reset: true }));
    return;
  }
  for (let at = 0; at < views.length; at += partSize) {
    const part = views.slice(at, at + partSize);
    const last = at + partSize >= views.length;
    store.apply(diff({ reset: at === 0, unitsBuffer: encodeUnits(part), ...(last ? {} : { continued: true }) }));
  }
}

function contents(store: FleetStore): [string, UnitView | undefined][] {
  return store.unitIds().map((id) => [id, store.unit(id)]);
}

/** A UnitOrder following the store as useUnitRows does. */
function follow(store: FleetStore, sort: UnitSort | null) {
  const order = new UnitOrder(store);
  order.configure(sort, null, null);
  followUnits(store, undefined, { membership: () => order.noteMembership(), changed: (ids) => order.noteChanged(ids) });
  return order;
}

const sorts = fc.constantFrom<UnitSort | null>({ column: 'name', direction: 'asc' }, { column: 'name', direction: 'desc' }, { column: 'status', direction: 'asc' }, null);

describe('the snapshot as columns gives the store and the list what the split snapshot gave', () => {
  it('same views, ids and full order, before and after live diffs, parsed early, late or not yet', () => {
    fc.assert(
      fc.property(
        fleet,
        fc.integer({ min: 1, max: 8 }),
        sorts,
        fc.array(fc.array(step, { maxLength: 4 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.subarray(ID_POOL),
        (views, partSize, sort, steps, backgroundSlices, readEarly) => {
          const old = new FleetStore(() => undefined);
          const oldOrder = follow(old, sort);
          applySplit(old, views, partSize);
          const { store, runLater } = manualStore();
          const newOrder = follow(store, sort);
          const { columns } = encodeSnapshotColumns(views);
          store.apply(diff({ reset: true, snapshot: columns }));
          // The list's first rows: the full order at once.
          expect(newOrder.rows({ quick: 2 }).ids).toEqual(oldOrder.rows().ids);
          expect(newOrder.rows({ quick: 2 }).partial).toBeUndefined();
          if (sort?.column === 'name' && sort.direction === 'asc') expect(newOrder.rows().ids).toEqual(byNameReference(views));
          for (const id of readEarly) expect(store.unit(id)).toEqual(old.unit(id));
          runLater(backgroundSlices);
          expect(store.unitIds()).toEqual(old.unitIds());
          for (const changes of steps) {
            const live = liveDiffOf(changes);
            old.apply(live);
            store.apply(live);
            expect(newOrder.rows().ids).toEqual(oldOrder.rows().ids);
            expect(store.size).toBe(old.size);
          }
          expect(contents(store)).toEqual(contents(old));
          // The list order is the plain rule (rows.ts) over the final views.
          expect(newOrder.rows().ids).toEqual(orderedUnitIds(contents(old).map(([, view]) => view as UnitView), () => true, sort));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a first snapshot put in the Map in slices (live diffs, reads and slices interleaved) equals the Map written at once', () => {
    // Ids sorted by `<` differ from their snapshot order and from the name order; some pool ids are not in the snapshot.
    const pool = Array.from({ length: 260 }, (_, i) => `B${(i * 7919) % 1009}`);
    const bigFleet = fc.uniqueArray(fc.constantFrom(...pool.slice(0, 240)), { minLength: 65, maxLength: 240 }).chain((ids) => fc.tuple(...ids.map(viewOf)));
    const bigStep: fc.Arbitrary<Step> = fc.oneof(
      fc.constantFrom(...pool).chain(viewOf).map((view) => ({ kind: 'whole' as const, view })),
      fc
        .record({ id: fc.constantFrom(...pool), status: fc.constantFrom<UnitStatus>(...UNIT_STATUSES), alerts: fc.integer({ min: 0, max: 3 }) })
        .map(({ id, status, alerts }) => ({ kind: 'patch' as const, patch: { id, rev: 2_000, a: ASPECT.status | ASPECT.alerts, status, applications: ['video'], activeAlerts: alerts } })),
      fc.constantFrom(...pool).map((id) => ({ kind: 'remove' as const, id })),
    );
    // A clock that moves 10 ms per read: every slice stops after 64 units (PARSE_SLICE_MS is 8).
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    try {
      fc.assert(
        fc.property(
          bigFleet,
          sorts,
          fc.array(fc.tuple(fc.array(bigStep, { maxLength: 8 }), fc.integer({ min: 0, max: 2 }), fc.subarray(pool, { maxLength: 12 })), { maxLength: 6 }),
          (views, sort, rounds) => {
            const old = new FleetStore(() => undefined);
            const oldOrder = follow(old, sort);
            applySplit(old, views, 50);
            const { store, runLater } = manualStore();
            const newOrder = follow(store, sort);
            store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns(views).columns }));
            // Pending from the snapshot until the last slice has put every view in the Map (65+ units: more than one slice).
            expect(store.snapshotPending.value).toBe(true);
            expect(store.size).toBe(old.size);
            expect(newOrder.rows().ids).toEqual(oldOrder.rows().ids);
            let slicesRun = 0;
            for (const [changes, slices, reads] of rounds) {
              for (const id of reads) {
                expect(store.unitName(id)).toEqual(old.unitName(id));
                expect(store.unit(id)).toEqual(old.unit(id));
              }
              const live = liveDiffOf(changes);
              old.apply(live);
              store.apply(live);
              runLater(slices);
              slicesRun += slices;
              // Each slice walks 64 units (the clock above): the fill is still pending until the last one.
              if (slicesRun * 64 < views.length) expect(store.snapshotPending.value).toBe(true);
              expect(store.size).toBe(old.size);
              expect(store.unitIds()).toEqual(old.unitIds());
              expect(newOrder.rows().ids).toEqual(oldOrder.rows().ids);
            }
            expect(contents(store)).toEqual(contents(old));
            runLater(1_000);
            expect(store.snapshotPending.value).toBe(false);
            expect(contents(store)).toEqual(contents(old));
            // A second snapshot over a Map still being filled: the fill ends first, then the usual columns path.
            const secondIds = new Set(views.slice(1).map((view) => view.id));
            const gone = old.unitIds().filter((id) => !secondIds.has(id));
            old.apply(diff({ reset: true, unitsBuffer: encodeUnits(views.slice(1)), removed: gone }));
            store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns(views.slice(1)).columns, removed: gone }));
            expect(store.snapshotPending.value).toBe(true);
            expect(contents(store)).toEqual(contents(old));
            runLater(1_000);
            expect(store.snapshotPending.value).toBe(false);
            expect(contents(store)).toEqual(contents(old));
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      now.mockRestore();
    }
  });

  it('the id index: every id found at its own index, an id not in the snapshot not found, an id twice named in the error', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 6 }), { maxLength: 80 }), fc.string({ maxLength: 6 }), (ids, other) => {
        const order = sortedIdIndex(ids);
        const column = encodeTextColumn(ids);
        ids.forEach((id, index) => expect(findIdIndex(column, order, id)).toBe(index));
        expect(findIdIndex(column, order, other)).toBe(ids.indexOf(other));
        if (ids.length > 0) expect(() => sortedIdIndex([...ids, ids[0] as string])).toThrow(`unit id ${JSON.stringify(ids[0])} appears twice`);
      }),
      { numRuns: 300 },
    );
  });

  it('the worker order is the list order: nameOrder over random names equals the plain rule', () => {
    fc.assert(
      fc.property(fleet, (views) => {
        const order = nameOrder(views.map((v) => v.id), views.map((v) => v.name));
        const ids = [...order].map((index) => (views[index] as UnitView).id);
        expect(ids).toEqual(byNameReference(views));
      }),
      { numRuns: 300 },
    );
  });

  it('a second snapshot over a half-parsed first one keeps each unit its own view', () => {
    fc.assert(
      fc.property(fleet, fleet, fc.integer({ min: 0, max: 2 }), (first, second, slices) => {
        const { store, runLater } = manualStore();
        store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns(first).columns }));
        runLater(slices);
        const secondIds = new Set(second.map((v) => v.id));
        const gone = first.filter((v) => !secondIds.has(v.id)).map((v) => v.id);
        store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns(second).columns, removed: gone }));
        const old = new FleetStore(() => undefined);
        applySplit(old, first, 4);
        old.apply(diff({ reset: true, unitsBuffer: encodeUnits(second), removed: gone }));
        expect(contents(store)).toEqual(contents(old));
        expect(store.idsByName()).toEqual(byNameReference(second));
      }),
      { numRuns: 200 },
    );
  });

  it('the views as UTF-8 bytes (any text: accents, emoji, lone surrogates) decode as the views as one string (bench baseline) do', () => {
    const anyText = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', 'Ž', '中', '😀', '\ud800', '\udc00', '"', '\\'), fc.constant('x')), maxLength: 8 });
    fc.assert(
      fc.property(fleet, fc.array(anyText, { maxLength: 30 }), (views, texts) => {
        const named = views.map((view, i) => ({ ...view, name: texts[i] ?? view.name, serial: texts[(i + 1) % Math.max(1, texts.length)] }));
        const bytes = encodeSnapshotColumns(named).columns;
        const text = encodeSnapshotColumns(named, true).columns;
        expect(bytes.views).toBeInstanceOf(Uint8Array);
        expect(typeof text.views).toBe('string');
        const read = (columns: typeof bytes) => Array.from({ length: textCount(columns.ids) }, (_, index) => decodeColumnView(columns, index));
        expect(read(bytes)).toEqual(read(text));
        expect(read(bytes)).toEqual(named.map((view) => JSON.parse(JSON.stringify(view))));
        expect(bytes.offsets[named.length]).toBe(bytes.views?.length);
      }),
      { numRuns: 150 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
      { numRuns: 500 },
    );
  });

  it('ids and names as one text each (any text: accents, CJK, emoji, lone surrogates, quotes) read back as they were, across a structured clone', () => {
    const anyText = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', 'Ž', '中', '😀', '\ud800', '\udc00', '"', "'", '\\'), fc.constant('x'), fc.string({ unit: 'binary', minLength: 1, maxLength: 2 })), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 60 }), (values) => {
        const column = structuredClone(encodeTextColumn(values));
        expect(textCount(column)).toBe(values.length);
        expect(textValues(column)).toEqual(values);
        values.forEach((value, index) => expect(textAt(column, index)).toBe(value));
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fleet, fc.array(anyText, { maxLength: 40 }), (views, texts) => {
        // Any name, and ids made of any text too (kept unique by their index).
        const named = views.map((view, i) => ({ ...view, id: `${texts[(i + 3) % Math.max(1, texts.length)] ?? ''}#${i}`, name: texts[i] ?? view.name }));
        const { columns, transfer } = encodeSnapshotColumns(named);
        const received = structuredClone(columns, { transfer });
        expect(textValues(received.ids)).toEqual(named.map((view) => view.id));
        expect(textValues(received.names)).toEqual(named.map((view) => view.name));
        // The store reads them: unit(id), unitName(id), the id order and the list's name order.
        const { store } = manualStore();
        store.apply(diff({ reset: true, snapshot: received }));
        for (const view of named) {
          expect(store.unitName(view.id)).toBe(view.name);
          expect(store.unit(view.id)).toEqual(JSON.parse(JSON.stringify(view)));
        }
        expect(store.unit('absent')).toBeUndefined();
        expect(store.unitIds()).toEqual(named.map((view) => view.id));
        expect(store.idsByName()).toEqual(byNameReference(named));
      }),
      { numRuns: 150 },
    );
  });

  it('a text column names a bad index', () => {
    expect(() => textAt(encodeTextColumn(['a', 'b']), 2)).toThrow('text column: no value at index 2 (2 values)');
  });

  it('a view slice is the JSON of its view; a bad index is a clear error', () => {
    const views = [unitView('U1', { name: 'Zürich' }), unitView('U2')];
    const { columns } = encodeSnapshotColumns(views);
    expect(decodeColumnView(columns, 0)).toEqual(JSON.parse(JSON.stringify(views[0])));
    expect(() => decodeColumnView(columns, 2)).toThrow('snapshot columns: no unit at index 2 (2 units)');
  });
});

describe('the pipeline sends the same snapshot both ways', () => {
  const unitData = (id: string, unitName: string): UnitData => ({ uid: id, name: unitName, type: '800', status: { state: 'online' } });

  it('one columns diff holds the views of every split part, and live events apply on top the same', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...ID_POOL), { minLength: 1, maxLength: 30 }).chain((ids) => fc.tuple(fc.constant(ids), fc.tuple(...ids.map(() => name)))),
        fc.array(fc.tuple(fc.constantFrom(...ID_POOL), fc.constantFrom<'online' | 'offline'>('online', 'offline')), { maxLength: 10 }),
        async ([ids, names], events) => {
          const runs = await Promise.all(
            [false, true].map(async (snapshotColumns) => {
              const time = new ManualTime();
              const posted: FleetDiff[] = [];
              const pipeline = new FleetPipeline({
                deliver: (d) => void posted.push(d),
                requestFrame: (callback) => time.setTimeout(callback, 16),
                clock: time,
                timers: time,
                snapshotColumns,
                maxUnitsPerDiff: 4,
              });
              pipeline.snapshot({ units: ids.map((id, i) => ({ rev: 1, unit: unitData(id, names[i] as string) })), channels: [], servers: [] }, 0);
              for (let i = 0; i < 20; i += 1) {
                time.advance(16);
                await Promise.resolve();
              }
              let seq = 1;
              for (const [id, state] of events) if (ids.includes(id)) pipeline.event(makeEvent('unit.status', id, 2 + seq, ++seq, { state }));
              for (let i = 0; i < 20; i += 1) {
                time.advance(16);
                await Promise.resolve();
              }
              const merged = new Map<string, UnitView>();
              for (const d of posted) mergeDiffInto(merged, d);
              return { posted, merged };
            }),
          );
          const [split, columns] = runs as [{ posted: FleetDiff[]; merged: Map<string, UnitView> }, { posted: FleetDiff[]; merged: Map<string, UnitView> }];
          expect([...columns.merged.entries()]).toEqual([...split.merged.entries()]);
          const first = columns.posted[0] as FleetDiff;
          expect(first.reset).toBe(true);
          expect(first.continued).toBeUndefined();
          expect(first.snapshot === undefined ? null : textValues(first.snapshot.ids)).toEqual(ids);
          expect(split.posted[0]?.snapshot).toBeUndefined();
          expect(decodeDiffUnits(first).map((v) => v.id)).toEqual(ids);
        },
      ),
      { numRuns: 100 },
    );
  });
});
