/**
 * What the switcher's start/stop button shows (spec 000 §4 "Interface transitional states" and
 * the busy/streaming rules; §7 POST and DELETE v2/units/{id}/stream/switchermode). Like the
 * header's stream button: after a press it shows connecting or disconnecting until the unit's
 * status arrives (the worker's transition on the 'stream' button, which both buttons share: a
 * switcher mode active is streaming); then it follows the unit's applications.
 */
import type { ButtonTransition } from '../../../../workers/pipeline/diff.ts';
import { isBusy, type Applications } from '../../../domain/units/status.ts';

export const SWITCHER_STREAM_STATES = ['start', 'connecting', 'stop', 'disconnecting', 'busy', 'unavailable'] as const;
export type SwitcherStreamState = (typeof SWITCHER_STREAM_STATES)[number];

/** The switcher applications (spec 000 §3 application names). */
export const SWITCHER_APPLICATIONS = ['switcher', 'switcherAndProxy'] as const;

export interface SwitcherStreamInput {
  readonly offline: boolean;
  /** Names of the active applications (the live unit view). */
  readonly applications: readonly string[];
  /** Application → its reported state, from the detail record (may lag the live names). */
  readonly applicationStates: Readonly<Record<string, string | undefined>>;
  readonly transition: ButtonTransition | null;
}

/**
 * - a stream transition in flight shows its state;
 * - an offline unit: unavailable;
 * - a switcher application active: connecting while it reports connecting, else stop (streaming);
 * - another busy application (video, multiCamera, upgrade, ...; spec 000 §4 "Busy"): busy, no start;
 * - otherwise start.
 */
export function switcherStreamState(input: SwitcherStreamInput): SwitcherStreamState {
  if (input.transition !== null && input.transition.button === 'stream') return input.transition.state;
  if (input.offline) return 'unavailable';
  const active = SWITCHER_APPLICATIONS.find((name) => input.applications.includes(name));
  if (active !== undefined) return input.applicationStates[active] === 'connecting' ? 'connecting' : 'stop';
  const apps: Applications = Object.fromEntries(input.applications.map((name) => [name, {}]));
  return isBusy(apps) ? 'busy' : 'start';
}

/** The switcher application running, if any. */
export function activeSwitcher(applications: readonly string[]): (typeof SWITCHER_APPLICATIONS)[number] | null {
  return SWITCHER_APPLICATIONS.find((name) => applications.includes(name)) ?? null;
}
