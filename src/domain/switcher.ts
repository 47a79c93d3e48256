/**
 * The switcher's SDI input guard (spec 000 §7 "Multi camera and switcher": "A guard of 5000 ms
 * applies to switcher input updates"). Timer-free and clock-free: every function takes `now` (ms,
 * any monotonic origin) and returns the next state plus what to send, if anything.
 *
 * - An input requested while the guard is open is sent at once and closes the guard for 5000 ms.
 * - An input requested while the guard is closed is held; a later request replaces it (only the
 *   last requested input is sent), and asking for the input already in effect drops the held one.
 * - When the guard opens again (`release`), the held input is sent and closes it again.
 * - The guard counts from the server's answer too (`answered`): the server stamps the change when
 *   it receives it, so counting from the answer keeps the next change 5000 ms after that stamp.
 * - A refusal that names its wait (`refused`, the server's retryAfterMs) holds the input that long.
 */
import { SWITCHER_INPUT_GUARD_MS } from './constants.ts';

/** Ours: the SDI inputs of a switcher (1-4, the Multi-HQ camera count of spec 000 §9). */
export const SWITCHER_SDI_INPUTS = [1, 2, 3, 4] as const;
export type SdiInput = (typeof SWITCHER_SDI_INPUTS)[number];

export function isSdiInput(value: unknown): value is SdiInput {
  return (SWITCHER_SDI_INPUTS as readonly unknown[]).includes(value);
}

export interface SwitcherInputGuard {
  /** The earliest time (ms) the next input may be sent; null before the first send. */
  readonly openAt: number | null;
  /** The input last sent (null before the first send, or when unknown). */
  readonly lastSent: SdiInput | null;
  /** The input waiting for the guard to open, if any. */
  readonly held: SdiInput | null;
}

export interface GuardStep {
  readonly guard: SwitcherInputGuard;
  /** The input to send now, or null. */
  readonly send: SdiInput | null;
}

/** A guard with nothing sent yet; `current` is the input the unit has (it is not sent again). */
export function initialInputGuard(current: SdiInput | null = null): SwitcherInputGuard {
  return { openAt: null, lastSent: current, held: null };
}

/** True when an input may be sent at `now` (the guard never closed, or 5000 ms have passed). */
export function guardOpen(guard: SwitcherInputGuard, now: number): boolean {
  return guard.openAt === null || now >= guard.openAt;
}

/** ms until the guard opens (0 when open). */
export function guardRemainingMs(guard: SwitcherInputGuard, now: number): number {
  return guard.openAt === null ? 0 : Math.max(0, guard.openAt - now);
}

const sent = (input: SdiInput, now: number): GuardStep => ({
  guard: { openAt: now + SWITCHER_INPUT_GUARD_MS, lastSent: input, held: null },
  send: input,
});

/** The user asks for `input` at `now`. */
export function requestInput(guard: SwitcherInputGuard, input: SdiInput, now: number): GuardStep {
  if (guardOpen(guard, now)) {
    // An input already in effect is not sent again (and costs no guard).
    if (input === guard.lastSent && guard.held === null) return { guard, send: null };
    return sent(input, now);
  }
  return { guard: { ...guard, held: input === guard.lastSent ? null : input }, send: null };
}

/** The guard's timer fired (or any time): sends the held input if the guard is open. */
export function releaseInput(guard: SwitcherInputGuard, now: number): GuardStep {
  if (guard.held === null || !guardOpen(guard, now)) return { guard, send: null };
  return sent(guard.held, now);
}

/** The server answered a send at `now`: the guard stays closed for 5000 ms from the answer. */
export function answered(guard: SwitcherInputGuard, now: number): SwitcherInputGuard {
  const fromAnswer = now + SWITCHER_INPUT_GUARD_MS;
  return { ...guard, openAt: guard.openAt === null ? fromAnswer : Math.max(guard.openAt, fromAnswer) };
}

/**
 * The server refused `input` at `now`, asking to wait `retryAfterMs` (its guard, set by another
 * session): the input is held that long unless a newer one is already held. Without a wait the
 * send is forgotten (lastSent unknown) and nothing is held.
 */
export function refused(guard: SwitcherInputGuard, input: SdiInput, now: number, retryAfterMs: number | null): SwitcherInputGuard {
  if (retryAfterMs === null || !(retryAfterMs > 0)) return { ...guard, lastSent: null, held: null };
  return { openAt: now + Math.min(retryAfterMs, SWITCHER_INPUT_GUARD_MS), lastSent: null, held: guard.held ?? input };
}
