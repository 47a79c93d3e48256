import { describe, expect, it } from 'vitest';
import { ROUTES } from '../domain/roles/routes.ts';
import { SCREENS } from './screens.ts';

/**
 * Every route inside the shell opens a working screen (issue 14 "Done when": no "later release"
 * page is left). Top-level routes (sign-in notices, portals) have their own pages in router.tsx.
 */
describe('screens', () => {
  it('every shell route and system tab has a screen', () => {
    const withoutScreen = ROUTES.filter((route) => route.parent !== 'top' && !(route.name in SCREENS)).map((route) => `${route.name} ${route.path}`);
    expect(withoutScreen).toEqual([]);
  });

  it('names the shell routes and only them (router.tsx and landingPreload.ts rely on it without loading this map)', () => {
    const shellRoutes = ROUTES.filter((route) => route.parent !== 'top').map((route) => route.name);
    expect(Object.keys(SCREENS).sort()).toEqual([...shellRoutes].sort());
  });

  it('names no route that does not exist', () => {
    const names = new Set<string>(ROUTES.map((route) => route.name));
    expect(Object.keys(SCREENS).filter((name) => !names.has(name))).toEqual([]);
  });
});
