import { describe, expect, it } from 'vitest';
import { EMPTY_DIFF, type FleetDiff, type UnitView } from '../../workers/pipeline/diff.ts';
import type { ReplayCommand, ReplayInfo, ReplayOpenResult, ReplayPosition } from '../../workers/sources/replayState.ts';
import { createReplayClient, StreamSessions } from './replay.ts';
import type { ReplayWorker } from './replay.ts';
import { FleetStore } from './store.ts';

function view(id: string): UnitView {
  return { id, rev: 1, name: id, type: '800', status: 'idle', state: 'online', videoState: undefined, applications: [], activeAlerts: 0, battery: undefined, lat: undefined, lng: undefined, transition: null, capabilities: undefined };
}

function diffOf(ids: string[]): FleetDiff {
  return { ...EMPTY_DIFF, frame: 1, units: ids.map(view), events: ids.length };
}

const INFO: ReplayInfo = { name: 'storm.ndjson', total: 3, startTs: 1000, endTs: 3000, firstSeq: 1, lastSeq: 3, recordedAt: '2025-11-21T04:40:00.000Z', density: [1, 1, 1], markers: [], warnings: [] };
const AT_START: ReplayPosition = { index: 0, seq: null, ts: 1000, phase: 'paused', speed: 1, loop: false };

describe('StreamSessions', () => {
  it('clears the store when a newer stream delivers, and drops the late diffs of older ones', () => {
    const store = new FleetStore();
    const sessions = new StreamSessions(store, (diff) => store.apply(diff));
    const live = sessions.open();
    live.onDiff(diffOf(['LIVE1', 'LIVE2']));
    expect(store.unitIds()).toEqual(['LIVE1', 'LIVE2']);
    const replay = sessions.open();
    live.onDiff(diffOf(['LIVE3'])); // still the active stream until the replay starts
    expect(store.size).toBe(3);
    replay.onDiff(diffOf(['R1']));
    expect(store.unitIds()).toEqual(['R1']);
    live.onDiff(diffOf(['LIVE4'])); // late, from before the switch
    expect(store.unitIds()).toEqual(['R1']);
  });

  it('clears once per session however it is activated', () => {
    const store = new FleetStore();
    const sessions = new StreamSessions(store, (diff) => store.apply(diff));
    const replay = sessions.open();
    replay.onDiff(diffOf(['R1']));
    sessions.activate(replay.id);
    expect(store.unitIds()).toEqual(['R1']);
  });
});

function fakeWorker(answer: ReplayOpenResult) {
  const commands: ReplayCommand[] = [];
  const calls: { onDiff?: (diff: FleetDiff) => void; onState?: (p: ReplayPosition) => void; closed: number } = { closed: 0 };
  const worker: ReplayWorker = {
    async openReplay(_input, _name, onDiff, onState) {
      calls.onDiff = onDiff;
      calls.onState = onState;
      onState(AT_START); // the worker reports before it answers
      return answer;
    },
    async replayCommand(command) {
      commands.push(command);
    },
    async closeReplay() {
      calls.closed += 1;
      return true;
    },
  };
  return { worker, commands, calls };
}

function client(answer: ReplayOpenResult) {
  const store = new FleetStore();
  const sessions = new StreamSessions(store, (diff) => store.apply(diff));
  const live = sessions.open();
  live.onDiff(diffOf(['LIVE1']));
  const fake = fakeWorker(answer);
  const replay = createReplayClient({ worker: fake.worker, sessions, proxy: (f) => f, transfer: (b) => b });
  return { store, replay, live, ...fake };
}

describe('ReplayClient', () => {
  it('shows the open replay (info and the position reported before the answer) and empties the live fleet', async () => {
    const { replay, store } = client({ ok: true, info: INFO });
    expect(await replay.open('text', 'storm.ndjson')).toEqual({ ok: true, info: INFO });
    expect(replay.state.value).toEqual({ ...INFO, ...AT_START });
    expect(store.size).toBe(0);
  });

  it('keeps live and shows no replay when the log is refused', async () => {
    const refused: ReplayOpenResult = { ok: false, line: 1, message: 'line 1: missing log header' };
    const { replay, store, live } = client(refused);
    expect(await replay.open('bad', 'bad.ndjson')).toEqual(refused);
    expect(replay.state.value).toBeNull();
    live.onDiff(diffOf(['LIVE2']));
    expect(store.unitIds()).toEqual(['LIVE1', 'LIVE2']);
  });

  it('sends each control as one command', async () => {
    const { replay, commands } = client({ ok: true, info: INFO });
    await replay.open('text', 'storm.ndjson');
    await replay.play();
    await replay.step(-1);
    await replay.seek({ seq: 2 });
    await replay.setSpeed('max');
    await replay.setLoop(true);
    await replay.toggle();
    await replay.pause();
    expect(commands).toEqual([
      { type: 'play' },
      { type: 'step', by: -1 },
      { type: 'seek', to: { seq: 2 } },
      { type: 'speed', speed: 'max' },
      { type: 'loop', loop: true },
      { type: 'toggle' },
      { type: 'pause' },
    ]);
  });

  it('returns to live: no replay state, the replayed fleet gone, later replay reports ignored', async () => {
    const { replay, store, calls } = client({ ok: true, info: INFO });
    await replay.open('text', 'storm.ndjson');
    calls.onDiff?.(diffOf(['R1']));
    expect(store.unitIds()).toEqual(['R1']);
    await replay.close();
    expect(calls.closed).toBe(1);
    expect(replay.state.value).toBeNull();
    expect(store.size).toBe(0);
    calls.onState?.({ ...AT_START, index: 2 });
    calls.onDiff?.(diffOf(['R2']));
    expect(replay.state.value).toBeNull();
    expect(store.size).toBe(0);
  });
});
