/**
 * Muting of the transition toasts while a wall is on screen (issue 5 follow-up): toasts sit
 * bottom-right and cover the lower-right tiles of the multiview wall when many units change at
 * once, and a wall display must not be covered. While any screen holds the mute (the multiview
 * screen, its full screen included), or the document is in full screen at all, transitions are
 * counted instead of shown; the wall's toolbar shows the count, which a click clears. The count
 * goes back to zero when the last holder lets go, so no stale number waits for the next visit.
 */
import { signal } from '@preact/signals-react';
import type { Signal } from '@preact/signals-react';
import { createContext, useContext } from 'react';

/** The rule: toasts are muted while a screen holds the mute or the document is in full screen. */
export function transitionToastsMuted(holders: number, fullscreen: boolean): boolean {
  return holders > 0 || fullscreen;
}

/**
 * True while a dialog or drawer is open (issue 17: a toast never sits over a dialog). Transition
 * toasts are then left out, not queued: every transition is in the incident centre anyway, and a
 * burst shown when the dialog closes would be stale.
 */
export function dialogOpen(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): boolean {
  return doc?.querySelector('[role="dialog"][aria-modal="true"], .mantine-Drawer-content, .mantine-Modal-content') != null;
}

/**
 * True when the shell's toast lane shows (the navigation column is open: not collapsed by its
 * burger, not a narrow screen): toasts then cover no control. Without it, transition toasts are
 * left out like under a dialog (the bell and the incident centre keep them).
 */
export function toastLaneShown(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): boolean {
  const lane = doc?.querySelector('[data-toast-lane]');
  if (lane === null || lane === undefined) return doc === undefined;
  const box = lane.getBoundingClientRect();
  return box.width > 0 && box.right > 0;
}

export class TransitionMute {
  private holders = 0;
  /** Transitions counted instead of shown since the last clear. */
  readonly muted: Signal<number> = signal(0);

  /** Mutes until the returned release is called (a second call of it does nothing). */
  hold(): () => void {
    this.holders += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holders -= 1;
      if (this.holders === 0) this.muted.value = 0;
    };
  }

  /**
   * `count` new transitions arrive: true when they should be toasts; otherwise they are added to
   * the muted count and false is answered.
   */
  admit(count: number, fullscreen: boolean): boolean {
    if (!transitionToastsMuted(this.holders, fullscreen)) return true;
    if (count > 0) this.muted.value += count;
    return false;
  }

  clear(): void {
    this.muted.value = 0;
  }
}

/** The shell's mute (FleetConnection provides one for its whole life). */
export const TransitionMuteContext = createContext<TransitionMute | null>(null);

export function useTransitionMute(): TransitionMute {
  const mute = useContext(TransitionMuteContext);
  if (mute === null) throw new Error('useTransitionMute: outside FleetConnection');
  return mute;
}
