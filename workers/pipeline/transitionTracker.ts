/**
 * Start/stop buttons in transition (spec 000 §4, §9; issue 4 item 5): pressing start or stop shows
 * connecting or disconnecting on that button until the unit's status arrives, or until it has been
 * polled 10 times at 2 s (TRANSITION_POLL_MS, TRANSITION_MAX_POLLS: 20 s), whichever comes first
 * (`transitionCleared`). Each poll asks for the unit's status (`poll`); a newer status found by a
 * poll counts as arrived (the pipeline calls statusArrived).
 */
import type { ButtonTransitionState, TransitionButton } from '../../src/domain/units/interface.ts';
import { TRANSITION_POLL_MS, transitionCleared } from '../../src/domain/units/interface.ts';
import type { TimerId, Timers } from '../sources/clock.ts';
import type { ButtonTransition } from './diff.ts';

interface Pending {
  readonly view: ButtonTransition;
  polls: number;
  timer: TimerId;
}

export interface TransitionTrackerDeps {
  timers: Timers;
  /** Asks for the unit's current status (one poll). */
  poll(unitId: string): void;
  /** The unit's transition flag was set or cleared: redraw it. */
  changed(unitId: string): void;
}

export class TransitionTracker {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly deps: TransitionTrackerDeps) {}

  /** A start or stop button was pressed: the button shows `state` until cleared. */
  begin(unitId: string, button: TransitionButton, state: ButtonTransitionState): void {
    this.clear(unitId, false);
    const entry: Pending = { view: { button, state }, polls: 0, timer: null };
    entry.timer = this.deps.timers.setTimeout(() => this.tick(unitId, entry), TRANSITION_POLL_MS);
    this.pending.set(unitId, entry);
    this.deps.changed(unitId);
  }

  /**
   * The call that began `button`'s transition was refused: nothing will change on the unit, so the
   * button shows what the unit's status says again at once (not after 20 s of polls). A transition
   * of another button (begun since) is kept.
   */
  cancel(unitId: string, button: TransitionButton): void {
    if (this.pending.get(unitId)?.view.button === button) this.clear(unitId, true);
  }

  /** A status of the unit arrived (event or poll): its transition clears. */
  statusArrived(unitId: string): void {
    const entry = this.pending.get(unitId);
    if (entry !== undefined && transitionCleared(entry.polls, true)) this.clear(unitId, true);
  }

  get(unitId: string): ButtonTransition | null {
    return this.pending.get(unitId)?.view ?? null;
  }

  /** Polls done for the unit's pending transition (for tests). */
  pollsOf(unitId: string): number | undefined {
    return this.pending.get(unitId)?.polls;
  }

  dispose(): void {
    for (const entry of this.pending.values()) this.deps.timers.clearTimeout(entry.timer);
    this.pending.clear();
  }

  private tick(unitId: string, entry: Pending): void {
    if (this.pending.get(unitId) !== entry) return;
    entry.polls += 1;
    this.deps.poll(unitId);
    if (this.pending.get(unitId) !== entry) return; // the poll answered synchronously with a status
    if (transitionCleared(entry.polls, false)) {
      this.clear(unitId, true);
      return;
    }
    entry.timer = this.deps.timers.setTimeout(() => this.tick(unitId, entry), TRANSITION_POLL_MS);
  }

  private clear(unitId: string, notify: boolean): void {
    const entry = this.pending.get(unitId);
    if (entry === undefined) return;
    this.deps.timers.clearTimeout(entry.timer);
    this.pending.delete(unitId);
    if (notify) this.deps.changed(unitId);
  }
}
