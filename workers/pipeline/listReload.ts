/**
 * Lists reload 3 s after a device is added or removed (spec 001 §7, DEVICE_LIST_RELOAD_DEBOUNCE_MS):
 * a debounce, so a batch of 200 additions reloads the lists once, 3 s after the last one.
 */
import { DEVICE_LIST_RELOAD_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import type { TimerId, Timers } from '../sources/clock.ts';

export class ListReloadDebounce {
  private timer: TimerId | null = null;
  /** How many reloads were asked for so far (posted to the UI as `listsVersion`). */
  version = 0;

  constructor(
    private readonly timers: Timers,
    private readonly fire: (version: number) => void,
    private readonly delayMs: number = DEVICE_LIST_RELOAD_DEBOUNCE_MS,
  ) {}

  /** A unit was added or removed: (re)start the 3 s wait. */
  bump(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.version += 1;
      this.fire(this.version);
    }, this.delayMs);
  }

  dispose(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
