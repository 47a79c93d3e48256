/**
 * Setting a unit's virtual channel (spec 000 §4, §9; issue 4 item 5): one attempt, then up to
 * VIRTUAL_CHANNEL_RETRIES (7) retries at the caller's interval while the server refuses or the
 * call fails; at most 8 calls in all.
 */
import { VIRTUAL_CHANNEL_RETRIES } from '../../src/domain/units/interface.ts';
import type { Timers } from '../sources/clock.ts';

export type VirtualChannelOutcome = { readonly ok: boolean; readonly attempts: number };

/** `attempt(retry)` is called with retry = 0 first, then 1..7; it answers true when the server took it. */
export async function setVirtualChannelWithRetry(
  attempt: (retry: number) => Promise<boolean>,
  intervalMs: number,
  timers: Timers,
): Promise<VirtualChannelOutcome> {
  for (let retry = 0; retry <= VIRTUAL_CHANNEL_RETRIES; retry += 1) {
    if (retry > 0) await new Promise<void>((resolve) => timers.setTimeout(resolve, intervalMs));
    let ok = false;
    try {
      ok = await attempt(retry);
    } catch {
      ok = false;
    }
    if (ok) return { ok: true, attempts: retry + 1 };
  }
  return { ok: false, attempts: VIRTUAL_CHANNEL_RETRIES + 1 };
}
