/**
 * Failed sign-ins per client address across every username (issue 16 item 5): the per-username
 * limit (LOGIN_RATE_PER_MINUTE) alone lets one address try one password against thousands of
 * usernames. After SIGN_IN_FAILURES_PER_ADDRESS failures within WINDOW_MS an address is refused
 * until its oldest failure leaves the window. Memory: at most MAX_ADDRESSES addresses (the
 * quietest are forgotten first), each at most SIGN_IN_FAILURES_PER_ADDRESS timestamps.
 */

/** Failed sign-ins an address may make in a minute, whatever the usernames. */
export const SIGN_IN_FAILURES_PER_ADDRESS = 30;
export const WINDOW_MS = 60_000;
export const MAX_ADDRESSES = 10_000;

export class SignInThrottle {
  /** Address → failure times (ms), oldest first; Map order is least recently failed first. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = SIGN_IN_FAILURES_PER_ADDRESS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the address may try again; 0 when it may now. */
  retryAfterSeconds(address: string): number {
    const times = this.recent(address);
    if (times.length < this.limit) return 0;
    return Math.max(1, Math.ceil(((times[0] ?? 0) + WINDOW_MS - this.now()) / 1000));
  }

  failed(address: string): void {
    const times = this.recent(address);
    times.push(this.now());
    if (times.length > this.limit) times.shift();
    this.failures.delete(address);
    this.failures.set(address, times);
    if (this.failures.size > MAX_ADDRESSES) {
      const quietest = this.failures.keys().next().value;
      if (quietest !== undefined) this.failures.delete(quietest);
    }
  }

  private recent(address: string): number[] {
    const times = this.failures.get(address);
    if (times === undefined) return [];
    const cutoff = this.now() - WINDOW_MS;
    while (times.length > 0 && (times[0] ?? 0) <= cutoff) times.shift();
    if (times.length === 0) this.failures.delete(address);
    return times;
  }
}
