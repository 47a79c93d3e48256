import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { effect } from '@preact/signals-react';
import type { ChannelView, FleetDiff, UnitView } from '../../workers/pipeline/diff.ts';
import { channelsWithStatusText, EMPTY_DIFF, encodeUnits } from '../../workers/pipeline/diff.ts';
import { encodeSnapshotColumns } from '../../workers/pipeline/snapshotColumns.ts';
import { channelLabel, FleetStore, followUnits, SNAPSHOT_FILLED_MARK } from './store.ts';

function view(id: string, rev: number): UnitView {
  return { id, rev, name: id, type: '800', status: 'idle', state: 'online', videoState: undefined, applications: [], activeAlerts: 0, battery: undefined, lat: undefined, lng: undefined, transition: null, capabilities: undefined };
}

function diff(extra: Partial<FleetDiff>): FleetDiff {
  return { ...EMPTY_DIFF, frame: 1, ...extra };
}

describe('FleetStore: one version signal per unit, read at the leaves', () => {
  it('re-runs only the readers of the unit that changed', () => {
    const store = new FleetStore();
    store.apply(diff({ units: [view('U1', 1), view('U2', 1)] }));
    const runs = { U1: 0, U2: 0 };
    const stop1 = effect(() => void (store.unitVersion('U1').value, (runs.U1 += 1)));
    const stop2 = effect(() => void (store.unitVersion('U2').value, (runs.U2 += 1)));
    store.apply(diff({ units: [view('U1', 2)] }));
    expect(runs).toEqual({ U1: 2, U2: 1 });
    expect(store.unit('U1')?.rev).toBe(2);
    stop1();
    stop2();
  });

  it('bumps membership only when a unit appears or disappears, and reads transferred buffers', () => {
    const store = new FleetStore();
    store.apply(diff({ unitsBuffer: encodeUnits([view('U1', 1), view('U2', 1)]) }));
    expect(store.membership.value).toBe(1);
    store.apply(diff({ units: [view('U1', 2)] }));
    expect(store.membership.value).toBe(1);
    store.apply(diff({ removed: ['U2'] }));
    expect(store.membership.value).toBe(2);
    expect(store.unitIds()).toEqual(['U1']);
  });

  it('applies counters, connection state and lists version when the diff carries them', () => {
    const store = new FleetStore();
    store.apply(diff({ connection: { phase: 'live' }, listsVersion: 3, counters: { busy: 1, idle: 2, offline: 3, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, activeAlerts: 4 } }));
    expect(store.connection.value).toEqual({ phase: 'live' });
    expect(store.listsVersion.value).toBe(3);
    expect(store.counters.value.activeAlerts).toBe(4);
  });
});

describe('FleetStore: a snapshot split over several diffs (diff.continued)', () => {
  it('applies every part at once but tells the views once, when the last part is in', () => {
    const store = new FleetStore();
    const seen: (readonly string[])[] = [];
    const memberships: number[] = [];
    store.onUnitsChanged((ids) => seen.push([...ids]));
    const stop = store.membership.subscribe((value) => memberships.push(value));
    store.apply(diff({ reset: true, continued: true, units: [view('U1', 1), view('U2', 1)] }));
    expect(store.unit('U2')?.rev).toBe(1); // the data is in the store already
    store.apply(diff({ continued: true, units: [view('U3', 1)] }));
    expect(seen).toEqual([]);
    expect(memberships).toEqual([0]); // the subscription's first run only
    store.apply(diff({ units: [view('U4', 1)], removed: ['U9'] }));
    expect(seen).toEqual([['U1', 'U2', 'U3', 'U4', 'U9']]);
    expect(memberships).toEqual([0, 1]);
    // Live diffs after it are told one by one again, and a split live change part by part.
    store.apply(diff({ continued: true, units: [view('U1', 2)] }));
    store.apply(diff({ units: [view('U2', 2)] }));
    expect(seen.slice(1)).toEqual([['U1'], ['U2']]);
    stop();
  });
});

describe('FleetStore: the changed-ids feed (onUnitsChanged)', () => {
  it('hands each listener the ids of one applied diff, changed and removed, once per diff', () => {
    const store = new FleetStore();
    const seen: (readonly string[])[] = [];
    store.onUnitsChanged((ids) => seen.push(ids));
    store.apply(diff({ units: [view('U1', 1), view('U2', 1)] }));
    store.apply(diff({ units: [view('U2', 2)], removed: ['U1'] }));
    expect(seen).toEqual([['U1', 'U2'], ['U2', 'U1']]);
  });

  it('lists the units of a transferred buffer too (a burst of more than INLINE_UNITS_MAX)', () => {
    const store = new FleetStore();
    const seen: (readonly string[])[] = [];
    store.onUnitsChanged((ids) => seen.push(ids));
    const views = Array.from({ length: 30 }, (_, i) => view(`U${i}`, 1));
    store.apply(diff({ units: [], unitsBuffer: encodeUnits(views) }));
    expect(seen).toEqual([views.map((v) => v.id)]);
  });

  it('says nothing for a diff without unit changes (counters, connection, channels only)', () => {
    const store = new FleetStore();
    let calls = 0;
    store.onUnitsChanged(() => (calls += 1));
    store.apply(diff({ connection: { phase: 'live' }, channels: [{ id: 'C1', rev: 1, status: undefined, config: undefined }] }));
    expect(calls).toBe(0);
  });

  it('calls a listener after the diff is applied: the store already holds the new views', () => {
    const store = new FleetStore();
    const revs: (number | undefined)[] = [];
    store.onUnitsChanged((ids) => revs.push(...ids.map((id) => store.unit(id)?.rev)));
    store.apply(diff({ units: [view('U1', 7)] }));
    expect(revs).toEqual([7]);
  });

  it('stops calling a listener once unsubscribed, and keeps calling the others', () => {
    const store = new FleetStore();
    const a: number[] = [];
    const b: number[] = [];
    const offA = store.onUnitsChanged((ids) => a.push(ids.length));
    store.onUnitsChanged((ids) => b.push(ids.length));
    store.apply(diff({ units: [view('U1', 1)] }));
    offA();
    store.apply(diff({ units: [view('U1', 2)] }));
    expect([a, b]).toEqual([[1], [1, 1]]);
  });
});

describe('followUnits: membership, then the changed ids, for views with their own order', () => {
  it('says nothing on subscribing when the view knew the current size, then follows every diff', () => {
    const store = new FleetStore();
    store.apply(diff({ units: [view('U1', 1)] }));
    const seen: string[] = [];
    const stop = followUnits(store, 1, { membership: () => seen.push('membership'), changed: (ids) => seen.push(`changed ${ids.join(',')}`) });
    expect(seen).toEqual([]);
    store.apply(diff({ units: [view('U2', 1)] }));
    store.apply(diff({ units: [view('U1', 2)] }));
    stop();
    store.apply(diff({ removed: ['U1'] }));
    expect(seen).toEqual(['membership', 'changed U2', 'changed U1']);
  });

  it('tells membership at once when units came or went since the view was computed', () => {
    const store = new FleetStore();
    store.apply(diff({ units: [view('U1', 1), view('U2', 1)] }));
    const seen: string[] = [];
    followUnits(store, 1, { membership: () => seen.push('membership'), changed: () => seen.push('changed') });
    expect(seen).toEqual(['membership']);
  });
});

describe('FleetStore: channels (name, version signal, membership)', () => {
  const channel = (id: string, rev: number, name?: string) => ({ id, rev, name, status: undefined, config: undefined });

  it('lists the known channels with their names and bumps channelMembership only when one appears or goes', () => {
    const store = new FleetStore();
    let membershipRuns = 0;
    const stop = effect(() => void (store.channelMembership.value, (membershipRuns += 1)));
    store.apply(diff({ channels: [channel('C1', 1, 'News desk'), channel('C2', 1, 'Sport')] }));
    store.apply(diff({ channels: [channel('C1', 2, 'News desk')] }));
    expect(store.channelIds()).toEqual(['C1', 'C2']);
    expect(store.channel('C1')?.name).toBe('News desk');
    store.apply(diff({ removedChannels: ['C2'] }));
    expect(store.channelIds()).toEqual(['C1']);
    expect(membershipRuns).toBe(3); // initial run, C1+C2 appear, C2 goes; C1's update does not count
    stop();
  });

  it('re-runs only the readers of the channel that changed', () => {
    const store = new FleetStore();
    store.apply(diff({ channels: [channel('C1', 1), channel('C2', 1)] }));
    const runs = { C1: 0, C2: 0 };
    const stop1 = effect(() => void (store.channelVersion('C1').value, (runs.C1 += 1)));
    const stop2 = effect(() => void (store.channelVersion('C2').value, (runs.C2 += 1)));
    store.apply(diff({ channels: [channel('C1', 2, 'Renamed')] }));
    expect(runs).toEqual({ C1: 2, C2: 1 });
    stop1();
    stop2();
  });
});

describe('FleetStore: channel statuses sent as text (diff.channelStatuses), parsed on first read', () => {
  const CHANNEL_IDS = ['C1', 'C2', 'C3', 'C4'];
  const status = fc.option(
    fc.record(
      {
        status: fc.constantFrom('offline', 'idle', 'collecting', 'connecting', 'unavailable', 'playStoredFile'),
        unitIds: fc.array(fc.stringMatching(/^U[0-9]{1,6}$/), { maxLength: 60 }),
        fetchLogs: fc.record({ state: fc.constantFrom('connecting', 'collecting', 'stopping') }),
      },
      { requiredKeys: ['status', 'unitIds'] },
    ),
    { nil: undefined },
  );
  const channelView = fc.record({
    id: fc.constantFrom(...CHANNEL_IDS),
    rev: fc.nat(1_000),
    name: fc.option(fc.constantFrom('News desk', 'Sport', 'Weather'), { nil: undefined }),
    version: fc.option(fc.constantFrom('8.1.0', '9.0.2'), { nil: undefined }),
    status,
    config: fc.constant(undefined),
  }) as fc.Arbitrary<ChannelView>;
  // Each step: a diff of channel changes and removals, then reads of some channels (or none).
  const step = fc.record({
    channels: fc.uniqueArray(channelView, { selector: (view) => view.id, maxLength: 4 }),
    removed: fc.subarray(CHANNEL_IDS, { maxLength: 2 }),
    reads: fc.subarray(CHANNEL_IDS),
  });

  it('ends, and reads at every step, as a store given the same channels with their statuses as objects', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const objects = new FleetStore();
        const texts = new FleetStore();
        let frame = 0;
        for (const { channels, removed, reads } of steps) {
          const removedChannels = removed.filter((id) => !channels.some((view) => view.id === id));
          frame += 1;
          objects.apply(diff({ frame, channels, removedChannels }));
          texts.apply(diff({ frame, ...channelsWithStatusText(channels), removedChannels }));
          for (const id of reads) expect(texts.channel(id)).toEqual(objects.channel(id));
          expect(texts.channelIds()).toEqual(objects.channelIds());
          for (const id of CHANNEL_IDS) {
            expect(texts.channelVersion(id).peek()).toBe(objects.channelVersion(id).peek());
            expect(texts.channelName(id)).toBe(objects.channel(id)?.name);
          }
        }
        for (const id of CHANNEL_IDS) expect(texts.channel(id)).toEqual(objects.channel(id));
      }),
      { numRuns: 300 },
    );
  });

  it('parses a status once and keeps the object until the channel changes', () => {
    const store = new FleetStore();
    store.apply(diff(channelsWithStatusText([{ id: 'C1', rev: 1, status: { status: 'collecting', unitIds: ['U1', 'U2'] } as never, config: undefined }])));
    const first = store.channel('C1');
    expect(first?.status).toEqual({ status: 'collecting', unitIds: ['U1', 'U2'] });
    expect(store.channel('C1')).toBe(first);
    store.apply(diff(channelsWithStatusText([{ id: 'C1', rev: 2, status: { status: 'idle', unitIds: [] } as never, config: undefined }])));
    expect(store.channel('C1')).not.toBe(first);
    expect(store.channel('C1')?.status).toEqual({ status: 'idle', unitIds: [] });
  });

  it('bumps a channel’s name version when it appears, is renamed or goes, never for a status change', () => {
    const store = new FleetStore();
    const runs = { C1: 0, C2: 0 };
    const stop1 = effect(() => void (store.channelNameVersion('C1').value, (runs.C1 += 1)));
    const stop2 = effect(() => void (store.channelNameVersion('C2').value, (runs.C2 += 1)));
    const at = (id: string, rev: number, name: string | undefined, state: string): ChannelView => ({ id, rev, name, status: { status: state, unitIds: [] } as never, config: undefined });
    store.apply(diff(channelsWithStatusText([at('C1', 1, 'News desk', 'idle'), at('C2', 1, undefined, 'idle')]))); // both appear
    store.apply(diff(channelsWithStatusText([at('C1', 2, 'News desk', 'collecting'), at('C2', 2, undefined, 'connecting')]))); // status only
    expect(runs).toEqual({ C1: 2, C2: 2 });
    store.apply(diff(channelsWithStatusText([at('C1', 3, 'Sport', 'collecting')]))); // renamed
    store.apply(diff({ removedChannels: ['C2'] })); // goes
    expect(runs).toEqual({ C1: 3, C2: 3 });
    expect(store.channelName('C1')).toBe('Sport');
    stop1();
    stop2();
  });

  it('refuses a diff whose status texts do not match its channels, and a status text that is not an object, by name', () => {
    const store = new FleetStore();
    expect(() => store.apply(diff({ frame: 7, channels: [{ id: 'C1', rev: 1, status: undefined, config: undefined }], channelStatuses: [] }))).toThrow(
      'diff 7: 0 channel status texts for 1 channels',
    );
    store.apply(diff({ channels: [{ id: 'C1', rev: 1, status: undefined, config: undefined }], channelStatuses: ['[1,2]'] }));
    expect(() => store.channel('C1')).toThrow('channel C1: its status text is not a JSON object');
  });
});

describe('channelLabel: the name shown for a unit’s channel', () => {
  const named = { id: 'C1', rev: 1, name: 'News desk', status: undefined, config: undefined };
  const unnamed: ChannelView = { id: 'C9', rev: 1, status: undefined, config: undefined };
  it.each([
    ['a channel of the group by its name', 'C1', named, 'News desk'],
    ['a channel the store does not hold as "External"', 'CX', undefined, 'External'],
    ['a channel known only from events (no name) as "External"', 'C9', unnamed, 'External'],
    ['a blank name as "External"', 'C1', { ...named, name: '  ' }, 'External'],
    ['no channel as nothing', null, undefined, null],
    ['an empty channel id as nothing', '', undefined, null],
  ])('shows %s', (_label, id, channel, expected) => {
    expect(channelLabel(id, channel?.name)).toBe(expected);
  });
});

describe('FleetStore: a snapshot as columns (diff.snapshot) is kept unparsed until read', () => {
  it("runs a first snapshot's first slice where `later` says (after the paint) and every next slice where `continueLater` says (the next task)", () => {
    const first: (() => void)[] = [];
    const next: (() => void)[] = [];
    const store = new FleetStore((work) => first.push(work), (work) => next.push(work));
    const views = Array.from({ length: 200 }, (_, i) => view(`U${String(i).padStart(3, '0')}`, 1));
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10)); // every clock read ends a slice
    try {
      store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns(views).columns }));
      expect([first.length, next.length]).toEqual([1, 0]);
      first.shift()?.();
      expect([first.length, next.length]).toEqual([0, 1]); // 64 units, then the rest handed on
      while (next.length > 0) next.shift()?.();
      expect(first).toHaveLength(0); // never back to the paint
      expect(store.snapshotPending.value).toBe(false);
      expect(views.every((v) => JSON.stringify(store.unit(v.id)) === JSON.stringify(v))).toBe(true);
    } finally {
      now.mockRestore();
    }
  });

  it('parses a view on its first read, the rest in slices after the paint, and gives the worker order', () => {
    const later: (() => void)[] = [];
    const store = new FleetStore((work) => later.push(work));
    const views = [{ ...view('U2', 1), name: 'b' }, { ...view('U1', 1), name: 'B' }, { ...view('U3', 1), name: 'a' }];
    const { columns } = encodeSnapshotColumns(views);
    let parsed = 0;
    const parse = JSON.parse;
    JSON.parse = ((text: string) => ((parsed += 1), parse(text))) as typeof JSON.parse;
    try {
      store.apply(diff({ reset: true, snapshot: columns }));
      expect(parsed).toBe(0);
      expect(store.size).toBe(3);
      expect(store.unitName('U2')).toBe('b');
      expect(store.idsByName()).toEqual(['U3', 'U1', 'U2']);
      expect(store.unit('U1')).toEqual(views[1]);
      expect(parsed).toBe(1);
      expect(later).toHaveLength(1);
      const filledBefore = performance.getEntriesByName(SNAPSHOT_FILLED_MARK).length;
      later.shift()?.();
      expect(parsed).toBe(3); // the two left, U1 not again
      // The end of the slices is marked once, when the columns are let go.
      expect(store.snapshotPending.value).toBe(false);
      expect(performance.getEntriesByName(SNAPSHOT_FILLED_MARK)).toHaveLength(filledBefore + 1);
    } finally {
      JSON.parse = parse;
    }
    expect(store.idsByName()).toEqual(['U3', 'U1', 'U2']); // kept after the columns are let go
  });

  it('a second snapshot bumps the followed units\' versions, and membership only for a unit new to the store', () => {
    const store = new FleetStore(() => undefined);
    store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns([view('U1', 1), view('U2', 1)]).columns }));
    expect(store.membership.value).toBe(1);
    const followed = store.unitVersion('U1');
    const before = followed.value;
    store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns([view('U2', 2), view('U1', 2)]).columns }));
    expect(followed.value).toBe(before + 1);
    expect(store.membership.value).toBe(1);
    expect(store.unit('U1')?.rev).toBe(2);
    store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns([view('U1', 3), view('U3', 1)]).columns, removed: ['U2'] }));
    expect(store.membership.value).toBe(2);
    expect(store.unitIds().sort()).toEqual(['U1', 'U3']);
  });

  it('drops the worker order once a unit comes, goes or is renamed; a patch does not', () => {
    const store = new FleetStore(() => undefined);
    store.apply(diff({ reset: true, snapshot: encodeSnapshotColumns([view('U1', 1), view('U2', 1)]).columns }));
    store.apply(diff({ patches: [{ id: 'U1', rev: 2, a: 4, activeAlerts: 1 }] }));
    expect(store.idsByName()).toEqual(['U1', 'U2']);
    expect(store.unit('U1')?.activeAlerts).toBe(1);
    store.apply(diff({ units: [{ ...view('U2', 2), name: 'A' }] }));
    expect(store.idsByName()).toBeNull();
  });
});
