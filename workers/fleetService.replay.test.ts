import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FleetDiff } from './pipeline/diff.ts';
import { changedUnitIds } from './pipeline/diff.ts';
import { summary } from './model/summary.ts';
import { createFleetService } from './fleetService.ts';
import { ManualTime } from './sources/manualTime.ts';
import type { ReplayPosition } from './sources/replayState.ts';

const STORM_TEXT = readFileSync(new URL('../fixtures/reconnect-storm.ndjson', import.meta.url), 'utf8');
const STORM_SUMMARY = JSON.parse(readFileSync(new URL('../fixtures/reconnect-storm.summary.json', import.meta.url), 'utf8')) as unknown;

/** A socket that never connects: enough for the live source to exist. */
class QuietSocket extends EventTarget {
  readyState = 0;
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

function harness() {
  const time = new ManualTime();
  const frames: Array<() => void> = [];
  const service = createFleetService({
    WebSocket: QuietSocket,
    fetch: () => new Promise(() => undefined),
    clock: time,
    timers: time,
    random: () => 0.5,
    requestFrame: (callback) => void frames.push(callback),
  });
  const runFrames = () => {
    for (const frame of frames.splice(0)) frame();
  };
  return { time, service, runFrames };
}

const LIVE = { wsUrl: 'ws://console.test/ws', restUrl: 'http://console.test/rest', groupId: 'G1' };

describe('FleetService replay', () => {
  it('answers a bad log with the parser error naming the line and keeps the live stream', () => {
    const { service } = harness();
    service.connect(LIVE, () => undefined);
    const live = service.source;
    const result = service.openReplay('{"seq":1,"ts":1,"kind":"unit.removed","id":"U1","rev":1,"data":{}}\n', 'bad.ndjson', () => undefined, () => undefined);
    expect(result).toMatchObject({ ok: false, line: 1, message: expect.stringMatching(/^line 1: missing log header/) });
    expect(service.source).toBe(live);
    expect(service.replay).toBeNull();
  });

  it('plays a log through the pipeline instead of live, and its diffs reach the same listener kind', async () => {
    const { service, time, runFrames } = harness();
    const liveDiffs: FleetDiff[] = [];
    service.connect(LIVE, (diff) => void liveDiffs.push(diff));
    const replayDiffs: FleetDiff[] = [];
    const states: ReplayPosition[] = [];
    const result = service.openReplay(new TextEncoder().encode(STORM_TEXT).buffer, 'reconnect-storm.ndjson', (diff) => void replayDiffs.push(diff), (s) => void states.push(s));
    expect(result).toMatchObject({ ok: true, info: { name: 'reconnect-storm.ndjson', total: 1439 } });
    expect(service.source?.kind).toBe('log');
    service.replayCommand({ type: 'speed', speed: 'max' });
    service.replayCommand({ type: 'play' });
    time.advance(0);
    expect(states.at(-1)).toMatchObject({ phase: 'ended', index: 1439 });
    expect(service.pipeline && summary(service.pipeline.model)).toEqual(STORM_SUMMARY);
    runFrames();
    await Promise.resolve();
    const ids = replayDiffs.flatMap((diff) => changedUnitIds(diff));
    expect(new Set(ids).size).toBe(200);
    expect(liveDiffs.flatMap((diff) => changedUnitIds(diff))).toHaveLength(0);
  });

  it('closing the replay reconnects the last live stream; a disposed pipeline posts nothing more', async () => {
    const { service, time, runFrames } = harness();
    service.connect(LIVE, () => undefined);
    const firstLive = service.source;
    const replayDiffs: FleetDiff[] = [];
    service.openReplay(STORM_TEXT, 'storm', (diff) => void replayDiffs.push(diff), () => undefined);
    service.replayCommand({ type: 'step', by: 1 }); // a pending change and a frame requested
    expect(service.closeReplay()).toBe(true);
    expect(service.source?.kind).toBe('live');
    expect(service.source).not.toBe(firstLive);
    expect(service.replay).toBeNull();
    time.advance(1_000);
    runFrames(); // the replay pipeline's frame runs after it was disposed
    await Promise.resolve();
    expect(replayDiffs).toHaveLength(0);
  });

  it('closing a replay with no live stream before just stops it', () => {
    const { service } = harness();
    service.openReplay(STORM_TEXT, 'storm', () => undefined, () => undefined);
    expect(service.closeReplay()).toBe(false);
    expect(service.source).toBeNull();
    expect(service.closeReplay()).toBe(false);
  });
});
