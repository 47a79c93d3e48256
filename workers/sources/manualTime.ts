/**
 * A manual clock and timers: time moves only when `advance` is called. For tests, and for tools
 * that run the pipeline faster than real time (the replay command's fast-forward).
 */
import type { Clock, TimerId, Timers } from './clock.ts';

export class ManualTime implements Clock, Timers {
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  constructor(private current = 1_763_700_000_000) {}

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.pending.set(id, { at: this.current + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(id: TimerId): void {
    this.pending.delete(id as number);
  }

  /** Timers waiting to fire. */
  get size(): number {
    return this.pending.size;
  }

  /** Moves time forward by `ms`, firing due timers in time order (timers they set fire too when due). */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      let nextId = -1;
      let nextAt = Infinity;
      for (const [id, timer] of this.pending) {
        if (timer.at <= end && timer.at < nextAt) {
          nextAt = timer.at;
          nextId = id;
        }
      }
      if (nextId < 0) break;
      const timer = this.pending.get(nextId);
      this.pending.delete(nextId);
      this.current = nextAt;
      timer?.callback();
    }
    this.current = end;
  }
}
