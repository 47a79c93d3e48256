import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { formatLogHeader, formatLogLine } from '../../src/protocol/logFormat.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import type { FleetModel } from '../model/fleetModel.ts';
import { applyEvent, createFleetModel } from '../model/fleetModel.ts';
import { loadSnapshot, snapshot } from '../model/snapshot.ts';
import { summary } from '../model/summary.ts';
import { createFleetService } from '../fleetService.ts';
import type { EventSink } from './eventSource.ts';
import type { LoadedLog } from './logReader.ts';
import { readLog } from './logReader.ts';
import type { LogSourceDeps } from './logSource.ts';
import { createLogSource, LOOP_REST_MS, MAX_BATCH } from './logSource.ts';
import { ManualTime } from './manualTime.ts';
import type { ReplayPosition } from './replayState.ts';

const STORM = readLog(readFileSync(new URL('../../fixtures/reconnect-storm.ndjson', import.meta.url)));
const STORM_SUMMARY = JSON.parse(readFileSync(new URL('../../fixtures/reconnect-storm.summary.json', import.meta.url), 'utf8')) as unknown;

/** A sink holding a model, as the pipeline does: events applied, snapshots loaded. */
function modelSink(): EventSink & { model: FleetModel; received: Envelope[]; snapshots: number } {
  const sink = {
    model: createFleetModel(),
    received: [] as Envelope[],
    snapshots: 0,
    event(event: Envelope) {
      sink.received.push(event);
      applyEvent(sink.model, event);
    },
    snapshot(fleet: Parameters<EventSink['snapshot']>[0], watermark: number) {
      sink.snapshots += 1;
      loadSnapshot(sink.model, fleet, watermark);
    },
    connection() {},
    badFrame() {},
  };
  return sink;
}

/** The model's state in a comparable form (units in id order; counters; summary incl. transitions). */
function stateOf(model: FleetModel) {
  const snap = snapshot(model);
  return {
    units: [...snap.units].sort((a, b) => a.unit.uid.localeCompare(b.unit.uid)),
    channels: [...snap.channels].sort((a, b) => a.id.localeCompare(b.id)),
    servers: [...snap.servers].sort((a, b) => a.id.localeCompare(b.id)),
    counters: { ...model.counters },
    summary: summary(model),
  };
}

/** Playing from the start up to `count` events. */
function reference(events: readonly Envelope[], count: number) {
  const model = createFleetModel();
  for (let i = 0; i < count; i++) applyEvent(model, events[i] as Envelope);
  return stateOf(model);
}

function open(log: LoadedLog, extra: Partial<LogSourceDeps> = {}) {
  const time = new ManualTime(1_000_000);
  const states: ReplayPosition[] = [];
  const source = createLogSource(log, 'test.ndjson', { clock: time, timers: time, onState: (s) => states.push(s), ...extra });
  const sink = modelSink();
  source.start(sink);
  return { time, source, sink, states };
}

/** A small log: one unit added at t0, then a status every `gapMs`. */
function smallLog(count: number, gapMs = 1_000): LoadedLog {
  const t0 = 1_763_700_000_000;
  const events: Envelope[] = [{ ...makeEvent('unit.added', 'U1', 1, 1, { uid: 'U1', name: 'Truck 1', type: '800', status: { state: 'offline' } }), ts: t0 }];
  for (let i = 1; i < count; i++) {
    events.push({ ...makeEvent('unit.status', 'U1', i + 1, i + 1, { state: i % 2 === 1 ? 'online' : 'offline' }), ts: t0 + i * gapMs });
  }
  const text = formatLogHeader('2025-11-21T04:40:00.000Z') + events.map(formatLogLine).join('');
  return readLog(text);
}

describe('LogSource seek', () => {
  const total = STORM.events.length;

  it.each([
    ['the default snapshot spacing', {}],
    ['a snapshot every 50 events', { everyEvents: 50 }],
    ['at most 4 snapshots (thinned)', { everyEvents: 10, maxSnapshots: 4 }],
  ])('leaves the same state as playing from the start to the target, with %s (fast-check over targets)', (_name, index) => {
    const { source, sink } = open(STORM, { index });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: total }), (target) => {
        source.seekTo({ index: target });
        expect(source.position().index).toBe(target);
        expect(stateOf(sink.model)).toEqual(reference(STORM.events, target));
      }),
      { numRuns: 40 },
    );
  });

  it('seeks by seq like --until SEQ: every event with seq ≤ S applied', () => {
    const { source, sink } = open(STORM);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (STORM.events[total - 1] as Envelope).seq + 5 }), (seq) => {
        source.seekTo({ seq });
        const count = STORM.events.filter((e) => e.seq <= seq).length;
        expect(source.position().index).toBe(count);
        expect(source.position().seq).toBe(count === 0 ? null : (STORM.events[count - 1] as Envelope).seq);
        expect(stateOf(sink.model)).toEqual(reference(STORM.events, count));
      }),
      { numRuns: 30 },
    );
  });

  it('seeks by time like --until ISO-TIME: every event with ts ≤ T applied, the playhead at T', () => {
    const { source, sink } = open(STORM);
    const { startTs, endTs } = source.info;
    fc.assert(
      fc.property(fc.integer({ min: startTs, max: endTs }), (ts) => {
        source.seek(ts);
        const count = STORM.events.filter((e) => e.ts <= ts).length;
        expect(source.position()).toMatchObject({ index: count, ts });
        expect(stateOf(sink.model)).toEqual(reference(STORM.events, count));
      }),
      { numRuns: 30 },
    );
  });

  it('clamps a time before the log to its start and after it to its end', () => {
    const { source } = open(STORM);
    source.seek(0);
    expect(source.position()).toMatchObject({ index: STORM.events.filter((e) => e.ts <= source.info.startTs).length, ts: source.info.startTs });
    source.seek(Number.MAX_SAFE_INTEGER);
    expect(source.position()).toMatchObject({ index: total, ts: source.info.endTs });
  });

  it('hands the seek to the sink as one snapshot, not as replayed events (no replayed notifications)', () => {
    const { source, sink } = open(STORM);
    source.seekTo({ index: 1000 });
    expect(sink.received).toHaveLength(0);
    expect(sink.snapshots).toBe(1);
  });
});

describe('LogSource step', () => {
  it('steps forward by exactly one event through sink.event', () => {
    const { source, sink } = open(STORM);
    source.seekTo({ index: 10 });
    source.step(1);
    expect(sink.received).toEqual([STORM.events[10]]);
    expect(source.position()).toMatchObject({ index: 11, seq: (STORM.events[10] as Envelope).seq, ts: (STORM.events[10] as Envelope).ts, phase: 'paused' });
    expect(stateOf(sink.model)).toEqual(reference(STORM.events, 11));
  });

  it('steps back to the state before the last event (seek to index − 1)', () => {
    const { source, sink } = open(STORM);
    source.seekTo({ index: 500 });
    source.step(-1);
    expect(source.position()).toMatchObject({ index: 499, seq: (STORM.events[498] as Envelope).seq });
    expect(stateOf(sink.model)).toEqual(reference(STORM.events, 499));
  });

  it('does nothing past either end', () => {
    const { source } = open(smallLog(3));
    source.step(-1);
    expect(source.position().index).toBe(0);
    source.seekTo({ index: 3 });
    source.step(1);
    expect(source.position().index).toBe(3);
  });

  it('pauses a playing replay', () => {
    const { source } = open(smallLog(10));
    source.play(1);
    source.step(1);
    expect(source.position().phase).toBe('paused');
  });

  it('any walk of steps and seeks ends in the state of playing to that point (fast-check)', () => {
    const log = smallLog(60, 700);
    const { source, sink } = open(log, { index: { everyEvents: 7 } });
    const move = fc.oneof(
      fc.constant({ type: 'step' as const, by: 1 as const }),
      fc.constant({ type: 'step' as const, by: -1 as const }),
      fc.integer({ min: 0, max: 60 }).map((index) => ({ type: 'seek' as const, to: { index } })),
    );
    fc.assert(
      fc.property(fc.array(move, { maxLength: 30 }), (moves) => {
        for (const m of moves) source.command(m);
        expect(stateOf(sink.model)).toEqual(reference(log.events, source.position().index));
      }),
    );
  });
});

describe('LogSource pacing (injected clock)', () => {
  it.each([
    [1, 1_000],
    [2, 500],
    [0.1, 10_000],
    [100, 10],
  ])('at speed %s applies an event 1 s of log time later after %s ms of wall time, not before', (speed, wallMs) => {
    const { source, time } = open(smallLog(3, 1_000));
    source.play(speed);
    expect(source.position().index).toBe(1); // the first event is due at once
    time.advance(wallMs - 1);
    expect(source.position().index).toBe(1);
    time.advance(1);
    expect(source.position().index).toBe(2);
  });

  it('moves the playhead with the clock between events', () => {
    const { source, time } = open(smallLog(2, 10_000));
    source.play(1);
    time.advance(3_000);
    expect(source.position().ts).toBe(source.info.startTs + 3_000);
  });

  it('at max applies every event without waiting for log time, in batches of MAX_BATCH', () => {
    const { source, time, sink } = open(STORM);
    source.play('max');
    expect(sink.received.length).toBeLessThanOrEqual(MAX_BATCH);
    time.advance(0);
    expect(source.position()).toMatchObject({ index: STORM.events.length, phase: 'ended' });
    expect(summary(sink.model)).toEqual(STORM_SUMMARY);
  });

  it('pause stops the clock; play resumes from the playhead', () => {
    const { source, time } = open(smallLog(5, 1_000));
    source.play(1);
    time.advance(1_500);
    source.pause();
    const paused = source.position();
    time.advance(10_000);
    expect(source.position()).toEqual(paused);
    source.play();
    time.advance(499);
    expect(source.position().index).toBe(2);
    time.advance(1);
    expect(source.position().index).toBe(3);
  });

  it('a speed change keeps the playhead and paces from there', () => {
    const { source, time } = open(smallLog(3, 1_000));
    source.play(1);
    time.advance(500);
    source.setSpeed(10);
    time.advance(49);
    expect(source.position().index).toBe(1);
    time.advance(1);
    expect(source.position().index).toBe(2);
  });

  it.each([[0.09], [100.1], [0], [-1], [Number.NaN]])('refuses speed %s', (speed) => {
    const { source } = open(smallLog(2));
    expect(() => source.setSpeed(speed)).toThrow(/0\.1 to 100/);
  });

  it('the same final state at 1× and at max (replay determinism)', () => {
    const log = smallLog(40, 250);
    const slow = open(log);
    slow.source.play(1);
    slow.time.advance(40 * 250);
    const fast = open(log);
    fast.source.play('max');
    fast.time.advance(0);
    expect(slow.source.position().phase).toBe('ended');
    expect(stateOf(slow.sink.model)).toEqual(stateOf(fast.sink.model));
  });
});

describe('LogSource end and loop', () => {
  it('ends at the last event without loop', () => {
    const { source, time, states } = open(smallLog(3, 1_000));
    source.play(1);
    time.advance(10_000);
    expect(source.position()).toMatchObject({ index: 3, phase: 'ended', ts: source.info.endTs });
    expect(states.at(-1)?.phase).toBe('ended');
    expect(time.size).toBe(0);
  });

  it('starts again from the beginning with loop, and keeps playing', () => {
    const log = smallLog(3, 1_000);
    const { source, time, sink } = open(log, { loop: true });
    source.play(1);
    time.advance(2_000); // all 3 applied at 0, 1 s, 2 s → end → back to the start
    expect(source.position()).toMatchObject({ phase: 'playing' });
    expect(sink.snapshots).toBe(1);
    time.advance(1_000);
    expect(source.position().index).toBe(2);
    expect(stateOf(sink.model)).toEqual(reference(log.events, 2));
  });

  it('at max with loop, a short log starts again at most once per LOOP_REST_MS, and a pause in the rest holds', () => {
    const log = smallLog(3, 1_000);
    const { source, time, sink } = open(log, { loop: true, speed: 'max' });
    source.play();
    // The whole log is applied at once; the next round waits for the rest, not a 0 ms timer.
    expect(source.position()).toMatchObject({ index: 3, phase: 'playing' });
    expect(sink.snapshots).toBe(0);
    time.advance(LOOP_REST_MS - 1);
    expect(sink.snapshots).toBe(0);
    time.advance(1);
    expect(sink.snapshots).toBe(1);
    expect(source.position().index).toBe(3); // the new round played through at once
    time.advance(10 * LOOP_REST_MS);
    expect(sink.snapshots).toBeLessThanOrEqual(11);
    expect(sink.snapshots).toBeGreaterThanOrEqual(10);
    source.pause();
    const paused = sink.snapshots;
    time.advance(10 * LOOP_REST_MS);
    expect(sink.snapshots).toBe(paused);
    expect(source.position().phase).toBe('paused');
    expect(time.size).toBe(0);
  });

  it('play at the end starts from the beginning', () => {
    const { source, time } = open(smallLog(3, 1_000));
    source.seekTo({ index: 3 });
    source.play(1);
    expect(source.position().index).toBe(1);
    time.advance(1_000);
    expect(source.position().index).toBe(2);
  });

  it('stop() ends the timers for good', () => {
    const { source, time } = open(smallLog(5, 1_000));
    source.play(1);
    source.stop();
    time.advance(10_000);
    expect(source.position().index).toBe(1);
    expect(time.size).toBe(0);
  });
});

describe('LogSource info', () => {
  it('precomputes density (every event in one bin) and alert markers on open', () => {
    const { source } = open(STORM);
    expect(source.info.total).toBe(STORM.events.length);
    expect(source.info.density.reduce((a, b) => a + b, 0)).toBe(STORM.events.length);
    for (const marker of source.info.markers) {
      expect(STORM.events[marker.index - 1]?.seq).toBe(marker.seq);
    }
    expect(source.info.markers.length).toBeGreaterThan(0);
  });

  it('reports the state at once after each control', () => {
    const { source, states } = open(smallLog(3));
    const before = states.length;
    source.setLoop(true);
    expect(states.length).toBe(before + 1);
    expect(states.at(-1)?.loop).toBe(true);
  });
});

describe('LogSource through FleetService.play (the same pipeline as live)', () => {
  it('the pipeline ends with the fixture summary and diffs reach onDiff', async () => {
    const time = new ManualTime();
    const frames: Array<() => void> = [];
    const service = createFleetService({
      fetch: () => Promise.reject(new Error('no REST in replay')),
      clock: time,
      timers: time,
      random: () => 0.5,
      requestFrame: (callback) => void frames.push(callback),
    });
    const source = createLogSource(STORM, 'reconnect-storm.ndjson', { clock: time, timers: time });
    const diffs: number[] = [];
    service.play(source, (diff) => void diffs.push(diff.frame));
    source.play('max');
    time.advance(0);
    expect(service.pipeline && summary(service.pipeline.model)).toEqual(STORM_SUMMARY);
    for (const frame of frames.splice(0)) frame();
    await Promise.resolve();
    expect(diffs.length).toBeGreaterThan(0);
  });
});
