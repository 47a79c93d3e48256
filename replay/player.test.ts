import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEvent } from '../src/protocol/sampleEvents.ts';
import { formatLogHeader, formatLogLine } from '../src/protocol/logFormat.ts';
import { snapshot } from '../workers/model/snapshot.ts';
import { summary } from '../workers/model/summary.ts';
import type { PlayerClock, Progress } from './player.ts';
import { formatProgress, playLogFile, PROGRESS_INTERVAL_MS } from './player.ts';

const ROOT = join(import.meta.dirname, '..');
const STORM = join(ROOT, 'fixtures', 'reconnect-storm.ndjson');
const dir = mkdtempSync(join(tmpdir(), 'luc-player-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Virtual wall time: sleep moves it forward at once and records the wait. */
function fakeClock(): PlayerClock & { sleeps: number[]; time: number } {
  const clock = {
    time: 0,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}

const realClock: PlayerClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

describe('replay determinism', () => {
  it('replaying the same log twice gives the same final state', async () => {
    const a = await playLogFile({ file: STORM, pace: { kind: 'max' }, until: null, clock: realClock });
    const b = await playLogFile({ file: STORM, pace: { kind: 'max' }, until: null, clock: realClock });
    expect(snapshot(b.model)).toEqual(snapshot(a.model));
    expect(summary(b.model)).toEqual(summary(a.model));
    expect(b.model.counters).toEqual(a.model.counters);
  });

  it('replaying in time (1×, on a virtual clock) and at max gives the same final state', async () => {
    const clock = fakeClock();
    const paced = await playLogFile({ file: STORM, pace: { kind: 'speed', factor: 1 }, until: null, clock });
    const max = await playLogFile({ file: STORM, pace: { kind: 'max' }, until: null, clock: realClock });
    expect(snapshot(paced.model)).toEqual(snapshot(max.model));
    expect(summary(paced.model)).toEqual(summary(max.model));
    // 1×: the virtual wall time spent is the log's own span (first to last ts), within a tick
    const lines = readFileSync(STORM, 'utf8').trim().split('\n').slice(1);
    const span = (JSON.parse(lines.at(-1) ?? '{}') as { ts: number }).ts - (JSON.parse(lines[0] ?? '{}') as { ts: number }).ts;
    expect(paced.elapsedMs).toBeGreaterThanOrEqual(span - 2);
    expect(paced.elapsedMs).toBeLessThanOrEqual(span);
  });

  it('replaying at 1000× in real time gives the state of max speed', async () => {
    const paced = await playLogFile({ file: STORM, pace: { kind: 'speed', factor: 1000 }, until: null, clock: realClock });
    const max = await playLogFile({ file: STORM, pace: { kind: 'max' }, until: null, clock: realClock });
    expect(snapshot(paced.model)).toEqual(snapshot(max.model));
  });
});

describe('pacing and --until', () => {
  const file = join(dir, 'paced.ndjson');
  const unit = { uid: 'U1', name: 'U1', type: '800', status: { state: 'online' } };
  // ts: +0, +0, +1,000, +4,000 ms
  const events = [
    { ...makeEvent('unit.added', 'U1', 1, 1, unit), ts: 1_000_000 },
    { ...makeEvent('unit.status', 'U1', 2, 2, { state: 'online', applications: { video: {} } }), ts: 1_000_000 },
    { ...makeEvent('unit.status', 'U1', 3, 3, { state: 'offline' }), ts: 1_001_000 },
    { ...makeEvent('unit.status', 'U1', 4, 4, { state: 'online' }), ts: 1_004_000 },
  ];
  writeFileSync(file, formatLogHeader('2025-11-21T04:40:00.000Z') + events.map(formatLogLine).join(''));

  it.each([
    [1, [1000, 1000, 1000, 1000]],
    [2, [500, 1000, 500]],
    [4000, []], // gaps of 0.25 ms and 0.75 ms are below MIN_SLEEP_MS: caught up without a timer
  ])('at speed %d waits %j ms of wall time between events', async (factor, sleeps) => {
    const clock = fakeClock();
    const result = await playLogFile({ file, pace: { kind: 'speed', factor }, until: null, clock });
    expect(clock.sleeps).toEqual(sleeps);
    expect(result.events).toBe(4);
  });

  it('reports progress once per second of wall time while it waits', async () => {
    const clock = fakeClock();
    const seen: Progress[] = [];
    await playLogFile({ file, pace: { kind: 'speed', factor: 1 }, until: null, clock, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.elapsedMs)).toEqual([1000, 2000, 3000, 4000]);
    expect(seen.every((p, i) => i === 0 || p.elapsedMs - (seen[i - 1]?.elapsedMs ?? 0) >= PROGRESS_INTERVAL_MS)).toBe(true);
  });

  it.each([
    [{ kind: 'seq', seq: 2 } as const, 2, 'streaming'],
    [{ kind: 'seq', seq: 3 } as const, 3, 'offline'],
    [{ kind: 'time', ms: 1_000_999, text: '' } as const, 2, 'streaming'],
    [{ kind: 'time', ms: 1_001_000, text: '' } as const, 3, 'offline'],
  ])('stops at %j after %i events, the unit %s', async (until, count, status) => {
    const result = await playLogFile({ file, pace: { kind: 'max' }, until, clock: fakeClock() });
    expect(result.events).toBe(count);
    expect(result.stoppedBy).toBe('until');
    expect(result.model.units.get('U1')?.status).toBe(status);
  });

  it('reads to the end when --until lies beyond the last event', async () => {
    const result = await playLogFile({ file, pace: { kind: 'max' }, until: { kind: 'seq', seq: 4 }, clock: fakeClock() });
    expect(result).toMatchObject({ events: 4, stoppedBy: 'end', lastSeq: 4 });
  });

  it('formats a compact progress line', async () => {
    const result = await playLogFile({ file, pace: { kind: 'max' }, until: null, clock: fakeClock() });
    const line = formatProgress({ elapsedMs: 12_400, seq: 4, ts: 1_763_700_001_000, events: 12_000, model: result.model });
    expect(line).toBe('12s  log 2025-11-21T04:40:01.000Z  seq 4  events 12,000  units 1  offline 0  busy 0  idle 1  alerts 0');
  });
});
