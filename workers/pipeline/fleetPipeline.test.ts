import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_UNIT_ALERT_SETTINGS } from '../../src/domain/units/alertSettings.ts';
import { TRANSITION_MAX_POLLS, TRANSITION_POLL_MS } from '../../src/domain/units/interface.ts';
import { DEVICE_LIST_RELOAD_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import type { UnitData, UnitStatusData } from '../../src/protocol/payloads.ts';
import { ManualTime } from '../sources/manualTime.ts';
import type { UnitFetchResult } from '../model/unitRefetch.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetDiff } from './diff.ts';
import type { UnitView } from './diff.ts';
import { ASPECT, changedUnitIds, channelViewsOf, decodeDiffPatches, decodeDiffUnits, INLINE_UNITS_MAX, MAX_KEPT_NOTIFICATIONS, MAX_UNITS_PER_DIFF, mergeDiffInto } from './diff.ts';
import { FleetStore } from '../../src/fleet/store.ts';
import type { PipelineDeps } from './fleetPipeline.ts';
import { FleetPipeline, SPLIT_PARTS_IN_FLIGHT } from './fleetPipeline.ts';
import { CAPABILITIES_MAX_IN_FLIGHT } from './capabilitiesRefresh.ts';

const ONLINE: UnitStatusData = { state: 'online' };
const OFFLINE: UnitStatusData = { state: 'offline' };
const STREAMING: UnitStatusData = { state: 'online', applications: { video: { state: 'streaming' } } };

function unit(id: string, status: UnitStatusData = ONLINE): UnitData {
  return { uid: id, name: id, type: '800', status };
}

/** A pipeline whose frames run only when the test says, and whose UI takes a diff only when told. */
function rig(extra: Partial<PipelineDeps> = {}, options: { autoTake?: boolean } = {}) {
  const time = new ManualTime();
  const posted: { diff: FleetDiff; transfer: ArrayBuffer[] }[] = [];
  const frames: (() => void)[] = [];
  const takers: (() => void)[] = [];
  const pipeline = new FleetPipeline({
    deliver: (diff, transfer) => {
      posted.push({ diff, transfer });
      if (options.autoTake ?? true) return undefined;
      return new Promise<void>((resolve) => takers.push(resolve));
    },
    requestFrame: (callback) => frames.push(callback),
    clock: time,
    timers: time,
    ...extra,
  });
  const runFrames = () => {
    for (const frame of frames.splice(0)) frame();
  };
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { time, posted, frames, takers, pipeline, runFrames, settle };
}

describe('per-frame coalescing (issue 4 item 6)', () => {
  it('posts one diff for a 100-event burst, with the last value of each unit', () => {
    const { pipeline, posted, runFrames } = rig();
    let seq = 0;
    for (const id of ['U1', 'U2']) pipeline.event(makeEvent('unit.added', id, 1, ++seq, unit(id)));
    for (let rev = 2; seq < 100; rev += 1) {
      pipeline.event(makeEvent('unit.status', 'U1', rev, ++seq, rev % 2 === 0 ? STREAMING : ONLINE));
      if (seq < 100) pipeline.event(makeEvent('unit.status', 'U2', rev, ++seq, rev % 2 === 0 ? ONLINE : OFFLINE));
    }
    runFrames();
    const postedDiffs = posted.map((p) => p.diff);
    expect(postedDiffs).toHaveLength(1); // 100-event burst → one diff
    const diff = postedDiffs[0];
    expect(diff?.events).toBe(100);
    expect(diff?.units.map((u) => [u.id, u.status])).toEqual([
      ['U1', 'streaming'],
      ['U2', 'idle'],
    ]);
    expect(diff?.counters).toMatchObject({ busy: 1, idle: 1, offline: 0 });
  });

  it('asks for one animation frame however many events arrive before it', () => {
    const { pipeline, frames } = rig();
    for (let i = 1; i <= 50; i += 1) pipeline.event(makeEvent('unit.added', `U${i}`, 1, i, unit(`U${i}`)));
    expect(frames).toHaveLength(1);
  });

  it('posts nothing when nothing changed', () => {
    const { pipeline, posted, runFrames } = rig();
    expect(pipeline.flush()).toBe(false);
    runFrames();
    expect(posted).toHaveLength(0);
  });
});

describe('back-pressure (no new diff until the UI took the last)', () => {
  it('holds the second diff until the first is taken, coalescing meanwhile', async () => {
    const { pipeline, posted, takers, runFrames, settle } = rig({}, { autoTake: false });
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    runFrames();
    expect(posted).toHaveLength(1);
    for (let rev = 2; rev <= 30; rev += 1) pipeline.event(makeEvent('unit.status', 'U1', rev, rev, rev % 2 === 0 ? STREAMING : OFFLINE));
    pipeline.event(makeEvent('unit.added', 'U2', 1, 31, unit('U2')));
    runFrames();
    expect(pipeline.flush()).toBe(false);
    expect(posted).toHaveLength(1); // no second post until the first is taken
    takers.shift()?.();
    await settle();
    runFrames();
    expect(posted).toHaveLength(2);
    const second = posted[1]?.diff;
    expect(second?.events).toBe(30);
    // U1 had only status events since it was sent whole: a patch with the last one; U2 is new: whole.
    expect(second?.patches?.map((p) => [p.id, p.rev, p.status])).toEqual([['U1', 30, 'streaming']]);
    expect(second?.units.map((u) => [u.id, u.rev, u.status])).toEqual([['U2', 1, 'idle']]);
  });

  it('never has two diffs in flight, whatever the interleaving of events, frames and takes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('event', 'frame', 'take'), { maxLength: 80 }), async (steps) => {
        const { pipeline, posted, takers, runFrames, settle } = rig({}, { autoTake: false });
        let seq = 0;
        let taken = 0;
        for (const step of steps) {
          if (step === 'event') {
            seq += 1;
            pipeline.event(makeEvent('unit.added', `U${seq}`, 1, seq, unit(`U${seq}`)));
          } else if (step === 'frame') runFrames();
          else {
            const take = takers.shift();
            if (take !== undefined) {
              take();
              taken += 1;
              await settle();
            }
          }
          expect(posted.length - taken).toBeLessThanOrEqual(1);
        }
        // Every unit added reached the UI or waits in the model's changed set.
        const seen = new Set(posted.flatMap((p) => changedUnitIds(p.diff)));
        expect(seen.size + pipeline.model.pending.units.size).toBe(seq);
      }),
      { numRuns: 300 },
    );
  });
});

describe('large diffs as transferables', () => {
  it.each([
    [INLINE_UNITS_MAX, 'inline'],
    [INLINE_UNITS_MAX + 1, 'buffer'],
    [MAX_UNITS_PER_DIFF, 'buffer'],
  ])('sends %i changed units %s', (count, how) => {
    const { pipeline, posted, runFrames } = rig();
    pipeline.snapshot({ units: Array.from({ length: count }, (_, i) => ({ rev: 1, unit: unit(`U${i}`) })), channels: [], servers: [] }, 10);
    runFrames();
    const { diff, transfer } = posted[0] ?? { diff: undefined, transfer: [] };
    expect(diff?.reset).toBe(true);
    if (how === 'inline') {
      expect(diff?.unitsBuffer).toBeNull();
      expect(transfer).toEqual([]);
    } else {
      expect(diff?.units).toEqual([]);
      expect(transfer).toEqual([diff?.unitsBuffer]);
    }
    expect(diff === undefined ? [] : decodeDiffUnits(diff)).toHaveLength(count);
  });
});

describe('large changes are split (MAX_UNITS_PER_DIFF per diff: the UI never applies one in a long task)', () => {
  const snapshotOf = (count: number) => ({ units: Array.from({ length: count }, (_, i) => ({ rev: 1, unit: unit(`U${i}`) })), channels: [], servers: [] });

  it.each([
    [MAX_UNITS_PER_DIFF, [MAX_UNITS_PER_DIFF]],
    [MAX_UNITS_PER_DIFF + 1, [MAX_UNITS_PER_DIFF, 1]],
    [2 * MAX_UNITS_PER_DIFF + 500, [MAX_UNITS_PER_DIFF, MAX_UNITS_PER_DIFF, 500]],
  ])('a snapshot of %i units goes as parts of %j, reset first, continued on all but the last', async (count, sizes) => {
    const { pipeline, posted, runFrames, settle, time } = rig();
    pipeline.snapshot(snapshotOf(count), 10);
    runFrames(); // the first part waits for a frame; the rest follow as soon as the UI took each one
    for (let i = 0; i < sizes.length; i += 1) {
      await settle();
      time.advance(0);
    }
    const diffs = posted.map((p) => p.diff);
    expect(diffs.map((d) => decodeDiffUnits(d).length)).toEqual(sizes);
    expect(diffs.map((d) => d.reset)).toEqual(sizes.map((_, i) => i === 0));
    expect(diffs.map((d) => d.continued === true)).toEqual(sizes.map((_, i) => i < sizes.length - 1));
    const ids = new Set(diffs.flatMap((d) => decodeDiffUnits(d).map((u) => u.id)));
    expect(ids.size).toBe(count); // every unit once, whole
  });

  it('keeps two parts in flight: the next part waits at the UI while it applies one', async () => {
    const { pipeline, posted, runFrames, settle, takers } = rig({}, { autoTake: false });
    pipeline.snapshot(snapshotOf(3 * MAX_UNITS_PER_DIFF), 10);
    runFrames();
    expect(posted).toHaveLength(SPLIT_PARTS_IN_FLIGHT); // nothing taken yet
    takers.shift()?.();
    await settle();
    expect(posted).toHaveLength(3); // one taken → the third part goes out
    expect(posted.map((p) => p.diff.continued === true)).toEqual([true, true, false]);
    takers.splice(0).forEach((take) => take());
    await settle();
    expect(posted).toHaveLength(3);
  });

  it('splits live changes too, and a unit left for the next part still goes as a patch with its latest values', async () => {
    const count = MAX_UNITS_PER_DIFF + 10;
    const parked: (() => void)[] = []; // the next parts, run when the test says
    const { pipeline, posted, runFrames, settle } = rig({ continueSoon: (run) => void parked.push(run) });
    const nextPart = () => {
      for (const run of parked.splice(0)) run();
    };
    pipeline.snapshot(snapshotOf(count), 10);
    runFrames();
    for (let i = 0; i < 3; i += 1) {
      await settle();
      nextPart();
    }
    posted.length = 0;
    let seq = 10;
    for (let i = 0; i < count; i += 1) pipeline.event(makeEvent('unit.status', `U${i}`, 2, ++seq, STREAMING));
    runFrames();
    await settle();
    // Between the parts, a unit of the second part changes again: its latest status goes out.
    pipeline.event(makeEvent('unit.status', `U${count - 1}`, 3, ++seq, ONLINE));
    nextPart();
    await settle();
    const diffs = posted.map((p) => p.diff);
    expect(diffs.map((d) => decodeDiffPatches(d).length)).toEqual([MAX_UNITS_PER_DIFF, 10]);
    expect(diffs.map((d) => decodeDiffUnits(d).length)).toEqual([0, 0]);
    expect(diffs[0]?.continued).toBe(true);
    expect(diffs[1]?.continued).toBeUndefined();
    const last = decodeDiffPatches(diffs[1] as FleetDiff).find((p) => p.id === `U${count - 1}`);
    expect(last?.status).not.toBe('streaming');
    expect(last?.status).toBe(pipeline.model.units.get(`U${count - 1}`)?.status);
  });
});

/**
 * A pipeline that splits at 10 units a diff, with `count` units added and every part of their
 * diffs sent (`addedParts`: the units in each) and merged into `views`; `nextSeq` numbers the
 * stream's next events.
 */
async function splittingRigWithUnits(count: number) {
  const r = rig({ maxUnitsPerDiff: 10 });
  let seq = 0;
  for (let i = 0; i < count; i += 1) r.pipeline.event(makeEvent('unit.added', `U${i}`, 1, ++seq, unit(`U${i}`)));
  r.runFrames();
  for (let part = 0; part < Math.ceil(count / 10); part += 1) {
    await r.settle();
    r.time.advance(0);
  }
  const addedParts = r.posted.map((p) => changedUnitIds(p.diff).length);
  const views = new Map<string, UnitView>();
  for (const p of r.posted.splice(0)) mergeDiffInto(views, p.diff);
  return { ...r, addedParts, views, nextSeq: () => ++seq };
}

describe('a split always ends, however fast the stream', () => {
  it('units changing anew during a split wait for it to end (unless already queued)', async () => {
    const { pipeline, posted, runFrames, settle, time, addedParts, views, nextSeq } = await splittingRigWithUnits(25);
    expect(addedParts).toEqual([10, 10, 5]); // the 25 added units go as 10 + 10 + 5 too
    let rev = 2;
    const churn = () => {
      // Every unit changes again between two parts, as under a stream faster than the UI.
      for (let i = 0; i < 25; i += 1) pipeline.event(makeEvent('unit.status', `U${i}`, rev, nextSeq(), rev % 2 === 0 ? STREAMING : ONLINE));
      rev += 1;
    };
    churn();
    runFrames(); // part 1 of the 25 changed units
    for (let part = 0; part < 4; part += 1) {
      await settle();
      churn();
      time.advance(0);
    }
    const continued = posted.map((p) => p.diff.continued === true);
    expect(continued.slice(0, 3)).toEqual([true, true, false]); // 10 + 10 + 5, then the split is over
    expect(posted.slice(0, 3).map((p) => changedUnitIds(p.diff).length)).toEqual([10, 10, 5]);
    // What changed meanwhile goes out after it, from the next frame on (split again): the latest values.
    runFrames();
    for (let part = 0; part < 3; part += 1) {
      await settle();
      time.advance(0);
    }
    expect(posted.slice(3).map((p) => changedUnitIds(p.diff).length)).toEqual([10, 10, 5]);
    for (const p of posted) mergeDiffInto(views, p.diff);
    for (let i = 0; i < 25; i += 1) expect(views.get(`U${i}`)?.status).toBe(pipeline.model.units.get(`U${i}`)?.status);
  });
});

describe('a unit waiting in a split', () => {
  it('goes out with every aspect changed while it waited, in its place in the split (splitQueue.ts merge)', async () => {
    const { pipeline, posted, runFrames, settle, time, views, nextSeq } = await splittingRigWithUnits(25);
    // Every unit's status changes: 10 + 10 + 5 status patches. The first parts go at once (SPLIT_PARTS_IN_FLIGHT).
    for (let i = 0; i < 25; i += 1) pipeline.event(makeEvent('unit.status', `U${i}`, 2, nextSeq(), STREAMING));
    runFrames();
    const sentBefore = new Set(posted.flatMap((p) => changedUnitIds(p.diff)));
    expect(sentBefore.size).toBeLessThan(25); // some still wait
    // Now an alert of every unit from U10 on becomes active.
    const alert = (id: string) => ({ alerts: [{ id: `${id}:a`, type: 'cameraDisconnected', severity: 'critical', active: true, message: 'Camera disconnected' }] });
    for (let i = 10; i < 25; i += 1) pipeline.event(makeEvent('unit.alert', `U${i}`, 3, nextSeq(), alert(`U${i}`) as never));
    for (let round = 0; round < 6; round += 1) {
      await settle();
      time.advance(0);
      runFrames();
    }
    const masksOf = (id: string) => posted.flatMap((p) => decodeDiffPatches(p.diff).filter((patch) => patch.id === id).map((patch) => patch.a));
    for (let i = 10; i < 25; i += 1) {
      const id = `U${i}`;
      // A unit still waiting takes the alert into its one patch; one sent already sends it after the split.
      expect(masksOf(id)).toEqual(sentBefore.has(id) ? [ASPECT.status, ASPECT.alerts] : [ASPECT.status | ASPECT.alerts]);
    }
    for (const p of posted) mergeDiffInto(views, p.diff);
    for (let i = 0; i < 25; i += 1) {
      expect(views.get(`U${i}`)?.status).toBe(pipeline.model.units.get(`U${i}`)?.status);
      expect(views.get(`U${i}`)?.activeAlerts).toBe(i < 10 ? 0 : 1);
    }
  });
});

describe('a split always ends, units outside it included', () => {
  it('hot changes of units not in a split wait for it to end (listed by slot), then go as patches with their latest values', async () => {
    const { pipeline, posted, runFrames, settle, time, addedParts, views, nextSeq } = await splittingRigWithUnits(35);
    expect(addedParts).toEqual([10, 10, 10, 5]);
    // U0–U24 change whole (config): a split of 10 + 10 + 5. Meanwhile U25–U34 stream status events.
    for (let i = 0; i < 25; i += 1) pipeline.event(makeEvent('unit.config', `U${i}`, 2, nextSeq(), { delay: 900 }));
    runFrames();
    let rev = 2;
    for (let part = 0; part < 3; part += 1) {
      for (let i = 25; i < 35; i += 1) pipeline.event(makeEvent('unit.status', `U${i}`, rev, nextSeq(), rev % 2 === 0 ? STREAMING : ONLINE));
      rev += 1;
      await settle();
      time.advance(0);
    }
    expect(posted.slice(0, 3).map((p) => changedUnitIds(p.diff).length)).toEqual([10, 10, 5]);
    expect(posted.slice(0, 3).every((p) => decodeDiffPatches(p.diff).length === 0)).toBe(true);
    runFrames();
    await settle();
    const after = posted[3]?.diff;
    expect(after === undefined ? [] : decodeDiffPatches(after).map((patch) => [patch.id, patch.a])).toEqual(
      Array.from({ length: 10 }, (_, k) => [`U${25 + k}`, ASPECT.status]),
    );
    for (const p of posted) mergeDiffInto(views, p.diff);
    for (let i = 0; i < 35; i += 1) expect(views.get(`U${i}`)?.status).toBe(pipeline.model.units.get(`U${i}`)?.status);
  });
});

describe('notifications follow the user unit alert settings', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('startedStreaming %s → %i notification for online → streaming', (flag, expected) => {
    const { pipeline, posted, runFrames } = rig({ alertSettings: { ...DEFAULT_UNIT_ALERT_SETTINGS, startedStreaming: flag } });
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, STREAMING));
    runFrames();
    expect(posted[0]?.diff.notifications).toHaveLength(expected);
  });
});

describe('a diff carries the last MAX_KEPT_NOTIFICATIONS notifications (the UI keeps no more)', () => {
  it('keeps the last ones of a frame with more, in order, and leaves the store with what every notification would have left (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 2 * MAX_KEPT_NOTIFICATIONS + 20 }), { minLength: 1, maxLength: 4 }), async (perFrame) => {
        const { pipeline, posted, runFrames, settle } = rig({ alertSettings: { ...DEFAULT_UNIT_ALERT_SETTINGS, startedStreaming: true } });
        // Each frame its own units (added first, online), each going online → streaming once: one notification each (the setting above).
        const idsOf = (frame: number): string[] => Array.from({ length: perFrame[frame] as number }, (_, i) => `F${frame}-${i}`);
        let seq = 0;
        perFrame.forEach((_, frame) => {
          for (const id of idsOf(frame)) pipeline.event(makeEvent('unit.added', id, 1, ++seq, unit(id)));
        });
        runFrames();
        await settle();
        const raised: string[] = [];
        const store = new FleetStore(() => undefined);
        for (const p of posted.splice(0)) store.apply(p.diff);
        for (let frame = 0; frame < perFrame.length; frame += 1) {
          const ids = idsOf(frame);
          for (const id of ids) pipeline.event(makeEvent('unit.status', id, 2, ++seq, STREAMING));
          raised.push(...ids);
          runFrames();
          await settle(); // the UI took it: the next frame may post
          const diffs = posted.splice(0).map((p) => p.diff);
          const notes = diffs.flatMap((diff) => diff.notifications.map((n) => n.unitId));
          expect(diffs.every((diff) => diff.notifications.length <= MAX_KEPT_NOTIFICATIONS)).toBe(true);
          expect(notes).toEqual(ids.slice(-MAX_KEPT_NOTIFICATIONS));
          for (const diff of diffs) store.apply(diff);
        }
        // The store shows the last MAX_KEPT_NOTIFICATIONS of everything raised.
        expect(store.notifications.value.map((n) => n.unitId)).toEqual(raised.slice(-MAX_KEPT_NOTIFICATIONS));
      }),
      { numRuns: 40 },
    );
  });
});

describe('timed behaviours (spec 000 §4, §9; issue 4 item 5)', () => {
  it('shows connecting on the button until the unit status arrives', async () => {
    const { pipeline, posted, runFrames, settle } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.beginTransition('U1', 'stream', 'connecting');
    runFrames();
    expect(posted[0]?.diff.units[0]?.transition).toEqual({ button: 'stream', state: 'connecting' });
    await settle(); // the UI took the first diff
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, STREAMING));
    runFrames();
    expect(posted[1]?.diff.units[0]?.transition).toBeNull();
  });

  it('polls every 2 s and clears the button after the 10th poll when no status arrives', () => {
    const polls: string[] = [];
    const { pipeline, time } = rig({
      fetchUnit: (id) => {
        polls.push(id);
        return new Promise<UnitFetchResult>(() => undefined); // never answers
      },
    });
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.beginTransition('U1', 'stream', 'disconnecting');
    time.advance(TRANSITION_POLL_MS - 1);
    expect(polls).toHaveLength(0);
    time.advance(1);
    expect(polls).toHaveLength(1);
    time.advance(TRANSITION_POLL_MS * (TRANSITION_MAX_POLLS - 2)); // 18 s: 9 polls
    expect(pipeline.transitions.get('U1')).toEqual({ button: 'stream', state: 'disconnecting' });
    time.advance(TRANSITION_POLL_MS); // 20 s: the 10th poll clears it
    expect(pipeline.transitions.get('U1')).toBeNull();
    time.advance(TRANSITION_POLL_MS * 5);
    expect(polls).toHaveLength(1); // one request in flight per unit: later polls wait for it
  });

  it('clears the button when a poll finds a newer status', async () => {
    const { pipeline, time, settle } = rig({
      fetchUnit: async (id) => ({ found: true, entry: { rev: 5, unit: unit(id, STREAMING) } }),
    });
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.beginTransition('U1', 'stream', 'connecting');
    time.advance(TRANSITION_POLL_MS);
    await settle();
    expect(pipeline.transitions.get('U1')).toBeNull();
    expect(pipeline.model.units.get('U1')?.status).toBe('streaming');
  });

  it('ends a refused call\'s transition at once, and only the transition of that button', async () => {
    const { pipeline, posted, runFrames, settle, time } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.beginTransition('U1', 'stream', 'connecting');
    pipeline.endTransition('U1', 'ipPipe'); // another button's refusal: the stream's transition stays
    expect(pipeline.transitions.get('U1')).toEqual({ button: 'stream', state: 'connecting' });
    runFrames();
    await settle();
    pipeline.endTransition('U1', 'stream');
    expect(pipeline.transitions.get('U1')).toBeNull();
    runFrames();
    expect(posted.at(-1)?.diff.units[0]?.transition).toBeNull(); // the UI is told in the next diff
    time.advance(TRANSITION_POLL_MS * TRANSITION_MAX_POLLS);
    expect(pipeline.transitions.get('U1')).toBeNull(); // no poll timer left behind
  });

  it('marks capabilities stale when a unit comes back online and fetches them once it is on screen', async () => {
    const asked: string[] = [];
    const { pipeline, posted, runFrames, settle } = rig({ fetchCapabilities: async (id) => (asked.push(id), { typeGroup: 'fieldUnits' }) });
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1', OFFLINE)));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, ONLINE));
    pipeline.event(makeEvent('unit.status', 'U1', 3, 3, STREAMING)); // online → streaming: not "back online"
    runFrames();
    await settle();
    expect(asked).toEqual([]); // off screen: nothing fetched yet
    expect(pipeline.capabilitiesRefresh.isStale('U1')).toBe(true);
    pipeline.setVisibleUnits('unit-list', ['U1']);
    runFrames();
    await settle();
    expect(asked).toEqual(['U1']);
    runFrames();
    expect(posted.at(-1)?.diff.units[0]?.capabilities).toEqual({ typeGroup: 'fieldUnits' });
    expect(pipeline.capabilitiesRefresh.isStale('U1')).toBe(false);
  });

  it('fetches at the next frame for a unit on screen, once however many times it comes back within the frame', async () => {
    const asked: string[] = [];
    const { pipeline, runFrames, settle } = rig({ fetchCapabilities: async (id) => (asked.push(id), {}) });
    pipeline.setVisibleUnits('unit-list', ['U1']);
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1', OFFLINE)));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, ONLINE));
    pipeline.event(makeEvent('unit.status', 'U1', 3, 3, OFFLINE));
    pipeline.event(makeEvent('unit.status', 'U1', 4, 4, ONLINE));
    expect(asked).toEqual([]); // not before the frame
    runFrames();
    await settle();
    expect(asked).toEqual(['U1']);
  });

  it('fetches the stale capabilities of the selected unit', async () => {
    const asked: string[] = [];
    const { pipeline, runFrames, settle } = rig({ fetchCapabilities: async (id) => (asked.push(id), {}) });
    pipeline.event(makeEvent('unit.added', 'U7', 1, 1, unit('U7', OFFLINE)));
    pipeline.event(makeEvent('unit.status', 'U7', 2, 2, ONLINE));
    runFrames();
    await settle();
    expect(asked).toEqual([]);
    void pipeline.selectUnit('U7').catch(() => undefined);
    runFrames();
    await settle();
    expect(asked).toEqual(['U7']);
  });

  it(`keeps at most ${CAPABILITIES_MAX_IN_FLIGHT} capabilities requests in flight and starts the next as one answers`, async () => {
    const asked: string[] = [];
    const answers: (() => void)[] = [];
    const fetchCapabilities = (id: string) => {
      asked.push(id);
      return new Promise<unknown>((resolve) => answers.push(() => resolve({})));
    };
    const { pipeline, runFrames, settle } = rig({ fetchCapabilities });
    const ids = Array.from({ length: 10 }, (_, i) => `U${i + 1}`);
    pipeline.setVisibleUnits('multiview', ids);
    let seq = 0;
    for (const id of ids) {
      pipeline.event(makeEvent('unit.added', id, 1, ++seq, unit(id, OFFLINE)));
      pipeline.event(makeEvent('unit.status', id, 2, ++seq, ONLINE));
    }
    runFrames();
    await settle();
    expect(asked).toHaveLength(CAPABILITIES_MAX_IN_FLIGHT);
    answers.shift()?.();
    await settle();
    runFrames();
    await settle();
    expect(asked).toHaveLength(CAPABILITIES_MAX_IN_FLIGHT + 1);
    expect(new Set(asked).size).toBe(asked.length); // each unit asked once
  });

  it('forgets a released view: its units are no longer fetched', async () => {
    const asked: string[] = [];
    const { pipeline, runFrames, settle } = rig({ fetchCapabilities: async (id) => (asked.push(id), {}) });
    pipeline.setVisibleUnits('map', ['U1']);
    pipeline.setVisibleUnits('map', []);
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1', OFFLINE)));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, ONLINE));
    runFrames();
    await settle();
    expect(asked).toEqual([]);
  });

  it('asks nothing for changes other than coming back online', async () => {
    const asked: string[] = [];
    const { pipeline, runFrames, settle } = rig({ fetchCapabilities: async (id) => (asked.push(id), {}) });
    pipeline.setVisibleUnits('unit-list', ['U1']);
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1', ONLINE)));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, STREAMING));
    pipeline.event(makeEvent('unit.status', 'U1', 3, 3, ONLINE));
    runFrames();
    await settle();
    expect(asked).toEqual([]);
  });

  it('reloads the lists once, 3 s after the last unit was added or removed', async () => {
    const { pipeline, posted, runFrames, time, settle } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    time.advance(2_000);
    pipeline.event(makeEvent('unit.added', 'U2', 1, 2, unit('U2')));
    time.advance(1_000);
    pipeline.event(makeEvent('unit.removed', 'U1', 2, 3));
    runFrames();
    await settle();
    time.advance(DEVICE_LIST_RELOAD_DEBOUNCE_MS - 1);
    runFrames();
    expect(posted.map((p) => p.diff.listsVersion)).toEqual([null]);
    time.advance(1);
    runFrames();
    expect(posted.map((p) => p.diff.listsVersion)).toEqual([null, 1]);
  });

  it('refreshes stale data on selection: settings after 60 s, services after 30 min, enhanced only when offline', async () => {
    const fetched: string[] = [];
    const { pipeline, time } = rig({ fetchCached: async (kind, id) => (fetched.push(`${kind}:${id}`), { kind }) });
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1', OFFLINE)));
    const first = await pipeline.selectUnit('U1');
    expect(first.refreshed).toEqual(['enhanced', 'settings', 'services']);
    time.advance(59_999);
    expect((await pipeline.selectUnit('U1')).refreshed).toEqual([]);
    time.advance(1);
    expect((await pipeline.selectUnit('U1')).refreshed).toEqual(['enhanced', 'settings']);
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, ONLINE));
    time.advance(30 * 60_000);
    const later = await pipeline.selectUnit('U1');
    expect(later.refreshed).toEqual(['settings', 'services']);
    expect(later.data).toEqual({ enhanced: { kind: 'enhanced' }, settings: { kind: 'settings' }, services: { kind: 'services' } });
  });

  it.each([
    [[false, false, true], true, 3],
    [Array<boolean>(8).fill(false), false, 8],
    [[true], true, 1],
  ])('sets the virtual channel with up to 7 retries: answers %j → ok %s after %i calls', async (answers, ok, attempts) => {
    const retries: number[] = [];
    const { pipeline, time, settle } = rig({
      setVirtualChannel: async (_id, _name, retry) => {
        retries.push(retry);
        return answers[retry] ?? false;
      },
    });
    const outcome = pipeline.setVirtualChannel('U1', 'News 1', 1_000);
    for (let i = 0; i < 10; i += 1) {
      await settle();
      time.advance(1_000);
    }
    expect(await outcome).toEqual({ ok, attempts });
    expect(retries).toEqual(Array.from({ length: attempts }, (_, i) => i));
  });
});

describe('bad frames and connection state reach the UI', () => {
  it('reports a bad frame count and reason, and the connection state, in the next diff', () => {
    const { pipeline, posted, runFrames } = rig();
    pipeline.badFrame('seq: Expected a number');
    pipeline.connection({ phase: 'reconnecting', attempt: 1, retryAt: 5, since: 1 });
    runFrames();
    expect(posted[0]?.diff.badFrames).toEqual({ count: 1, last: 'seq: Expected a number' });
    expect(posted[0]?.diff.connection).toEqual({ phase: 'reconnecting', attempt: 1, retryAt: 5, since: 1 });
  });
});

describe('unit and channel views carry what the screens read (multiview tally, speed-test card, channel names)', () => {
  /** unit.status as the simulator sends it: the video application's report beside state and applications. */
  const withVideo = (state: string, onAir: boolean): UnitStatusData => ({ ...STREAMING, video: { state, onAir } }) as UnitStatusData;
  /** The unit's view as the UI holds it after every posted diff (whole views and patches merged). */
  const lastView = (posted: { diff: FleetDiff }[], id: string) => {
    const views = new Map<string, UnitView>();
    for (const p of posted) mergeDiffInto(views, p.diff);
    return views.get(id);
  };

  it.each([
    ['streaming', true, true],
    ['connecting', false, false],
  ])('reports a unit whose video is %s with onAir %s as onAir %s', (state, onAir, expected) => {
    const { pipeline, posted, runFrames } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, withVideo(state, onAir)));
    runFrames();
    expect(lastView(posted, 'U1')?.onAir).toBe(expected);
  });

  it('reports a unit without a video report as not on air', () => {
    const { pipeline, posted, runFrames } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1', STREAMING)));
    runFrames();
    expect(lastView(posted, 'U1')?.onAir).toBe(false);
  });

  it('drops the tally when the unit stops (on air → off air in the next diff)', async () => {
    const { pipeline, posted, runFrames, settle } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, withVideo('streaming', true)));
    runFrames();
    await settle(); // the UI took the first diff
    pipeline.event(makeEvent('unit.status', 'U1', 3, 3, withVideo('idle', false)));
    runFrames();
    const views = new Map<string, UnitView>();
    const onAirAfterEachDiff = posted.map((p) => {
      mergeDiffInto(views, p.diff);
      return views.get('U1')?.onAir;
    });
    expect(onAirAfterEachDiff).toEqual([true, false]);
  });

  it('carries the latest speed test result (unit.speedtest) and none before one ran', async () => {
    const { pipeline, posted, runFrames, settle } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    runFrames();
    await settle();
    expect(lastView(posted, 'U1')?.speedTest).toBeUndefined();
    pipeline.event(makeEvent('unit.speedtest', 'U1', 2, 2, { state: 'running' }));
    pipeline.event(makeEvent('unit.speedtest', 'U1', 3, 3, { state: 'done', uplinkKbps: 8_200, downlinkKbps: 15_000, latencyMs: 42 }));
    runFrames();
    expect(posted).toHaveLength(2); // two speed-test events in one frame → one diff, last value wins
    expect(lastView(posted, 'U1')?.speedTest).toEqual({ state: 'done', uplinkKbps: 8_200, downlinkKbps: 15_000, latencyMs: 42 });
  });

  it('keeps a channel’s snapshot name and version across its channel.status events', async () => {
    const { pipeline, posted, runFrames, settle } = rig();
    pipeline.snapshot({ units: [], channels: [{ id: 'C1', rev: 1, name: 'News desk', version: '8.1.0', status: { status: 'idle' } }], servers: [] }, 10);
    runFrames();
    expect(channelViewsOf(posted[0]!.diff)).toEqual([{ id: 'C1', rev: 1, name: 'News desk', version: '8.1.0', status: { status: 'idle' }, config: undefined }]);
    await settle();
    pipeline.event(makeEvent('channel.status', 'C1', 2, 11, { status: 'collecting' }));
    runFrames();
    expect(channelViewsOf(posted[1]!.diff)).toEqual([{ id: 'C1', rev: 2, name: 'News desk', version: '8.1.0', status: { status: 'collecting' }, config: undefined }]);
    // Posted with the status as text (diff.ts channelStatuses): the view itself carries none.
    expect(posted[1]?.diff.channels[0]?.status).toBeUndefined();
    expect(posted[1]?.diff.channelStatuses).toEqual(['{"status":"collecting"}']);
  });

  it('leaves the name undefined for a channel known only from its events', () => {
    const { pipeline, posted, runFrames } = rig();
    pipeline.event(makeEvent('channel.status', 'C9', 1, 1, { status: 'idle' }));
    runFrames();
    expect(posted[0]?.diff.channels[0]?.name).toBeUndefined();
  });
});

describe('hot aspects travel as patches (diff.ts ASPECT) and the UI ends with the whole views', () => {
  const statusArb = fc.constantFrom<UnitStatusData>(
    ONLINE,
    OFFLINE,
    STREAMING,
    { ...STREAMING, video: { state: 'streaming', onAir: true }, battery: { connected: true, charging: false, percentage: 40 } } as UnitStatusData,
    { state: 'online', battery: null } as UnitStatusData,
  );
  const linkArb = fc.record({ port: fc.constantFrom('eth0', 'wlan0', 'cell1'), uplinkKbps: fc.nat(20_000), downlinkKbps: fc.nat(5_000), connected: fc.boolean() });
  const stepArb = fc.oneof(
    fc.record({ do: fc.constant('status' as const), unit: fc.nat(4), data: statusArb }),
    fc.record({ do: fc.constant('usage' as const), unit: fc.nat(4), links: fc.array(linkArb, { maxLength: 3 }) }),
    fc.record({ do: fc.constant('alert' as const), unit: fc.nat(4), active: fc.boolean() }),
    fc.record({ do: fc.constant('config' as const), unit: fc.nat(4), delay: fc.integer({ min: 400, max: 20_000 }) }),
    fc.record({ do: fc.constant('speedtest' as const), unit: fc.nat(4), kbps: fc.nat(50_000) }),
    fc.record({ do: fc.constant('added' as const), unit: fc.nat(4) }),
    fc.record({ do: fc.constant('removed' as const), unit: fc.nat(4) }),
    fc.constant({ do: 'frame' as const }),
  );
  type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;
  /**
   * Events into a pipeline: each unit's rev and the stream's seq counted up, and a generated step
   * turned into its event (a step for a unit not in the model is skipped, but 'added').
   */
  const eventsInto = (pipeline: ReturnType<typeof rig>['pipeline']) => {
    const revs = new Map<string, number>();
    let seq = 0;
    const emit = (kind: Parameters<typeof makeEvent>[0], id: string, data: unknown): void => {
      const rev = (revs.get(id) ?? 0) + 1;
      revs.set(id, rev);
      seq += 1;
      pipeline.event(makeEvent(kind, id, rev, seq, data as never) as Envelope);
    };
    const apply = (step: Exclude<Step, { do: 'frame' }>): void => {
      const id = `U${step.unit}`;
      if (step.do === 'added') emit('unit.added', id, unit(id));
      else if (!pipeline.model.units.has(id)) return;
      else if (step.do === 'removed') emit('unit.removed', id, {});
      else if (step.do === 'status') emit('unit.status', id, step.data);
      else if (step.do === 'usage') emit('unit.usage', id, { links: step.links.map((l) => ({ ...l, name: l.port, type: 'lan', enabled: true })) });
      else if (step.do === 'alert') emit('unit.alert', id, { alerts: step.active ? [{ id: `${id}:a`, type: 'cameraDisconnected', severity: 'critical', active: true, message: 'Camera disconnected' }] : [] });
      else if (step.do === 'config') emit('unit.config', id, { delay: step.delay });
      else emit('unit.speedtest', id, { state: 'done', uplinkKbps: step.kbps });
    };
    return { emit, apply };
  };
  /** Views compared as the UI reads them: JSON drops undefined fields (a buffer-decoded view has none). */
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;
  /** Three units added, then the steps (a frame step runs the frames and lets the answers settle), then three frames more. */
  const play = async ({ pipeline, runFrames, settle }: Pick<ReturnType<typeof rig>, 'pipeline' | 'runFrames' | 'settle'>, steps: readonly Step[]) => {
    const { emit, apply } = eventsInto(pipeline);
    for (let i = 0; i < 3; i += 1) emit('unit.added', `U${i}`, unit(`U${i}`));
    for (const step of steps) {
      if (step.do === 'frame') {
        runFrames();
        await settle();
        continue;
      }
      apply(step);
    }
    for (let i = 0; i < 3; i += 1) {
      runFrames();
      await settle();
    }
  };

  it('a Map merged from every diff equals the model views, whatever mix of events and frames', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 120 }), fc.integer({ min: 0, max: 3 }), async (steps, inlineUnitsMax) => {
        const { pipeline, posted, runFrames, settle } = rig({ inlineUnitsMax });
        await play({ pipeline, runFrames, settle }, steps);
        const views = new Map<string, UnitView>();
        for (const p of posted) mergeDiffInto(views, p.diff);
        const expected = new Map([...pipeline.model.units.keys()].map((id) => [id, plain(pipeline.unitView(id))]));
        expect(new Map([...views].map(([id, view]) => [id, plain(view)]))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('with the UI handing each patches buffer back once merged (DiffAnswer): the buffers are reused and a Map merged diff by diff still equals the model views', async () => {
    let reusedInAll = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 120 }), async (steps) => {
        const views = new Map<string, UnitView>();
        const given = new Set<ArrayBuffer>();
        // The UI's side: each diff merged as it comes, then its buffer handed back (the worker may write a later diff into it).
        const { pipeline, runFrames, settle } = rig({
          inlineUnitsMax: 0,
          deliver: (diff) => {
            mergeDiffInto(views, diff);
            const buffer = diff.patchesBuffer ?? undefined;
            if (buffer !== undefined && given.has(buffer)) reusedInAll += 1;
            if (buffer !== undefined) given.add(buffer);
            return buffer;
          },
        });
        await play({ pipeline, runFrames, settle }, steps);
        const expected = new Map([...pipeline.model.units.keys()].map((id) => [id, plain(pipeline.unitView(id))]));
        expect(new Map([...views].map(([id, view]) => [id, plain(view)]))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    expect(reusedInAll).toBeGreaterThan(0);
  });

  it('with splits (1–3 units per diff, parts taken late): every diff within the cap, each unit once per diff, and a Map merged from every diff equals the model views (changes listed by slot)', async () => {
    // Exercises the split paths of the changed-slot list (aspectMasks.ts): a hot change made while
    // a split is under way waits listed by slot (or joins the queue when its unit is queued), a
    // slot freed and reused in between is read through the model's slots, and nothing is lost.
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(stepArb, fc.constant({ do: 'take' as const })), { maxLength: 150 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        async (steps, maxUnitsPerDiff, inlineUnitsMax) => {
          const { pipeline, posted, runFrames, settle, takers } = rig({ inlineUnitsMax, maxUnitsPerDiff }, { autoTake: false });
          const { emit, apply } = eventsInto(pipeline);
          const takeAll = async () => {
            for (let round = 0; round < 200 && (takers.length > 0 || pipeline.waitingForUi); round += 1) {
              for (const take of takers.splice(0)) take();
              await settle();
              runFrames();
            }
          };
          for (let i = 0; i < 5; i += 1) emit('unit.added', `U${i}`, unit(`U${i}`));
          for (const step of steps) {
            if (step.do === 'frame') {
              runFrames();
              continue;
            }
            if (step.do === 'take') {
              takers.shift()?.();
              await settle();
              continue;
            }
            apply(step);
          }
          runFrames();
          await takeAll();
          expect(pipeline.waitingForUi).toBe(false);
          const views = new Map<string, UnitView>();
          for (const p of posted) {
            const ids = [...decodeDiffUnits(p.diff).map((v) => v.id), ...decodeDiffPatches(p.diff).map((q) => q.id), ...p.diff.removed];
            expect(ids.length).toBeLessThanOrEqual(maxUnitsPerDiff);
            expect(new Set(ids).size).toBe(ids.length);
            mergeDiffInto(views, p.diff);
          }
          const expected = new Map([...pipeline.model.units.keys()].map((id) => [id, plain(pipeline.unitView(id))]));
          expect(new Map([...views].map(([id, view]) => [id, plain(view)]))).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('sends whole exactly the units changed by anything but hot events, and the rest as patches of their aspects (masks kept by unit slot equal a Map kept by id)', async () => {
    // The reference is the rule as it read with a Map<string, number> of masks (before unit slots):
    // per unit since its last diff, the OR of its events' aspects, WHOLE_VIEW for added, removed,
    // config and a usage event that changes the link layout. Units are removed and re-added, so
    // slots are freed and reused between and within diffs.
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 150 }), fc.integer({ min: 0, max: 3 }), async (steps, inlineUnitsMax) => {
        const { pipeline, posted, runFrames, settle } = rig({ inlineUnitsMax });
        const revs = new Map<string, number>();
        const layouts = new Map<string, string>();
        const expected = new Map<string, number>(); // id → ASPECT bits, or -1: whole
        let seq = 0;
        const emit = (kind: Parameters<typeof makeEvent>[0], id: string, data: unknown, aspect: number) => {
          const rev = (revs.get(id) ?? 0) + 1;
          revs.set(id, rev);
          seq += 1;
          pipeline.event(makeEvent(kind, id, rev, seq, data as never) as Envelope);
          const before = expected.get(id) ?? 0;
          expected.set(id, before === -1 || aspect === -1 ? -1 : before | aspect);
        };
        const check = async () => {
          const count = posted.length;
          runFrames();
          await settle();
          if (expected.size === 0) return;
          expect(posted.length).toBe(count + 1);
          const diff = (posted[count] as { diff: FleetDiff }).diff;
          const sent = new Map<string, number>();
          for (const view of decodeDiffUnits(diff)) sent.set(view.id, -1);
          for (const patch of decodeDiffPatches(diff)) sent.set(patch.id, patch.a);
          for (const id of diff.removed) sent.set(id, -1);
          expect(sent).toEqual(expected);
          expected.clear();
        };
        for (const step of steps) {
          if (step.do === 'frame') {
            await check();
            continue;
          }
          const id = `U${step.unit}`;
          const present = pipeline.model.units.has(id);
          if (step.do === 'added') {
            emit('unit.added', id, unit(id), -1);
            layouts.set(id, '[]');
          } else if (!present) continue;
          else if (step.do === 'removed') emit('unit.removed', id, {}, -1);
          else if (step.do === 'status') emit('unit.status', id, step.data, ASPECT.status);
          else if (step.do === 'usage') {
            const links = step.links.map((l) => ({ ...l, name: l.port, type: 'lan', enabled: true }));
            const layout = JSON.stringify(links.map((l) => [l.port, l.name, l.type]));
            emit('unit.usage', id, { links }, layouts.get(id) === layout ? ASPECT.usage : -1);
            layouts.set(id, layout);
          } else if (step.do === 'alert') emit('unit.alert', id, { alerts: [] }, ASPECT.alerts);
          else if (step.do === 'config') emit('unit.config', id, { delay: step.delay }, -1);
          else emit('unit.speedtest', id, { state: 'done', uplinkKbps: step.kbps }, ASPECT.speedTest);
        }
        await check();
      }),
      { numRuns: 400 },
    );
  });

  it('sends a unit whole after anything but a hot event, and as a patch of only its aspects otherwise', async () => {
    const { pipeline, posted, runFrames, settle } = rig();
    pipeline.event(makeEvent('unit.added', 'U1', 1, 1, unit('U1')));
    runFrames();
    await settle();
    pipeline.event(makeEvent('unit.status', 'U1', 2, 2, STREAMING));
    pipeline.event(makeEvent('unit.alert', 'U1', 3, 3, { alerts: [] }));
    runFrames();
    await settle();
    pipeline.event(makeEvent('unit.config', 'U1', 4, 4, { delay: 800 }));
    runFrames();
    expect(posted.map((p) => [p.diff.units.length, p.diff.patches?.length ?? 0])).toEqual([[1, 0], [0, 1], [1, 0]]);
    const patch = posted[1]?.diff.patches?.[0];
    expect(Object.keys(patch ?? {}).sort()).toEqual(['a', 'activeAlerts', 'applications', 'battery', 'id', 'onAir', 'rev', 'state', 'status', 'videoState']);
  });
});
