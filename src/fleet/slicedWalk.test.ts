import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY, nextTask, walkInSlices, type SlicedWalk } from './slicedWalk.ts';

/** A walk that records its steps; `stopAfter` steps in, it is no longer current. */
function recorder(count: number, stopAfter = Number.POSITIVE_INFINITY): { walk: SlicedWalk; steps: number[]; finished: () => number } {
  const steps: number[] = [];
  let finished = 0;
  return {
    walk: { count, current: () => steps.length < stopAfter, step: (index) => steps.push(index), finish: () => (finished += 1) },
    steps,
    finished: () => finished,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('walkInSlices', () => {
  it('steps every index once, in order, from `from`, in slices that stop on the budget at a multiple of CHECK_EVERY; finishes once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 700 }), fc.integer({ min: 0, max: 700 }), fc.integer({ min: 1, max: 40 }), (count, fromRaw, msPerRead) => {
        const from = Math.min(fromRaw, count);
        let clock = 0;
        vi.spyOn(performance, 'now').mockImplementation(() => (clock += msPerRead));
        const tasks: (() => void)[] = [];
        const slices: number[][] = [];
        const { walk, steps, finished } = recorder(count);
        const sliceStart = (): void => void slices.push([steps.length]);
        sliceStart();
        walkInSlices(walk, from, 8, 8, (work) => tasks.push(work));
        while (tasks.length > 0) {
          sliceStart();
          tasks.shift()?.();
        }
        expect(steps).toEqual(Array.from({ length: count - from }, (_, i) => from + i));
        expect(finished()).toBe(1);
        // Every slice but the last ends at an index that is a multiple of CHECK_EVERY.
        for (const [at] of slices.slice(1)) expect((from + (at as number)) % CHECK_EVERY).toBe(0);
      }),
    );
  });

  it('an Infinity budget walks to the end now; a walk no longer current stops and never finishes', () => {
    const whole = recorder(300);
    walkInSlices(whole.walk, 0, Number.POSITIVE_INFINITY, 8, () => {
      throw new Error('no later slice expected');
    });
    expect(whole.steps.length).toBe(300);
    expect(whole.finished()).toBe(1);

    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    const tasks: (() => void)[] = [];
    const stopped = recorder(1_000, CHECK_EVERY * 2);
    walkInSlices(stopped.walk, 0, 8, 8, (work) => tasks.push(work));
    while (tasks.length > 0) tasks.shift()?.();
    expect(stopped.steps.length).toBe(CHECK_EVERY * 2);
    expect(stopped.finished()).toBe(0);
  });

  it('nextTask runs the work once, in a later task, not in this one', async () => {
    const ran: string[] = [];
    const done = new Promise<void>((resolve) => nextTask(() => (ran.push('task'), resolve())));
    ran.push('now');
    await done;
    expect(ran).toEqual(['now', 'task']);
  });
});
