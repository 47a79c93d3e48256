import { describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES_PER_ADDRESS, SignInThrottle, WINDOW_MS } from './signInThrottle.ts';

describe('failed sign-ins per address', () => {
  it(`refuses an address after ${SIGN_IN_FAILURES_PER_ADDRESS} failures in a minute until the oldest leaves the window`, () => {
    let now = 1_000_000;
    const throttle = new SignInThrottle(SIGN_IN_FAILURES_PER_ADDRESS, () => now);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i += 1) {
      expect(throttle.retryAfterSeconds('10.0.0.1')).toBe(0);
      throttle.failed('10.0.0.1');
      now += 1_000;
    }
    // 30 failures at t0 .. t0+29 s; now t0+30 s: the oldest leaves at t0+60 s.
    expect(throttle.retryAfterSeconds('10.0.0.1')).toBe(30);
    expect(throttle.retryAfterSeconds('10.0.0.2')).toBe(0);
    now = 1_000_000 + WINDOW_MS + 1;
    expect(throttle.retryAfterSeconds('10.0.0.1')).toBe(0);
  });
});
