/**
 * @fastify/rate-limit with a counter in the store for the routes that must share it across
 * instances (issue 18: the /login limit per address and username), and the plugin's own in-memory
 * counter (LocalStore, unchanged) for every other route (the global per-IP limit stays per
 * instance: each front protects itself; a client spread over N fronts gets N × the limit, which
 * the generous global number tolerates).
 *
 * How: the plugin builds each route's counter with `store.child(route options)`. `RouteRateLimitStores`
 * is the global store: its child is the route's own `store` when the route names one (a route's
 * `rateLimit.store`, e.g. `storeRateLimit(...)`), else a LocalStore.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SignInLimitRepo } from '../auth/signInLimitRepo.ts';

type LocalStoreCtor = new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => FastifyRateLimitStore;
/** The plugin's in-memory store, exactly as the plugin uses it by default (not exported by its entry point). */
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as LocalStoreCtor;

interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  store?: FastifyRateLimitStoreCtor;
}

/** The global store: in memory, except for routes that bring their own (see above). */
export class RouteRateLimitStores implements FastifyRateLimitStore {
  private readonly local: FastifyRateLimitStore;

  constructor(options: FastifyRateLimitOptions) {
    const params = options as StoreParams;
    this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
  }

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
    this.local.incr(key, callback, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const params = routeOptions as unknown as StoreParams & FastifyRateLimitOptions;
    if (params.store !== undefined && params.store !== RouteRateLimitStores) return new params.store(params);
    return this.local.child(routeOptions);
  }
}

/**
 * A store class counting in the store's rate_limit_windows (shared by every instance on the
 * database): the same fixed window as the plugin's LocalStore (a window starts at the first hit
 * and lasts `timeWindow` ms; ttl = what is left of it), keyed by `scope` and the route's key.
 */
export function storeRateLimit(repo: SignInLimitRepo, scope: string, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  return class StoreRateLimit implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const at = now();
      repo.hit(scope, key, timeWindow, at).then(
        ({ hits, startedAt }) => callback(null, { current: hits, ttl: Math.max(0, startedAt + timeWindow - at) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
