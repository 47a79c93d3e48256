/**
 * A first snapshot's views in two parts (workers/pipeline/firstViews.ts, issue 15 item 3,
 * docs/performance.md §7l): the first screen's views with the columns, the rest after the paint.
 *
 * - The store fed the two parts ends exactly as a store fed the whole views at once, whatever the
 *   order of the reads, the rest, the store's own slices and a live change (a renamed unit sent
 *   whole, a removed unit) between them; and before the rest, a read is the right view or
 *   undefined (never another value), undefined only for a unit outside the first rows, after which
 *   the worker is asked once and the reader is told when the rest comes (its version, membership
 *   and the changed-ids feed); the list's row shows the unit's name all the while (rowContent.ts).
 * - The split itself: the first part holds exactly the first rows' views in name order; the rest
 *   is the views' bytes; bad rows or a rest of the wrong length are errors naming them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsSnapshot } from '../../src/server/areas/units/packedSnapshot.ts';
import { FleetStore } from '../../src/fleet/store.ts';
import { rowContent } from '../../src/features/units/rowContent.ts';
import type { FleetDiff, UnitView } from '../../workers/pipeline/diff.ts';
import { EMPTY_DIFF } from '../../workers/pipeline/diff.ts';
import { readColumnsAnswer } from '../../workers/pipeline/columnsAnswer.ts';
import { checkRestViews, columnViewIfCome, splitFirstViews } from '../../workers/pipeline/firstViews.ts';
import type { SnapshotColumns } from '../../workers/pipeline/snapshotColumns.ts';
import { decodeColumnView } from '../../workers/pipeline/snapshotColumns.ts';
import { textAt, textCount } from '../../workers/pipeline/textColumn.ts';
import { snapshotArb } from './snapshotArbitraries.ts';

/** The UI's columns of a random snapshot as the server answers them (null: a snapshot the worker's decoder would refuse). */
function columnsOf(snapshot: unknown): SnapshotColumns | null {
  const { body } = columnsSnapshot(snapshot);
  const read = readColumnsAnswer(new Uint8Array(body));
  return read.ok ? read.value.columns : null;
}

/** A store whose deferred work (the first paint's slice and every next one) waits in `queue` until the test runs it. */
function heldStore() {
  const queue: (() => void)[] = [];
  const store = new FleetStore((work) => void queue.push(work));
  let asked = 0;
  store.onViewsWanted(() => (asked += 1));
  const runOne = () => queue.shift()?.();
  const runAll = () => {
    while (queue.length > 0) runOne();
  };
  return { store, runOne, runAll, asked: () => asked };
}

/** Everything a reader of the store sees. */
function answers(store: FleetStore) {
  const ids = store.unitIds();
  return {
    ids,
    views: ids.map((id) => store.unit(id)),
    names: ids.map((id) => store.unitName(id)),
    byName: store.idsByName(),
    size: store.size,
    pending: store.snapshotPending.value,
  };
}

const snapshotDiff = (columns: SnapshotColumns): FleetDiff => ({ ...EMPTY_DIFF, frame: 1, reset: true, snapshot: columns });

type Step = { readonly kind: 'read'; readonly at: number } | { readonly kind: 'slice' } | { readonly kind: 'rename'; readonly at: number } | { readonly kind: 'remove'; readonly at: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.nat({ max: 60 }).map((at) => ({ kind: 'read' as const, at })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'slice' as const }) },
  { weight: 1, arbitrary: fc.nat({ max: 60 }).map((at) => ({ kind: 'rename' as const, at })) },
  { weight: 1, arbitrary: fc.nat({ max: 60 }).map((at) => ({ kind: 'remove' as const, at })) },
);

describe('a first snapshot whose views come in two parts', () => {
  it('leaves the store as the whole views at once do, whatever order the reads, slices, live changes and the rest come in; a read before the rest is right or undefined', () => {
    fc.assert(
      fc.property(snapshotArb, fc.nat({ max: 12 }), fc.array(stepArb, { maxLength: 25 }), fc.nat({ max: 25 }), (snapshot, rows, steps, restAt) => {
        const whole = columnsOf(snapshot);
        if (whole === null) return;
        const count = textCount(whole.ids);
        const split = splitFirstViews({ ...whole }, rows);
        const firstRows = new Set(Array.from(whole.nameOrder.subarray(0, Math.min(rows, count)), (index) => textAt(whole.ids, index)));
        const truth = new Map(Array.from({ length: count }, (_, index) => [textAt(whole.ids, index), decodeColumnView(whole, index)] as const));

        const one = heldStore();
        const two = heldStore();
        // The changed-ids feed of the snapshot's diff: every unit of it, in its order, to every listener alike.
        const snapshotFeeds: (readonly string[])[] = [];
        const stopFeeds = [one, two, two].map(({ store }) => store.onUnitsChanged((ids) => snapshotFeeds.push(ids)));
        one.store.apply(snapshotDiff({ ...whole }));
        two.store.apply(snapshotDiff(split.first));
        for (const stop of stopFeeds) stop();
        const snapshotIds = Array.from({ length: count }, (_, index) => textAt(whole.ids, index));
        expect(snapshotFeeds).toEqual(count === 0 ? [] : [snapshotIds, snapshotIds, snapshotIds]);
        let restCame = false;
        const missed = new Set<string>();
        let membershipAtRest = -1;
        const changedFeed: string[][] = [];
        two.store.onUnitsChanged((ids) => changedFeed.push([...ids]));
        const versionsAt = new Map<string, number>();
        let frame = 1;
        const live = (diff: FleetDiff) => {
          one.store.apply(diff);
          two.store.apply(diff);
        };
        const sendRest = () => {
          if (restCame) return;
          restCame = true;
          for (const id of missed) versionsAt.set(id, two.store.unitVersion(id).peek());
          membershipAtRest = two.store.membership.peek();
          changedFeed.length = 0;
          two.store.apply({ ...EMPTY_DIFF, frame: (frame += 1), snapshotViews: split.rest });
          if (missed.size > 0) {
            expect(two.store.membership.peek()).toBe(membershipAtRest + 1);
            for (const id of missed) expect(two.store.unitVersion(id).peek()).toBe((versionsAt.get(id) as number) + 1);
            expect(new Set(changedFeed.flat())).toEqual(missed);
          } else expect(changedFeed).toEqual([]);
        };
        const renamed = new Map<string, UnitView>();
        const removed = new Set<string>();
        steps.forEach((step, position) => {
          if (position === restAt) sendRest();
          const id = count === 0 ? 'none' : textAt(whole.ids, ('at' in step ? step.at : 0) % count);
          if (step.kind === 'slice') {
            one.runOne();
            two.runOne();
          } else if (step.kind === 'read') {
            const seen = two.store.unit(id);
            const expected = removed.has(id) ? undefined : (renamed.get(id) ?? truth.get(id));
            if (seen === undefined && expected !== undefined) {
              // Only a unit outside the first rows, never renamed since, before the rest; the worker asked once.
              expect(restCame || firstRows.has(id) || renamed.has(id)).toBe(false);
              missed.add(id);
              expect(two.asked()).toBe(1);
            } else expect(seen).toEqual(expected);
            two.store.unitVersion(id); // a reader follows it from now on
            expect(two.store.unitName(id)).toBe(expected?.name);
            // The list's row (rowContent.ts): the name even while the view has not come, the view as read.
            expect(rowContent(two.store, id)).toEqual({ unit: seen ?? two.store.unit(id), name: expected?.name });
            expect(rowContent(two.store, id).name).toBe(rowContent(one.store, id).name);
            expect(one.store.unit(id)).toEqual(expected);
          } else if (step.kind === 'rename' && !removed.has(id) && count > 0) {
            const view = { ...(renamed.get(id) ?? (truth.get(id) as UnitView)), name: `renamed ${position}` };
            renamed.set(id, view);
            live({ ...EMPTY_DIFF, frame: (frame += 1), units: [view] });
          } else if (step.kind === 'remove' && count > 0 && !removed.has(id)) {
            removed.add(id);
            renamed.delete(id);
            live({ ...EMPTY_DIFF, frame: (frame += 1), removed: [id] });
          }
        });
        sendRest();
        one.runAll();
        two.runAll();
        expect(two.asked()).toBe(missed.size > 0 ? 1 : 0);
        expect(answers(two.store)).toEqual(answers(one.store));
        expect(two.store.snapshotPending.value).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('holds exactly the first rows in name order; the rest is the views; bad rows and a rest of the wrong length are errors', () => {
    fc.assert(
      fc.property(snapshotArb, fc.nat({ max: 40 }), (snapshot, rows) => {
        const whole = columnsOf(snapshot);
        if (whole === null) return;
        const count = textCount(whole.ids);
        const { first, rest, firstTransfer } = splitFirstViews(whole, rows);
        expect(first.views).toBeNull();
        expect(rest).toBe(whole.views);
        expect(firstTransfer).not.toContain(rest.buffer);
        const firstRows = new Set(whole.nameOrder.subarray(0, Math.min(rows, count)));
        for (let index = 0; index < count; index += 1) {
          expect(columnViewIfCome(first, index)).toEqual(firstRows.has(index) ? decodeColumnView(whole, index) : undefined);
        }
        expect(() => checkRestViews(first, new Uint8Array(rest.byteLength + 1))).toThrow(/the rest is \d+ bytes, expected \d+/);
        expect(() => checkRestViews(whole, rest)).toThrow(/already has its views/);
        expect(() => splitFirstViews(first, 3)).toThrow(/must be UTF-8 bytes/);
        expect(() => splitFirstViews(whole, -1)).toThrow(/rows must be a non-negative integer/);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses, naming it, a patch or a new snapshot before the rest while units of the snapshot are held; the rest with no snapshot waiting', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const whole = columnsOf(snapshot);
        if (whole === null || textCount(whole.ids) === 0) return;
        const { store } = heldStore();
        const split = splitFirstViews({ ...whole }, 0);
        store.apply(snapshotDiff(split.first));
        const id = textAt(whole.ids, 0);
        expect(() => store.apply({ ...EMPTY_DIFF, frame: 7, patches: [{ id, rev: 99, a: 1, status: 'online' } as never] })).toThrow(/diff 7: patches came before the rest of the last snapshot's views/);
        expect(() => store.apply(snapshotDiff({ ...whole }))).toThrow(/diff 1: a snapshot came before the rest/);
        // Every unit of it removed (a session switch's clearing diff): nothing is left to read, a new snapshot is fine.
        store.apply({ ...EMPTY_DIFF, frame: 8, reset: true, removed: store.unitIds() });
        store.apply(snapshotDiff({ ...whole }));
        expect(store.unit(id)).toEqual(decodeColumnView(whole, 0));
        expect(() => store.apply({ ...EMPTY_DIFF, frame: 9, snapshotViews: split.rest })).toThrow(/diff 9: the rest of a snapshot's views came with no snapshot waiting/);
      }),
      { numRuns: 30 },
    );
  });
});
