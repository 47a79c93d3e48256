import { describe, it, expect } from 'vitest';
import { ManualClock } from './clock.ts';

describe('ManualClock', () => {
  it('runs timers in due order, each seeing now() at its due time', () => {
    const clock = new ManualClock(1000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => seen.push(`a@${clock.now()}`), 100);
    clock.setTimeout(() => seen.push(`c@${clock.now()}`), 200);
    clock.advance(199);
    expect(seen).toEqual(['a@1100']);
    clock.advance(1);
    expect(seen).toEqual(['a@1100', 'b@1200', 'c@1200']);
    expect(clock.now()).toBe(1200);
  });

  it('repeats intervals until cleared and runs timers scheduled by timers', () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    const handle = clock.setInterval(() => {
      seen.push(clock.now());
      if (clock.now() === 100) clock.setTimeout(() => seen.push(-clock.now()), 25);
    }, 50);
    clock.advance(160);
    clock.clear(handle);
    clock.advance(500);
    expect(seen).toEqual([50, 100, -125, 150]);
    expect(clock.pending()).toBe(0);
  });
});
