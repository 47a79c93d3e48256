import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FleetDiff, LinkView, UnitPatch, UnitView } from '../../workers/pipeline/diff.ts';
import { ASPECT, EMPTY_DIFF, encodePatches, encodeUnits } from '../../workers/pipeline/diff.ts';
import { UNIT_STATUSES } from '../domain/units/status.ts';
import { afterNextFrame, pacedApply, sliceDiff } from './pacedApply.ts';
import { FleetStore } from './store.ts';

function view(id: string, rev: number, name = id): UnitView {
  return { id, rev, name, type: '800', status: 'idle', state: 'online', videoState: undefined, applications: [], activeAlerts: 0, battery: undefined, lat: undefined, lng: undefined, transition: null, capabilities: undefined };
}

function diff(extra: Partial<FleetDiff>): FleetDiff {
  return { ...EMPTY_DIFF, frame: 1, ...extra };
}

const IDS = Array.from({ length: 40 }, (_, i) => `U${i}`);

/** A live diff over IDS: whole views, patches (for units the store holds), removals, disjoint as the worker sends them. */
const liveDiff = fc
  .record({
    picks: fc.array(fc.record({ id: fc.nat(IDS.length - 1), how: fc.constantFrom('view', 'patch', 'remove'), rev: fc.integer({ min: 2, max: 99 }), alerts: fc.nat(5), name: fc.constantFrom('a', 'b', 'c') }), { maxLength: 60 }),
    buffered: fc.boolean(),
    counters: fc.boolean(),
    // A part of a live change the worker split (MAX_UNITS_PER_DIFF): paced like any live diff.
    continued: fc.boolean(),
  })
  .map(({ picks, buffered, counters, continued }) => {
    const seen = new Set<string>();
    const units: UnitView[] = [];
    const patches: UnitPatch[] = [];
    const removed: string[] = [];
    for (const pick of picks) {
      const id = IDS[pick.id] as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (pick.how === 'view') units.push(view(id, pick.rev, `${pick.name}${id}`));
      else if (pick.how === 'patch') patches.push({ id, rev: pick.rev, a: ASPECT.alerts, activeAlerts: pick.alerts });
      else removed.push(id);
    }
    return diff({
      units: buffered ? [] : units,
      unitsBuffer: buffered ? encodeUnits(units) : null,
      patches: buffered ? [] : patches,
      patchesBuffer: buffered ? encodePatches(patches) : null,
      removed,
      counters: counters ? { busy: 1, idle: 2, offline: 3, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, activeAlerts: units.length } : null,
      connection: { phase: 'live' },
      listsVersion: units.length,
      ...(continued ? { continued: true } : {}),
    });
  });

function seeded(): FleetStore {
  const store = new FleetStore(() => undefined);
  store.apply(diff({ reset: true, units: IDS.map((id) => view(id, 1)) }));
  return store;
}

function stateOf(store: FleetStore) {
  return {
    units: store.unitIds().sort().map((id) => store.unit(id)),
    counters: store.counters.value,
    connection: store.connection.value,
    listsVersion: store.listsVersion.value,
    membership: store.membership.value > 1,
  };
}

describe('pacedApply: live diffs in slices within a frame budget', () => {
  it('ends in the same store as applying each diff at once, whatever the clock and slice size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(liveDiff, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 20 }), async (diffs, sliceUnits, steps) => {
        const whole = seeded();
        for (const d of diffs) whole.apply(d);

        const paced = seeded();
        let clock = 0;
        let step = 0;
        const frames: (() => void)[] = [];
        const apply = pacedApply((d) => paced.apply(d), {
          now: () => (clock += steps[step++ % steps.length] as number),
          nextFrame: (work) => frames.push(work),
          budgetMs: 3,
          sliceUnits,
        });
        for (const d of diffs) {
          const answer = apply(d);
          // The worker posts its next diff only once the answer came (back-pressure): run frames until then.
          let done = answer === undefined;
          void answer?.then(() => (done = true));
          while (!done) {
            const frame = frames.shift();
            expect(frame).toBeDefined();
            frame?.();
            await Promise.resolve();
          }
        }
        expect(stateOf(paced)).toEqual(stateOf(whole));
      }),
      { numRuns: 300 },
    );
  });

  it('paces the parts of a split live change, and applies the parts of a split snapshot at once', async () => {
    const store = seeded();
    const frames: (() => void)[] = [];
    let clock = 0;
    const apply = pacedApply((d) => store.apply(d), { now: () => (clock += 2), nextFrame: (work) => frames.push(work), budgetMs: 3, sliceUnits: 4 });
    const patches = (rev: number) => IDS.slice(0, 20).map((id) => ({ id, rev, a: ASPECT.alerts, activeAlerts: rev }));
    // A live change split by the worker: its parts are `continued` but not a snapshot's.
    const live = apply(diff({ patches: patches(5), continued: true }));
    expect(live).toBeInstanceOf(Promise);
    while (frames.length > 0) frames.shift()?.();
    await live;
    // A split snapshot: the first part reset + continued, the middle ones continued: each at once.
    expect(apply(diff({ reset: true, continued: true, units: IDS.slice(0, 20).map((id) => view(id, 6)) }))).toBeUndefined();
    expect(apply(diff({ continued: true, units: IDS.slice(20).map((id) => view(id, 6)) }))).toBeUndefined();
    expect(apply(diff({ units: [view('U0', 7)] }))).toBeUndefined();
    // After the snapshot's last part, a live split part is paced again.
    const after = apply(diff({ patches: patches(8), continued: true }));
    expect(after).toBeInstanceOf(Promise);
    while (frames.length > 0) frames.shift()?.();
    await after;
    expect(IDS.slice(0, 20).every((id) => store.unit(id)?.activeAlerts === 8)).toBe(true);
  });

  it('applies a small diff or a snapshot at once, and a large live diff over frames, telling the views per slice', async () => {
    const store = seeded();
    const told: number[] = [];
    store.onUnitsChanged((ids) => told.push(ids.length));
    const frames: (() => void)[] = [];
    let clock = 0;
    const apply = pacedApply((d) => store.apply(d), { now: () => (clock += 2), nextFrame: (work) => frames.push(work), budgetMs: 3, sliceUnits: 4 });
    expect(apply(diff({ units: [view('U1', 2)] }))).toBeUndefined();
    expect(apply(diff({ reset: true, units: IDS.map((id) => view(id, 3)) }))).toBeUndefined();
    told.length = 0;
    const answer = apply(diff({ patches: IDS.slice(0, 20).map((id) => ({ id, rev: 4, a: ASPECT.alerts, activeAlerts: 1 })) }));
    expect(answer).toBeInstanceOf(Promise);
    expect(told).toEqual([4, 4]); // two slices fit in the first frame's budget (2 ms each, 3 ms budget)
    while (frames.length > 0) frames.shift()?.();
    await answer;
    expect(told).toEqual([4, 4, 4, 4, 4]);
    expect(IDS.slice(0, 20).every((id) => store.unit(id)?.activeAlerts === 1)).toBe(true);
  });

  it('patches as columns, applied in slices of rows, give the store what the same patches inline gave: views, versions, changed ids (property)', async () => {
    const links: LinkView[] = [
      { port: 'eth0', name: 'LAN', type: 'lan', connected: true, enabled: true, uplinkKbps: 100, downlinkKbps: 50, signal: undefined },
      { port: 'cell1', name: 'LTE', type: 'cell', connected: true, enabled: true, uplinkKbps: 200, downlinkKbps: 10, signal: 60 },
    ];
    // Usage numbers either the links' own (kept links) or others; every aspect mix; some ids the store does not hold.
    const richPatch = fc.record({
      id: fc.constantFrom(...IDS, 'U-unknown'),
      rev: fc.integer({ min: 2, max: 99 }),
      a: fc.integer({ min: 0, max: 15 }),
      status: fc.option(fc.constantFrom(...UNIT_STATUSES), { nil: undefined }),
      state: fc.option(fc.constantFrom('online', 'offline'), { nil: undefined }),
      applications: fc.option(fc.subarray(['video', 'datalink']), { nil: undefined }),
      onAir: fc.option(fc.boolean(), { nil: undefined }),
      linkValues: fc.oneof(fc.constant([100, 50, -1, 1, 1, 200, 10, 60, 1, 1]), fc.constant([100, 50, -1, 1, 1, 300, 10, 60, 1, 0]), fc.array(fc.integer({ min: -1, max: 500 }), { maxLength: 12 })),
      uplinkKbps: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
      activeAlerts: fc.option(fc.nat(5), { nil: undefined }),
    });
    const patchDiff = fc.uniqueArray(richPatch, { selector: (patch) => patch.id, maxLength: 30 }).map((picked) =>
      picked.map((fields): UnitPatch => {
        const patch: Record<string, unknown> = { id: fields.id, rev: fields.rev, a: fields.a };
        if ((fields.a & ASPECT.status) !== 0) Object.assign(patch, { status: fields.status, state: fields.state, applications: fields.applications, onAir: fields.onAir });
        if ((fields.a & ASPECT.usage) !== 0) Object.assign(patch, { uplinkKbps: fields.uplinkKbps, linkValues: fields.linkValues });
        if ((fields.a & ASPECT.alerts) !== 0) patch['activeAlerts'] = fields.activeAlerts;
        return patch as unknown as UnitPatch;
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(patchDiff, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 8 }), async (patchLists, sliceUnits) => {
        const start = (): { store: FleetStore; told: string[] } => {
          const store = new FleetStore(() => undefined);
          store.apply(diff({ reset: true, units: IDS.map((id) => ({ ...view(id, 1), links })) }));
          for (const id of IDS) store.unitVersion(id);
          const told: string[] = [];
          store.onUnitsChanged((ids) => told.push(...ids));
          return { store, told };
        };
        const inline = start();
        const columns = start();
        const frames: (() => void)[] = [];
        let clock = 0;
        const apply = pacedApply((d) => columns.store.apply(d), { now: () => (clock += 1), nextFrame: (work) => frames.push(work), budgetMs: 2, sliceUnits });
        for (const patches of patchLists) {
          // The inline path as the JSON list gave it, at once; the columns path sliced over frames.
          inline.store.apply(diff({ patches: JSON.parse(JSON.stringify(patches)) as UnitPatch[] }));
          const answer = apply(diff({ patches: [], patchesBuffer: encodePatches(patches) }));
          while (frames.length > 0) frames.shift()?.();
          await answer;
        }
        expect(stateOf(columns.store)).toEqual(stateOf(inline.store));
        expect(IDS.map((id) => columns.store.unitVersion(id).value)).toEqual(IDS.map((id) => inline.store.unitVersion(id).value));
        expect(columns.told).toEqual(inline.told);
      }),
      { numRuns: 200 },
    );
  });

  it('applies diffs posted before the earlier ones are answered in their order, answering in that order too', async () => {
    const store = seeded();
    const frames: (() => void)[] = [];
    let clock = 0;
    const apply = pacedApply((d) => store.apply(d), { now: () => (clock += 2), nextFrame: (work) => frames.push(work), budgetMs: 3, sliceUnits: 4 });
    const answered: number[] = [];
    // The worker posts parts of a split change without waiting (SPLIT_PARTS_IN_FLIGHT): a large
    // one whose slices wait for frames, then small ones that touch its last unit.
    const first = apply(diff({ patches: IDS.slice(0, 20).map((id) => ({ id, rev: 5, a: ASPECT.alerts, activeAlerts: 5 })), continued: true }));
    const second = apply(diff({ patches: [{ id: 'U19', rev: 6, a: ASPECT.alerts, activeAlerts: 6 }], continued: true }));
    const third = apply(diff({ patches: [{ id: 'U19', rev: 7, a: ASPECT.alerts, activeAlerts: 7 }] }));
    [first, second, third].forEach((answer, index) => void Promise.resolve(answer).then(() => answered.push(index)));
    expect(store.unit('U19')?.activeAlerts).toBe(0); // still waiting behind the first's slices
    while (frames.length > 0) {
      frames.shift()?.();
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    }
    await Promise.all([first, second, third]);
    expect(store.unit('U19')?.activeAlerts).toBe(7);
    expect(store.unit('U19')?.rev).toBe(7);
    expect(answered).toEqual([0, 1, 2]);
    // Once all are in, a small diff goes through at once again.
    expect(apply(diff({ patches: [{ id: 'U1', rev: 8, a: ASPECT.alerts, activeAlerts: 8 }] }))).toBeUndefined();
    expect(store.unit('U1')?.activeAlerts).toBe(8);
  });

  it('ends in the same store as applying each diff at once when diffs come before the earlier answers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(liveDiff, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 8 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), async (diffs, sliceUnits, waits) => {
        const whole = seeded();
        for (const d of diffs) whole.apply(d);
        const paced = seeded();
        let clock = 0;
        const frames: (() => void)[] = [];
        const apply = pacedApply((d) => paced.apply(d), { now: () => (clock += 2), nextFrame: (work) => frames.push(work), budgetMs: 3, sliceUnits });
        const runFrames = async () => {
          while (frames.length > 0) {
            frames.shift()?.();
            for (let i = 0; i < 10; i += 1) await Promise.resolve();
          }
        };
        const answers: (void | Promise<void>)[] = [];
        for (const [index, d] of diffs.entries()) {
          answers.push(apply(d));
          if (waits[index % waits.length] === true) await runFrames(); // at times the answer came before the next diff
        }
        for (let i = 0; i < 100 && frames.length > 0; i += 1) await runFrames();
        await Promise.all(answers);
        expect(stateOf(paced)).toEqual(stateOf(whole));
      }),
      { numRuns: 300 },
    );
  });

  it('puts everything but units into the first slice only', () => {
    const slices = sliceDiff(diff({ units: [view('U1', 2), view('U2', 2)], patches: [{ id: 'U3', rev: 2, a: ASPECT.alerts, activeAlerts: 1 }], removed: ['U4'], connection: { phase: 'behind' } }), 2);
    expect(slices.map((s) => [s.units.map((u) => u.id), (s.patches ?? []).map((p) => p.id), s.removed, s.connection])).toEqual([
      [['U1', 'U2'], [], ['U4'], { phase: 'behind' }],
      [[], ['U3'], [], null],
    ]);
  });
});

describe('afterNextFrame', () => {
  it('runs the work in a task after the frame callback, not inside it, in the order asked', async () => {
    const channel = new MessageChannel();
    const callbacks: (() => void)[] = [];
    const order: string[] = [];
    const next = afterNextFrame((callback) => callbacks.push(callback), channel);
    next(() => order.push('first'));
    next(() => order.push('second'));
    expect(callbacks).toHaveLength(2);
    expect(order).toEqual([]); // nothing before the frame
    for (const callback of callbacks) callback();
    order.push('frame callbacks done');
    await Promise.resolve();
    expect(order).toEqual(['frame callbacks done']); // not a microtask of the frame either
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['frame callbacks done', 'first', 'second']);
    channel.port1.close();
  });
});
