import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { runTimedRetry, type Schedule, type TimedRetryOutcome } from './timedRetry.ts';

/** A fake scheduler: records pending runs and fires them when time advances. */
function fakeScheduler(): { schedule: Schedule; advance: (ms: number) => void; now: () => number; pending: () => number } {
  let time = 0;
  let queue: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const schedule: Schedule = (run, delayMs) => {
    const id = nextId++;
    queue.push({ at: time + delayMs, run, id });
    return () => {
      queue = queue.filter((entry) => entry.id !== id);
    };
  };
  const advance = (ms: number): void => {
    const until = time + ms;
    for (;;) {
      const due = queue.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      queue = queue.filter((entry) => entry !== due);
      time = due.at;
      due.run();
    }
    time = until;
  };
  return { schedule, advance, now: () => time, pending: () => queue.length };
}

describe('runTimedRetry (spec 001 §4: default 1 s, up to 5 repeats, stops on false, then end)', () => {
  it('runs the action 5 times at 1000 ms by default, then the end action once', () => {
    const clock = fakeScheduler();
    const runsAt: number[] = [];
    const ends: { at: number; outcome: TimedRetryOutcome }[] = [];
    runTimedRetry(
      () => {
        runsAt.push(clock.now());
        return true;
      },
      (outcome) => ends.push({ at: clock.now(), outcome }),
      {},
      clock.schedule,
    );
    clock.advance(999);
    expect(runsAt).toEqual([]);
    clock.advance(60_000);
    expect(runsAt).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(ends).toEqual([{ at: 5000, outcome: { reason: 'exhausted', runs: 5 } }]);
    expect(clock.pending()).toBe(0);
  });

  it('stops at the first false and runs the end action right away', () => {
    const clock = fakeScheduler();
    let calls = 0;
    const ends: TimedRetryOutcome[] = [];
    runTimedRetry(() => ++calls < 2, (outcome) => ends.push(outcome), { intervalMs: 250 }, clock.schedule);
    clock.advance(10_000);
    expect(calls).toBe(2);
    expect(ends).toEqual([{ reason: 'stopped', runs: 2 }]);
  });

  it('honours a custom interval and repeat count', () => {
    const clock = fakeScheduler();
    const runsAt: number[] = [];
    runTimedRetry(() => (runsAt.push(clock.now()), true), () => undefined, { intervalMs: 2000, repeats: 3 }, clock.schedule);
    clock.advance(100_000);
    expect(runsAt).toEqual([2000, 4000, 6000]);
  });

  it('runs neither action nor end after cancel', () => {
    const clock = fakeScheduler();
    let calls = 0;
    let ended = false;
    const cancel = runTimedRetry(() => (calls++, true), () => (ended = true), {}, clock.schedule);
    clock.advance(2500);
    cancel();
    clock.advance(60_000);
    expect(calls).toBe(2);
    expect(ended).toBe(false);
  });

  it('with 0 repeats never runs the action and ends after one interval', () => {
    const clock = fakeScheduler();
    let calls = 0;
    const ends: TimedRetryOutcome[] = [];
    runTimedRetry(() => (calls++, true), (outcome) => ends.push(outcome), { repeats: 0 }, clock.schedule);
    clock.advance(1000);
    expect(calls).toBe(0);
    expect(ends).toEqual([{ reason: 'exhausted', runs: 0 }]);
  });

  it('runs the action at most `repeats` times and ends exactly once, whatever the action answers', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 12 }), fc.integer({ min: 1, max: 10 }), (answers, repeats) => {
        const clock = fakeScheduler();
        let calls = 0;
        const ends: TimedRetryOutcome[] = [];
        runTimedRetry(() => answers[calls++] ?? true, (outcome) => ends.push(outcome), { repeats }, clock.schedule);
        clock.advance(1000 * (repeats + 2));
        const firstFalse = answers.slice(0, repeats).indexOf(false);
        const expectedRuns = firstFalse === -1 ? repeats : firstFalse + 1;
        expect(calls).toBe(expectedRuns);
        expect(ends).toEqual([{ reason: firstFalse === -1 ? 'exhausted' : 'stopped', runs: expectedRuns }]);
      }),
    );
  });
});
