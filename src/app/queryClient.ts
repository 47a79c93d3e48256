/**
 * The console's QueryClient: no retries on a 4xx (the server said no, asking again changes
 * nothing; a 401 already sent the user to sign in), two on network and server errors; no refetch
 * on window focus (the wall display never refocuses, spec 002 §7 has its own 5-minute poll).
 * A failed mutation shows the server's message as a toast unless the caller handles it.
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/http.ts';
import { showError } from '../components/toasts.ts';

const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.onError !== undefined) return; // the caller shows it in place
        if (isApiError(error) && error.status === 401) return; // the sign-in page says it
        showError(error);
      },
    }),
  });
}
