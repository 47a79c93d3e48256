/**
 * What the start/stop stream button shows (spec 000 §4 "Interface transitional states"): after a
 * press it shows connecting or disconnecting until the unit's status arrives or 10 polls at 2 s
 * have passed (the worker's transition tracker, carried on the unit view as `transition`); then it
 * follows the unit's status.
 */
import type { ButtonTransition } from '../../../../workers/pipeline/diff.ts';
import type { UnitStatus } from '../../../domain/units/status.ts';
import { isOfflineState, isStreaming } from '../../../domain/units/status.ts';

export const STREAM_BUTTON_STATES = ['start', 'stop', 'connecting', 'disconnecting', 'unavailable'] as const;
export type StreamButtonState = (typeof STREAM_BUTTON_STATES)[number];

export interface StreamButtonInput {
  readonly status: UnitStatus;
  /** Names of the active applications. */
  readonly applications: readonly string[];
  /** The video application's state (speedtest while a speed test runs). */
  readonly videoState: string | undefined;
  readonly transition: ButtonTransition | null;
}

/**
 * - a stream transition in flight shows its state (connecting / disconnecting);
 * - an offline unit cannot stream (unavailable);
 * - a unit reporting video.state connecting / disconnecting shows that state;
 * - a streaming unit (video not speed test, multiCamera, a switcher mode: isStreaming) shows stop;
 * - otherwise start.
 */
export function streamButtonState(input: StreamButtonInput): StreamButtonState {
  if (input.transition !== null && input.transition.button === 'stream') return input.transition.state;
  if (isOfflineState(input.status)) return 'unavailable';
  // The unit itself reports the stream coming up or going down (video.state): keep showing it.
  if (input.videoState === 'connecting' || input.videoState === 'disconnecting') return input.videoState;
  const apps = Object.fromEntries(input.applications.map((name) => [name, name === 'video' ? { state: input.videoState } : {}]));
  return isStreaming(apps) ? 'stop' : 'start';
}

/** True while the button waits for the unit (a press must not be repeated). */
export const isTransitional = (state: StreamButtonState): boolean => state === 'connecting' || state === 'disconnecting';
