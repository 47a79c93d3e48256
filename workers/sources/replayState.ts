/**
 * The replay's controls and state as the UI sees them (issue 6 item 3): speed 0.1× to 100× or
 * max, loop, the playhead (log time and the last applied seq), and what was precomputed on open
 * (density histogram, alert markers). Plain data: it crosses the worker boundary by cloning.
 */
import type { LogWarning } from '../../src/protocol/logFormat.ts';
import type { AlertMarker } from './replayIndex.ts';

/** Slowest and fastest paced speeds (issue 6: "speed 0.1× to 100× and max"). */
export const MIN_REPLAY_SPEED = 0.1;
export const MAX_REPLAY_SPEED = 100;
/** The speeds the page offers (ours), ending with max. */
export const REPLAY_SPEEDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 'max'] as const;

/** A paced speed (× recorded time) or 'max' (nothing waits; the player's --max). */
export type ReplaySpeed = number | 'max';

/** True for 'max' and for finite speeds within [0.1, 100]. */
export function isReplaySpeed(value: unknown): value is ReplaySpeed {
  return value === 'max' || (typeof value === 'number' && Number.isFinite(value) && value >= MIN_REPLAY_SPEED && value <= MAX_REPLAY_SPEED);
}

/** "0.1×", "2×", "max". */
export function formatSpeed(speed: ReplaySpeed): string {
  return speed === 'max' ? 'max' : `${speed}×`;
}

export const REPLAY_PHASES = ['paused', 'playing', 'ended'] as const;
export type ReplayPhase = (typeof REPLAY_PHASES)[number];

/** Where the replay stands: `index` events applied (0..total); `seq`/`eventTs` of the last one. */
export type ReplayPosition = {
  readonly index: number;
  /** Seq of the last applied event; null before the first. */
  readonly seq: number | null;
  /** The playhead's log time (ms since the epoch): moves with the clock while playing. */
  readonly ts: number;
  readonly phase: ReplayPhase;
  readonly speed: ReplaySpeed;
  readonly loop: boolean;
};

/** Fixed once the log is open. */
export type ReplayInfo = {
  readonly name: string;
  /** Event lines in the log. */
  readonly total: number;
  readonly startTs: number;
  readonly endTs: number;
  readonly firstSeq: number | null;
  readonly lastSeq: number | null;
  readonly recordedAt: string;
  readonly density: readonly number[];
  readonly markers: readonly AlertMarker[];
  /** A torn last line, reported (protocol.md: accepted and reported). */
  readonly warnings: readonly LogWarning[];
};

export type ReplayState = ReplayInfo & ReplayPosition;

/** Where to seek: a log time, a seq (the state after it, like --until), or an event count. */
export type SeekTarget = { readonly ts: number } | { readonly seq: number } | { readonly index: number };

/** One control of the page; the worker API takes these so Comlink carries one small message. */
export type ReplayCommand =
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  | { readonly type: 'toggle' }
  | { readonly type: 'step'; readonly by: 1 | -1 }
  | { readonly type: 'seek'; readonly to: SeekTarget }
  | { readonly type: 'speed'; readonly speed: ReplaySpeed }
  | { readonly type: 'loop'; readonly loop: boolean };

/** The answer to opening a log: its info, or the parser's error naming the line. */
export type ReplayOpenResult =
  | { readonly ok: true; readonly info: ReplayInfo }
  | { readonly ok: false; readonly line: number | null; readonly message: string };
