import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SWITCHER_INPUT_GUARD_MS } from './constants.ts';
import {
  answered,
  guardOpen,
  guardRemainingMs,
  initialInputGuard,
  isSdiInput,
  refused,
  releaseInput,
  requestInput,
  SWITCHER_SDI_INPUTS,
  type SdiInput,
  type SwitcherInputGuard,
} from './switcher.ts';

// spec 000 §7 "Multi camera and switcher": "A guard of 5000 ms applies to switcher input updates."
describe('switcher input guard (spec 000 §7: "A guard of 5000 ms applies to switcher input updates.")', () => {
  it('uses the spec\'s 5000 ms', () => {
    expect(SWITCHER_INPUT_GUARD_MS).toBe(5000);
  });

  it('sends the first input at once and closes the guard for 5000 ms', () => {
    const step = requestInput(initialInputGuard(), 2, 1_000);
    expect(step.send).toBe(2);
    expect(step.guard).toEqual({ openAt: 6_000, lastSent: 2, held: null });
    expect(guardRemainingMs(step.guard, 1_000)).toBe(5000);
  });

  // Edge values on both sides of the 5000 ms limit.
  it.each([
    { after: 0, sent: false },
    { after: 1, sent: false },
    { after: 4_999, sent: false },
    { after: 5_000, sent: true },
    { after: 5_001, sent: true },
    { after: 60_000, sent: true },
  ])('a second change $after ms after the first is sent: $sent', ({ after, sent }) => {
    const first = requestInput(initialInputGuard(1), 2, 10_000);
    const second = requestInput(first.guard, 3, 10_000 + after);
    expect(second.send).toBe(sent ? 3 : null);
    expect(second.guard.held).toBe(sent ? null : 3);
    expect(guardOpen(first.guard, 10_000 + after)).toBe(sent);
  });

  it('holds only the last requested input and sends it when the guard expires', () => {
    let guard: SwitcherInputGuard = requestInput(initialInputGuard(), 1, 0).guard;
    guard = requestInput(guard, 2, 1_000).guard;
    guard = requestInput(guard, 3, 2_000).guard;
    expect(guard.held).toBe(3);
    expect(releaseInput(guard, 4_999).send).toBeNull(); // still closed
    const release = releaseInput(guard, 5_000);
    expect(release.send).toBe(3);
    expect(release.guard).toEqual({ openAt: 10_000, lastSent: 3, held: null });
    expect(releaseInput(release.guard, 20_000).send).toBeNull(); // nothing held any more
  });

  it('drops the held input when the user goes back to the input in effect', () => {
    const first = requestInput(initialInputGuard(), 1, 0);
    const held = requestInput(first.guard, 2, 100);
    expect(held.guard.held).toBe(2);
    const back = requestInput(held.guard, 1, 200);
    expect(back.guard.held).toBeNull();
    expect(releaseInput(back.guard, 5_000).send).toBeNull();
  });

  it('does not send the input the unit already has', () => {
    expect(requestInput(initialInputGuard(4), 4, 0)).toEqual({ guard: initialInputGuard(4), send: null });
  });

  it('counts the guard from the server\'s answer when it comes later than the send', () => {
    const first = requestInput(initialInputGuard(), 1, 0);
    const after = answered(first.guard, 300);
    expect(after.openAt).toBe(5_300);
    expect(requestInput(after, 2, 5_299).send).toBeNull();
    expect(releaseInput(requestInput(after, 2, 5_299).guard, 5_300).send).toBe(2);
    // An answer before the send's own guard ends never shortens it.
    expect(answered({ openAt: 9_000, lastSent: 1, held: null }, 0).openAt).toBe(9_000);
  });

  it('holds a refused input for the wait the server names (capped at 5000 ms)', () => {
    const first = requestInput(initialInputGuard(), 2, 0);
    const held = refused(first.guard, 2, 100, 1_200);
    expect(held).toEqual({ openAt: 1_300, lastSent: null, held: 2 });
    expect(releaseInput(held, 1_299).send).toBeNull();
    expect(releaseInput(held, 1_300).send).toBe(2);
    expect(refused(first.guard, 2, 100, 60_000).openAt).toBe(5_100);
    // A newer held input wins over the refused one.
    expect(refused({ openAt: 5_000, lastSent: 2, held: 4 }, 2, 100, 1_000).held).toBe(4);
  });

  it('forgets a refusal without a wait (nothing held, the next request is sent)', () => {
    const first = requestInput(initialInputGuard(1), 2, 0);
    const after = refused(first.guard, 2, 50, null);
    expect(after.held).toBeNull();
    expect(after.lastSent).toBeNull();
    expect(refused(first.guard, 2, 50, 0).held).toBeNull();
  });

  it('never sends two inputs less than 5000 ms apart (any sequence of requests and releases)', () => {
    const input = fc.constantFrom(...SWITCHER_SDI_INPUTS);
    const event = fc.record({ gap: fc.integer({ min: 0, max: 7_000 }), input, release: fc.boolean() });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let guard = initialInputGuard();
        let now = 0;
        const sends: { at: number; input: SdiInput }[] = [];
        let lastRequested: SdiInput | null = null;
        for (const e of events) {
          now += e.gap;
          const step = e.release ? releaseInput(guard, now) : requestInput(guard, e.input, now);
          if (!e.release) lastRequested = e.input;
          guard = step.guard;
          if (step.send !== null) sends.push({ at: now, input: step.send });
        }
        for (let i = 1; i < sends.length; i++) expect(sends[i]!.at - sends[i - 1]!.at).toBeGreaterThanOrEqual(SWITCHER_INPUT_GUARD_MS);
        // Once the guard has opened and released, the last requested input is the one in effect.
        const final = releaseInput(guard, now + SWITCHER_INPUT_GUARD_MS);
        const inEffect = final.send ?? guard.lastSent;
        if (lastRequested !== null) expect(inEffect).toBe(lastRequested);
      }),
    );
  });

  it.each([
    [0, false],
    [1, true],
    [4, true],
    [5, false],
    ['1', false],
    [null, false],
  ])('isSdiInput(%s) is %s', (value, expected) => {
    expect(isSdiInput(value)).toBe(expected);
  });
});
