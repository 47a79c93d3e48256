/**
 * LogSource: a recorded log played through the same EventSink as the websocket (design.md "A
 * recorded log is just another source": FleetService.play(source, onDiff) runs it through the
 * same pipeline, so counters, list, multiview, map and the unit page show the replayed fleet and
 * cannot tell it from live data).
 *
 * Pacing mirrors the replay command (replay/player.ts): at speed s, event i is applied when
 * (ts_i − ts_anchor) / s ms of wall time have passed since the anchor (the moment play, a seek or
 * a speed change happened at log time ts_anchor); at 'max' nothing waits and events go in batches
 * of MAX_BATCH per timer turn, so a pause still gets in. Positions follow --until: seeking to seq
 * S leaves every event with seq ≤ S applied; seeking to time T every event with ts ≤ T.
 *
 * Seeking does not replay the skipped events into the sink (that would raise their transition
 * notifications): the fleet at the target is built from the nearest in-memory snapshot
 * (replayIndex.ts) and handed over with sink.snapshot(fleet, watermark), the same call a REST
 * resync uses. Stepping forward sends the one event; stepping back is a seek to index − 1.
 *
 * A log whose ts go backwards is played on its running maximum of ts (the log time never moves
 * back), so pacing and seek by time stay monotonic.
 *
 * Time is injected (Clock, Timers): the worker passes real time, the tests a ManualTime.
 */
import type { Envelope } from '../../src/protocol/envelope.ts';
import { assertNever } from '../../src/domain/brand.ts';
import type { Clock, TimerId, Timers } from './clock.ts';
import type { EventSink, LogSource } from './eventSource.ts';
import type { LoadedLog } from './logReader.ts';
import type { IndexOptions, ReplayIndex } from './replayIndex.ts';
import { buildReplayIndex, fleetAt } from './replayIndex.ts';
import type { ReplayCommand, ReplayInfo, ReplayPhase, ReplayPosition, ReplaySpeed, SeekTarget } from './replayState.ts';
import { isReplaySpeed } from './replayState.ts';

/** Events applied per timer turn at 'max' (ours: ~1 ms of model work, then the worker may take a pause). */
export const MAX_BATCH = 5_000;
/** While playing, the playhead is re-read at least this often (ms of wall time; ours). */
export const TICK_MS = 100;
/** At most one state report per this many ms while playing (ours: 10 per second is smooth enough). */
export const STATE_REPORT_MS = 100;
/**
 * At max with loop, the log starts again at most this often (ms of wall time; ours, issue 17 "max
 * speed with loop stays responsive"). Each start hands the UI a whole fleet snapshot and a state
 * report; a short log (the 1,439-event fixture takes ~3 ms) would otherwise start again hundreds of
 * times a second, every frame a new snapshot for the page to apply and render. Measured by the
 * bench's loop phase (bench/ui/replayLoopBench.ts, docs/performance.md §6): at 250 ms a round's
 * work still made 63 long tasks in 12 s (frame p95 200 ms); at 1 s, 1 (p95 16.8 ms, as paused).
 */
export const LOOP_REST_MS = 1_000;

export type LogSourceDeps = {
  readonly clock: Clock;
  readonly timers: Timers;
  /** Told where the replay stands: at once after each control, at most every STATE_REPORT_MS while playing. */
  readonly onState?: (position: ReplayPosition) => void;
  readonly index?: IndexOptions;
  readonly speed?: ReplaySpeed;
  readonly loop?: boolean;
};

export interface ReplayLogSource extends LogSource {
  readonly info: ReplayInfo;
  readonly index: ReplayIndex;
  position(): ReplayPosition;
  /** Plays from the playhead (from the start when it stands at the end); `speed` as setSpeed. */
  play(speed?: ReplaySpeed): void;
  pause(): void;
  /** Every event with ts ≤ `ts` applied (LogSource's seek by time). */
  seek(ts: number): void;
  seekTo(target: SeekTarget): void;
  /** Pauses, then applies the next event (1) or goes back to before the last one (−1). */
  step(by: 1 | -1): void;
  setSpeed(speed: ReplaySpeed): void;
  setLoop(loop: boolean): void;
  command(command: ReplayCommand): void;
}

/** The first index whose value is above `value` in a non-decreasing array (= count of values ≤ value). */
function upperBound(values: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] as number) <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function createLogSource(log: LoadedLog, name: string, deps: LogSourceDeps): ReplayLogSource {
  const { clock, timers } = deps;
  const events = log.events;
  const total = events.length;
  const index = buildReplayIndex(events, deps.index);
  // Log time of each event: the running maximum of ts (see the header comment).
  const times = new Float64Array(total);
  const seqs = new Float64Array(total);
  let runningMax = -Infinity;
  for (let i = 0; i < total; i++) {
    const event = events[i] as Envelope;
    runningMax = Math.max(runningMax, event.ts);
    times[i] = runningMax;
    seqs[i] = event.seq;
  }
  const startTs = total > 0 ? (times[0] as number) : 0;
  const endTs = total > 0 ? (times[total - 1] as number) : 0;
  const info: ReplayInfo = {
    name,
    total,
    startTs,
    endTs,
    firstSeq: events[0]?.seq ?? null,
    lastSeq: events[total - 1]?.seq ?? null,
    recordedAt: log.header.recordedAt,
    density: index.density,
    markers: index.markers,
    warnings: log.warnings,
  };

  let sink: EventSink | null = null;
  let stopped = false;
  let cursor = 0; // events applied
  let playhead = startTs;
  let phase: ReplayPhase = 'paused';
  let speed: ReplaySpeed = deps.speed ?? 1;
  let loop = deps.loop ?? false;
  let anchorWall = 0;
  let anchorLog = startTs;
  let timer: TimerId | null = null;
  let lastReport = -Infinity;

  function position(): ReplayPosition {
    return { index: cursor, seq: cursor === 0 ? null : (seqs[cursor - 1] as number), ts: playhead, phase, speed, loop };
  }

  function report(force: boolean): void {
    const now = clock.now();
    if (!force && now - lastReport < STATE_REPORT_MS) return;
    lastReport = now;
    deps.onState?.(position());
  }

  function timeOf(i: number): number {
    return i === 0 ? startTs : (times[i - 1] as number);
  }

  function cancelTimer(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function schedule(ms: number): void {
    cancelTimer();
    if (stopped || phase !== 'playing') return;
    timer = timers.setTimeout(() => {
      timer = null;
      tick();
    }, ms);
  }

  function anchor(): void {
    anchorWall = clock.now();
    anchorLog = playhead;
  }

  /** Hands the sink the fleet after the first `target` events (the nearest snapshot + the rest). */
  function jump(target: number, ts: number): void {
    const { fleet, watermark } = fleetAt(index, events, target);
    cursor = target;
    playhead = ts;
    sink?.snapshot(fleet, watermark);
  }

  function apply(until: number): void {
    const target = sink;
    while (cursor < until) {
      const event = events[cursor] as Envelope;
      cursor += 1;
      target?.event(event);
    }
  }

  let lastLoopAt = -Infinity;

  function finish(): void {
    if (loop && total > 0) {
      // At max, the next round waits until LOOP_REST_MS after the last one began (see above).
      const rest = speed === 'max' ? Math.max(0, lastLoopAt + LOOP_REST_MS - clock.now()) : 0;
      if (rest > 0) {
        report(true);
        timer = timers.setTimeout(() => {
          timer = null;
          if (!stopped && phase === 'playing' && cursor >= total) finish();
        }, rest);
        return;
      }
      lastLoopAt = clock.now();
      jump(0, startTs);
      anchor();
      report(true);
      schedule(0);
      return;
    }
    phase = 'ended';
    cancelTimer();
    report(true);
  }

  function tick(): void {
    if (stopped || phase !== 'playing' || sink === null) return;
    if (speed === 'max') {
      apply(Math.min(total, cursor + MAX_BATCH));
      playhead = timeOf(cursor);
      if (cursor >= total) return finish();
      report(false);
      return schedule(0);
    }
    const now = clock.now();
    const logNow = anchorLog + (now - anchorWall) * speed;
    const due = upperBound(times, logNow);
    const capped = due - cursor > MAX_BATCH;
    apply(capped ? cursor + MAX_BATCH : due);
    playhead = capped ? timeOf(cursor) : Math.min(Math.max(logNow, playhead), endTs);
    if (cursor >= total && logNow >= endTs) return finish();
    report(false);
    if (capped) return schedule(0);
    const next = cursor < total ? (times[cursor] as number) : endTs;
    schedule(Math.max(0, Math.min(TICK_MS, (next - logNow) / speed)));
  }

  function pause(): void {
    if (phase === 'playing') phase = 'paused';
    cancelTimer();
    report(true);
  }

  function play(nextSpeed?: ReplaySpeed): void {
    if (nextSpeed !== undefined) setSpeed(nextSpeed);
    if (stopped || total === 0) return;
    if (cursor >= total) jump(0, startTs);
    phase = 'playing';
    lastLoopAt = clock.now(); // this round began now (LOOP_REST_MS)
    anchor();
    report(true);
    tick();
  }

  function seekTo(target: SeekTarget): void {
    let to: number;
    let ts: number;
    if ('index' in target) {
      to = Math.min(total, Math.max(0, Math.floor(target.index)));
      ts = timeOf(to);
    } else if ('seq' in target) {
      to = upperBound(seqs, target.seq);
      ts = timeOf(to);
    } else {
      ts = Math.min(endTs, Math.max(startTs, target.ts));
      to = upperBound(times, ts);
    }
    jump(to, ts);
    if (phase === 'ended') phase = 'paused';
    if (phase === 'playing') {
      anchor();
      tick();
    }
    report(true);
  }

  function step(by: 1 | -1): void {
    if (phase === 'playing') cancelTimer();
    phase = 'paused';
    if (by === 1) {
      if (cursor < total) {
        apply(cursor + 1);
        playhead = timeOf(cursor);
      }
      report(true);
    } else if (cursor > 0) {
      seekTo({ index: cursor - 1 });
    } else {
      report(true);
    }
  }

  function setSpeed(next: ReplaySpeed): void {
    if (!isReplaySpeed(next)) throw new RangeError(`replay speed must be 'max' or from 0.1 to 100 (got ${String(next)})`);
    speed = next;
    if (phase === 'playing') {
      anchor();
      tick();
    }
    report(true);
  }

  function setLoop(next: boolean): void {
    loop = next;
    report(true);
  }

  return {
    kind: 'log',
    info,
    index,
    position,
    start(next) {
      if (sink !== null) throw new Error('log source: start() may be called once');
      sink = next;
      // The log is the stream: connected and up to date for the pipeline; the page says "replay".
      next.connection({ phase: 'live' });
      report(true);
    },
    stop() {
      stopped = true;
      cancelTimer();
    },
    play,
    pause,
    seek: (ts) => seekTo({ ts }),
    seekTo,
    step,
    setSpeed,
    setLoop,
    command(command) {
      switch (command.type) {
        case 'play':
          return play();
        case 'pause':
          return pause();
        case 'toggle':
          return phase === 'playing' ? pause() : play();
        case 'step':
          return step(command.by);
        case 'seek':
          return seekTo(command.to);
        case 'speed':
          return setSpeed(command.speed);
        case 'loop':
          return setLoop(command.loop);
        default:
          return assertNever(command, 'replay command');
      }
    },
  };
}
