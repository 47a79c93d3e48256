/**
 * The simulator's time source and timers. The real clock wraps Date.now and the Node timers; the
 * manual clock is virtual time for tests: nothing happens until advance() runs the due timers in
 * due-time order (ties in scheduling order), each seeing now() equal to its due time.
 */
export type TimerHandle = { readonly id: number };

export interface SimClock {
  /** ms since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clear(handle: TimerHandle): void;
}

export function realClock(): SimClock {
  const native = new Map<number, ReturnType<typeof setTimeout>>();
  const intervals = new Set<number>();
  let nextId = 1;
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const id = nextId++;
      const t = setTimeout(() => {
        native.delete(id);
        fn();
      }, ms);
      t.unref?.();
      native.set(id, t);
      return { id };
    },
    setInterval(fn, ms) {
      const id = nextId++;
      const t = setInterval(fn, ms);
      t.unref?.();
      native.set(id, t);
      intervals.add(id);
      return { id };
    },
    clear(handle) {
      const t = native.get(handle.id);
      if (t === undefined) return;
      if (intervals.delete(handle.id)) clearInterval(t);
      else clearTimeout(t);
      native.delete(handle.id);
    },
  };
}

interface ManualTimer {
  id: number;
  due: number;
  every: number | undefined;
  fn: () => void;
}

export class ManualClock implements SimClock {
  private current: number;
  private nextId = 1;
  private readonly timers = new Map<number, ManualTimer>();

  constructor(start = 1_763_700_000_000) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.add(fn, ms, undefined);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    return this.add(fn, ms, Math.max(1, ms));
  }

  clear(handle: TimerHandle): void {
    this.timers.delete(handle.id);
  }

  /** Pending timers (for tests). */
  pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by ms, running every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      let next: ManualTimer | undefined;
      for (const timer of this.timers.values()) {
        if (timer.due <= end && (next === undefined || timer.due < next.due || (timer.due === next.due && timer.id < next.id))) {
          next = timer;
        }
      }
      if (next === undefined) break;
      this.current = Math.max(this.current, next.due);
      if (next.every === undefined) this.timers.delete(next.id);
      else next.due += next.every;
      next.fn();
    }
    this.current = end;
  }

  private add(fn: () => void, ms: number, every: number | undefined): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { id, due: this.current + Math.max(0, ms), every, fn });
    return { id };
  }
}
