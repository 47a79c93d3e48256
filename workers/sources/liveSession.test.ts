import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import type { ConnectionState } from './connectionState.ts';
import { describeConnection } from './connectionState.ts';
import type { EventSink, RestSnapshot } from './eventSource.ts';
import { LiveSession, MAX_RESYNC_BUFFER } from './liveSession.ts';
import { ManualTime } from './manualTime.ts';

function recordingSink() {
  const log: string[] = [];
  const events: Envelope[] = [];
  const states: ConnectionState[] = [];
  const bad: string[] = [];
  const sink: EventSink = {
    event: (e) => (events.push(e), log.push(`event ${e.seq}`)),
    snapshot: (_s: FleetSnapshot, w) => log.push(`snapshot ${w}`),
    connection: (s) => states.push(s),
    badFrame: (reason) => bad.push(reason),
  };
  return { sink, log, events, states, bad };
}

function session(options: { batchSize?: number; snapshot?: (signal?: AbortSignal) => Promise<RestSnapshot> } = {}) {
  const time = new ManualTime();
  const sent: unknown[] = [];
  const recorded = recordingSink();
  let answer: (value: RestSnapshot) => void = () => undefined;
  const live = new LiveSession(
    {
      send: (text) => sent.push(JSON.parse(text)),
      fetchSnapshot: options.snapshot ?? (() => new Promise<RestSnapshot>((resolve) => (answer = resolve))),
      groupTopic: 'group:G1',
      ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
      clock: time,
      timers: time,
      random: () => 0.5,
    },
    recorded.sink,
  );
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { live, sent, time, ...recorded, answer: (value: RestSnapshot) => answer(value), settle };
}

const EMPTY: FleetSnapshot = { units: [], channels: [], servers: [] };
const frame = (e: Envelope) => JSON.stringify(e);

describe('subscriptions (protocol.md; spec 001 §7: batches of 50, or the user property)', () => {
  it.each([
    [50, 120, [50, 50, 21]],
    [50, 49, [50]],
    [10, 25, [10, 10, 6]],
  ])('with batch size %i sends the group plus %i unit topics in batches of %j', (batchSize, units, sizes) => {
    const { live, sent } = session({ batchSize });
    live.setView('list', Array.from({ length: units }, (_, i) => `unit:U${i}` as const));
    expect(sent).toEqual([]); // nothing is sent while closed
    live.opened();
    const subscribes = sent.filter((m) => (m as { op: string }).op === 'subscribe') as { topics: string[] }[];
    expect(subscribes.map((m) => m.topics.length)).toEqual(sizes);
    expect(subscribes[0]?.topics[0]).toBe('group:G1');
  });

  it('unsubscribes a topic when the last view holding it goes away, and restores the rest after a reconnect', () => {
    const { live, sent } = session();
    live.opened();
    live.setView('list', ['unit:U1', 'unit:U2']);
    live.setView('map', ['unit:U2']);
    sent.length = 0;
    live.releaseView('list');
    expect(sent).toEqual([{ op: 'unsubscribe', topics: ['unit:U1'] }]);
    live.releaseView('map');
    expect(sent).toEqual([
      { op: 'unsubscribe', topics: ['unit:U1'] },
      { op: 'unsubscribe', topics: ['unit:U2'] },
    ]);
    live.setView('unit page', ['unit:U7', 'channel:C1']);
    live.closed(3_000);
    sent.length = 0;
    live.opened();
    expect(sent[0]).toEqual({ op: 'subscribe', topics: ['group:G1', 'unit:U7', 'channel:C1'] });
  });
});

describe('start, resume and reset', () => {
  it('subscribes first, buffers events while the snapshot loads, then applies only those above its watermark', async () => {
    const { live, sent, log, answer, settle, states } = session();
    live.opened();
    expect(sent).toEqual([{ op: 'subscribe', topics: ['group:G1'] }]);
    expect(states.at(-1)).toEqual({ phase: 'resyncing' });
    live.message(frame(makeEvent('unit.status', 'U1', 2, 41)));
    live.message(frame(makeEvent('unit.status', 'U1', 3, 42)));
    live.message(frame(makeEvent('unit.status', 'U1', 4, 43)));
    expect(log).toEqual([]);
    answer({ watermark: 42, snapshot: EMPTY });
    await settle();
    expect(log).toEqual(['snapshot 42', 'event 43']);
    expect(live.lastSeq).toBe(43);
    expect(states.at(-1)).toEqual({ phase: 'live' });
  });

  it('a columns answer: the sink takes the columns, loads later; events stay held until it has, then only those above the watermark', async () => {
    const { live, sink, log, answer, settle, states } = session();
    let finish: (fleet: FleetSnapshot) => void = () => undefined;
    const loads: string[] = [];
    const presented: string[] = [];
    sink.snapshotPresented = (_columns, watermark, load) => {
      presented.push(`columns ${watermark}`);
      return new Promise<FleetSnapshot>((resolve) => (finish = (fleet) => (loads.push('loaded'), resolve(fleet)))).then(() => load());
    };
    live.opened();
    live.message(frame(makeEvent('unit.status', 'U1', 2, 41)));
    const columns = { columns: {} as never, transfer: [], counters: {} as never };
    answer({ watermark: 42, columns, load: () => EMPTY });
    await settle();
    live.message(frame(makeEvent('unit.status', 'U1', 3, 43)));
    await settle();
    expect(presented).toEqual(['columns 42']);
    expect(log).toEqual([]); // held while the fleet is not loaded
    expect(states.at(-1)).toEqual({ phase: 'resyncing' });
    finish(EMPTY);
    await settle();
    expect(loads).toEqual(['loaded']);
    expect(log).toEqual(['event 43']);
    expect(live.lastSeq).toBe(43);
    expect(states.at(-1)).toEqual({ phase: 'live' });
  });

  it('a columns answer whose fleet does not load is reported and fetched again, its events still held', async () => {
    const { live, sink, log, answer, settle, bad, time } = session();
    sink.snapshotPresented = () => Promise.reject(new Error('snapshot: the packed answer is empty'));
    live.opened();
    answer({ watermark: 42, columns: { columns: {} as never, transfer: [], counters: {} as never }, load: () => EMPTY });
    live.message(frame(makeEvent('unit.status', 'U1', 3, 43)));
    await settle();
    expect(bad).toEqual(['snapshot fetch failed: snapshot: the packed answer is empty']);
    expect(log).toEqual([]);
    delete sink.snapshotPresented; // a sink without the method: the source loads and calls snapshot()
    time.advance(60_000);
    answer({ watermark: 42, columns: { columns: {} as never, transfer: [], counters: {} as never }, load: () => EMPTY });
    await settle();
    expect(log).toEqual(['snapshot 42']); // the retry's fresh fetch; the events held before it were for the abandoned one
  });

  it('resumes from the last seq after a reconnect', async () => {
    const { live, sent, answer, settle } = session();
    live.opened();
    answer({ watermark: 10, snapshot: EMPTY });
    await settle();
    live.message(frame(makeEvent('unit.status', 'U1', 2, 17)));
    live.closed(4_000);
    sent.length = 0;
    live.opened();
    expect(sent).toEqual([
      { op: 'subscribe', topics: ['group:G1'] },
      { op: 'resume', from: 17 },
    ]);
  });

  it('answers reset with a snapshot, and takes the new watermark even when it is lower (server restarted)', async () => {
    const { live, answer, settle, log } = session();
    live.opened();
    answer({ watermark: 5_000, snapshot: EMPTY });
    await settle();
    live.message(JSON.stringify({ op: 'reset' }));
    answer({ watermark: 30, snapshot: EMPTY });
    await settle();
    expect(log).toEqual(['snapshot 5000', 'snapshot 30']);
    expect(live.lastSeq).toBe(30);
  });

  it('keeps the snapshot in flight when a reset arrives during a resync, loads it, then resyncs again after a jittered delay', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const answers: ((value: RestSnapshot) => void)[] = [];
    const { live, settle, log, time, states } = session({
      snapshot: (signal?: AbortSignal) => {
        signals.push(signal);
        return new Promise<RestSnapshot>((resolve) => answers.push(resolve));
      },
    });
    live.opened();
    live.message(JSON.stringify({ op: 'reset' })); // overload: the server resets before the snapshot arrived
    live.message(JSON.stringify({ op: 'reset' }));
    expect(signals).toHaveLength(1); // not restarted: a restart under overload would never finish
    expect(signals[0]?.aborted).toBe(false);
    answers[0]?.({ watermark: 100, snapshot: EMPTY });
    await settle();
    expect(log).toEqual(['snapshot 100']);
    expect(states.at(-1)?.phase).toBe('live');
    time.advance(10_000); // reconnectDelay draws in [0, 10 s]
    expect(signals).toHaveLength(2);
    answers[1]?.({ watermark: 250, snapshot: EMPTY });
    await settle();
    expect(log).toEqual(['snapshot 100', 'snapshot 250']);
    time.advance(10_000);
    expect(signals).toHaveLength(2); // one reset, one follow-up resync
  });

  it('drops a buffer that outgrows MAX_RESYNC_BUFFER without restarting the fetch, and resyncs again after loading', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const answers: ((value: RestSnapshot) => void)[] = [];
    const { live, settle, log, time } = session({
      snapshot: (signal?: AbortSignal) => (signals.push(signal), new Promise<RestSnapshot>((resolve) => answers.push(resolve))),
    });
    live.opened();
    for (let seq = 1; seq <= MAX_RESYNC_BUFFER + 1; seq += 1) live.message(frame(makeEvent('unit.status', 'U1', seq + 1, seq + 10, { state: 'online' })));
    expect(signals).toHaveLength(1);
    answers[0]?.({ watermark: 5, snapshot: EMPTY });
    await settle();
    expect(log).toEqual(['snapshot 5']); // the dropped events are not applied
    time.advance(10_000);
    expect(signals).toHaveLength(2); // the follow-up resync covers them
  });

  it('aborts the snapshot request of a resync abandoned by a close', () => {
    const signals: (AbortSignal | undefined)[] = [];
    const { live } = session({ snapshot: (signal?: AbortSignal) => (signals.push(signal), new Promise<RestSnapshot>(() => undefined)) });
    live.opened();
    live.closed(1_000);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('drops a snapshot answer that arrives after the socket closed, and resyncs on the next open', async () => {
    const { live, answer, settle, log, sent } = session();
    live.opened();
    live.closed(1_000);
    answer({ watermark: 9, snapshot: EMPTY });
    await settle();
    expect(log).toEqual([]);
    sent.length = 0;
    live.opened();
    expect(sent).toEqual([{ op: 'subscribe', topics: ['group:G1'] }]); // no resume: a snapshot is needed
  });

  it('retries a failed snapshot fetch after a jittered delay', async () => {
    let calls = 0;
    const { live, time, settle, bad } = session({
      snapshot: () => (++calls === 1 ? Promise.reject(new Error('HTTP 503')) : Promise.resolve({ watermark: 1, snapshot: EMPTY })),
    });
    live.opened();
    await settle();
    expect(bad).toEqual(['snapshot fetch failed: HTTP 503']);
    time.advance(5_000); // random 0.5 → 5 s
    await settle();
    expect(calls).toBe(2);
    expect(live.connection).toEqual({ phase: 'live' });
  });
});

describe('bad frames (issue 4 item 1: counted, reported with the reason, never fatal)', () => {
  it.each([
    ['not json', 'frame is not valid JSON'],
    ['{"seq":1,"ts":1,"kind":"unit.status","id":"U1","rev":0,"data":{}}', 'rev'],
    ['{"op":"shout"}', 'op: expected one of events, reset, denied, error'],
    ['{"op":"events","events":"U1"}', 'events: expected an array'],
  ])('reports %s and keeps applying later frames', async (text, reason) => {
    const { live, answer, settle, bad, events } = session();
    live.opened();
    answer({ watermark: 0, snapshot: EMPTY });
    await settle();
    live.message(text);
    live.message(frame(makeEvent('unit.status', 'U1', 1, 2)));
    expect(live.stats.badFrames).toBe(1);
    expect(bad[0]).toContain(reason);
    expect(events.map((e) => e.seq)).toEqual([2]);
  });
});

describe('batched frames (docs/protocol.md: {"op":"events","events":[...]})', () => {
  const batch = (...events: unknown[]) => JSON.stringify({ op: 'events', events });

  it('receives the events of a batched frame in order, buffered like single ones during a resync', async () => {
    const { live, log, answer, settle } = session();
    live.opened();
    live.message(batch(makeEvent('unit.status', 'U1', 2, 41), makeEvent('unit.status', 'U2', 1, 42)));
    live.message(batch(makeEvent('unit.status', 'U1', 3, 43)));
    expect(log).toEqual([]);
    answer({ watermark: 41, snapshot: EMPTY });
    await settle();
    live.message(batch(makeEvent('unit.status', 'U3', 1, 44), makeEvent('unit.status', 'U1', 4, 45)));
    expect(log).toEqual(['snapshot 41', 'event 42', 'event 43', 'event 44', 'event 45']);
    expect(live.lastSeq).toBe(45);
    expect(live.stats).toMatchObject({ framesIn: 3, eventsIn: 5, badFrames: 0 });
  });

  it('reports a bad event of a batch alone and applies its neighbours', async () => {
    const { live, answer, settle, bad, events } = session();
    live.opened();
    answer({ watermark: 0, snapshot: EMPTY });
    await settle();
    live.message(batch(makeEvent('unit.status', 'U1', 1, 5), { seq: 6, kind: 'unit.status' }, makeEvent('unit.status', 'U2', 1, 7)));
    expect(events.map((e) => e.seq)).toEqual([5, 7]);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/^events\[1\] \(seq 6\): /);
    expect(live.stats.badFrames).toBe(1);
  });
});

describe('connection state', () => {
  it('says reconnecting in N s, then offline since T with a jittered reload when the source gives up', () => {
    const { live, states, time } = session();
    const start = time.now();
    live.opened();
    live.closed(7_000, 1);
    expect(states.at(-1)).toEqual({ phase: 'reconnecting', attempt: 1, retryAt: start + 7_000, since: start });
    expect(describeConnection(states.at(-1) ?? { phase: 'live' }, start + 1)).toBe('reconnecting in 7 s');
    time.advance(7_000);
    live.closed(null);
    expect(states.at(-1)).toEqual({ phase: 'offline', since: start, reloadAt: start + 7_000 + 5_000 });
    expect(describeConnection({ phase: 'offline', since: Date.UTC(2025, 0, 1, 10, 42, 5), reloadAt: null }, 0)).toBe('offline since 10:42:05');
  });
});

describe('session ended (the server closed with 4401: signed out in another tab)', () => {
  it('reports ended once, abandons a pending resync and ignores everything after', async () => {
    const { live, states, time, answer, settle, log, sent } = session();
    const start = time.now();
    live.opened();
    live.sessionEnded();
    expect(states.at(-1)).toEqual({ phase: 'ended', since: start });
    expect(live.isOpen).toBe(false);
    const seen = states.length;
    answer({ watermark: 9, snapshot: EMPTY }); // the snapshot asked for before the close
    await settle();
    live.closed(3_000);
    live.opened();
    live.message(frame(makeEvent('unit.status', 'U1', 1, 10)));
    live.stop();
    expect(states.length).toBe(seen);
    expect(log).toEqual([]);
    expect(sent.filter((m) => (m as { op: string }).op === 'resume')).toEqual([]);
    expect(describeConnection(live.connection, start)).toBe('session ended');
  });
});
