import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANDING_HINT_KEY, landingScreenOf, rememberLandingRoute } from './landingPreload.ts';

describe('landingScreenOf: the screen a sign-in loads while its request is answered', () => {
  it.each([
    // next, hint, expected
    [null, null, 'UnitList'], // the guard's default landing (rule 8)
    ['/map', null, 'UnitMap'], // the page that sent the user to sign in
    ['/unit/U000042', 'Users', 'Unit'], // next wins over the hint; a route with a parameter
    ['/map?x=1', 'Users', 'UnitMap'], // a query does not hide the route
    [null, 'Users', 'Users'], // the route last saved in this browser
    ['/no/such/page', 'UnitMap', 'UnitMap'], // next without a route: the hint
    ['/error', null, 'UnitList'], // a top page, not a shell screen: nothing of its own to load here
    [null, 'NoSuchScreen', 'UnitList'], // a hint from an older build
    [null, 'toString', 'UnitList'], // not an own key of the screens
    [null, '', 'UnitList'],
  ] as const)('next %s, hint %s → %s', (next, hint, expected) => {
    expect(landingScreenOf(next, hint)).toBe(expected);
  });
});

describe('rememberLandingRoute', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function storage() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  }

  it('keeps the screen of a saved route, which the next sign-in then loads', () => {
    const store = storage();
    vi.stubGlobal('localStorage', store);
    rememberLandingRoute('/map');
    expect(store.items.get(LANDING_HINT_KEY)).toBe('UnitMap');
    expect(landingScreenOf(null, store.getItem(LANDING_HINT_KEY))).toBe('UnitMap');
    rememberLandingRoute('/unit/U1');
    expect(store.items.get(LANDING_HINT_KEY)).toBe('Unit');
  });

  it('keeps nothing for a path without a screen, and survives a storage that refuses', () => {
    const store = storage();
    vi.stubGlobal('localStorage', store);
    rememberLandingRoute('/no/such/page');
    expect(store.items.size).toBe(0);
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => rememberLandingRoute('/map')).not.toThrow();
  });
});
