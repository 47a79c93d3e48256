import { describe, expect, it } from 'vitest';
import { FrameGate } from './frameGate.ts';

/** A hand-driven frame clock: `frame()` starts the callbacks waiting for the next frame. */
function clock() {
  let waiting: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => void waiting.push(callback),
    async frame() {
      await new Promise((resolve) => setTimeout(resolve, 0)); // slots asked for in microtasks are in
      const due = waiting;
      waiting = [];
      for (const callback of due) callback();
      await new Promise((resolve) => setTimeout(resolve, 0)); // a task: every started job's promise chain settles
    },
  };
}

describe('FrameGate', () => {
  it('starts one job per frame, in order', async () => {
    const frames = clock();
    const gate = new FrameGate(frames.schedule);
    const done: number[] = [];
    const jobs = [1, 2, 3].map((n) => gate.run(async () => void done.push(n)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gate.started).toBe(0); // nothing before a frame
    await frames.frame();
    expect(done).toEqual([1]);
    await frames.frame();
    expect(done).toEqual([1, 2]);
    await frames.frame();
    expect(done).toEqual([1, 2, 3]);
    await Promise.all(jobs);
  });

  it('waits for a slow job before the next frame slot', async () => {
    const frames = clock();
    const gate = new FrameGate(frames.schedule);
    let finish: () => void = () => undefined;
    void gate.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = gate.run(async () => 'second');
    await frames.frame();
    await frames.frame(); // the first job still runs: no slot was asked for yet
    expect(gate.started).toBe(1);
    finish();
    await frames.frame();
    await frames.frame();
    expect(gate.started).toBe(2);
    await expect(second).resolves.toBe('second');
  });

  it('goes on after a job that fails, and hands the failure to its caller', async () => {
    const frames = clock();
    const gate = new FrameGate(frames.schedule);
    const failing = gate.run(async () => {
      throw new Error('bad image');
    });
    const outcome = failing.then(
      () => 'resolved',
      (error: unknown) => (error as Error).message,
    );
    const next = gate.run(async () => 42);
    await frames.frame();
    expect(await outcome).toBe('bad image');
    await frames.frame();
    expect(await next).toBe(42);
  });
});
