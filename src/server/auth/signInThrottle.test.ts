import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/database.ts';
import type { Store } from '../store/store.ts';
import { SIGN_IN_FAILURES_PER_ADDRESS, SignInThrottle, WINDOW_MS } from './signInThrottle.ts';

describe('failed sign-ins per address (counted in the store)', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore(':memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it(`refuses an address after ${SIGN_IN_FAILURES_PER_ADDRESS} failures in a minute until the oldest leaves the window`, async () => {
    let now = 1_000_000;
    const throttle = new SignInThrottle(store.signInLimits, SIGN_IN_FAILURES_PER_ADDRESS, () => now);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i += 1) {
      expect(await throttle.retryAfterSeconds('10.0.0.1')).toBe(0);
      await throttle.failed('10.0.0.1');
      now += 1_000;
    }
    // 30 failures at t0 .. t0+29 s; now t0+30 s: the oldest leaves at t0+60 s.
    expect(await throttle.retryAfterSeconds('10.0.0.1')).toBe(30);
    expect(await throttle.retryAfterSeconds('10.0.0.2')).toBe(0);
    now = 1_000_000 + WINDOW_MS + 1;
    expect(await throttle.retryAfterSeconds('10.0.0.1')).toBe(0);
  });

  it('shares the count between two throttles on one store (two instances) and purges what left the window', async () => {
    let now = 5_000_000;
    const a = new SignInThrottle(store.signInLimits, 4, () => now);
    const b = new SignInThrottle(store.signInLimits, 4, () => now);
    await a.failed('10.0.0.9');
    await b.failed('10.0.0.9');
    await a.failed('10.0.0.9');
    expect(await b.retryAfterSeconds('10.0.0.9')).toBe(0);
    await b.failed('10.0.0.9');
    expect(await a.retryAfterSeconds('10.0.0.9')).toBe(60);
    now += WINDOW_MS;
    expect(await a.purge()).toBe(4);
    expect(await a.retryAfterSeconds('10.0.0.9')).toBe(0);
  });
});
