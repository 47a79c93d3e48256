/**
 * The console's one QueryClient (queryClient.ts), made when first asked for. TanStack Query's core
 * (~8 kB gzip) is not part of the sign-in page (issue 15 item 6, docs/performance.md §7r): the
 * guard's loader asks for it before any page it lets through renders (router.tsx; GuardRoot
 * provides it to them), the sign-in page on submit hands it the signed-in user, and the sign-in
 * page's prefetch loads it while the user types (shellLoading.ts). Only the type is imported here.
 */
import type { QueryClient } from '@tanstack/react-query';
import { loadWithRetry } from './screenLoading.ts';

let loading: Promise<QueryClient> | undefined;
let made: QueryClient | undefined;

/** The client, its chunk loaded first (retried like a screen's); a load that fails for good is tried again by the next call. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= loadWithRetry(() => import('./queryClient.ts')).then(
    ({ createQueryClient }) => (made ??= createQueryClient()),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The client once loadQueryClient has made it, else undefined (nothing is cached yet then). */
export function loadedQueryClient(): QueryClient | undefined {
  return made;
}
