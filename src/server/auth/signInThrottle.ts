/**
 * Failed sign-ins per client address across every username (issue 16 item 5): the per-username
 * limit (LOGIN_RATE_PER_MINUTE) alone lets one address try one password against thousands of
 * usernames. After SIGN_IN_FAILURES_PER_ADDRESS failures within WINDOW_MS an address is refused
 * until its oldest failure leaves the window.
 *
 * Counted in the store (issue 18: table sign_in_failures, migration 0017), so every instance on one
 * database shares the count: an address cannot spread its guesses over the fronts. Storage: at
 * most SIGN_IN_FAILURES_PER_ADDRESS rows per address per window (a refused address records no
 * more failures); rows older than the window are purged (`purge`, every PURGE_EVERY_MS by the app).
 */
import type { SignInLimitRepo } from './signInLimitRepo.ts';

/** Failed sign-ins an address may make in a minute, whatever the usernames. */
export const SIGN_IN_FAILURES_PER_ADDRESS = 30;
/** The sliding window of the count (ms). */
export const WINDOW_MS = 60_000;
/** Expired failures and rate-limit windows are deleted this often (ms). */
export const PURGE_EVERY_MS = 60_000;

export class SignInThrottle {
  constructor(
    private readonly repo: SignInLimitRepo,
    private readonly limit = SIGN_IN_FAILURES_PER_ADDRESS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the address may try again; 0 when it may now. */
  async retryAfterSeconds(address: string): Promise<number> {
    const now = this.now();
    const times = await this.repo.recentFailures(address, now - WINDOW_MS, this.limit);
    if (times.length < this.limit) return 0;
    const oldest = times[times.length - 1] ?? now; // of the newest `limit` failures
    return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
  }

  async failed(address: string): Promise<void> {
    await this.repo.addFailure(address, this.now());
  }

  /** Deletes failures that left the window and rate-limit windows that ended; answers the rows deleted. */
  async purge(): Promise<number> {
    const now = this.now();
    return this.repo.purge(now - WINDOW_MS, now);
  }
}
